import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADVISOR_CALENDAR_MESSAGES as M } from "../../core/messages/advisor-calendar";
import { startGoogleServer } from "../../server/calendar/google-server.test-support";
import { type AppProcess, freePort, startAppProcess } from "../support/app-process";
import { DEMO_ADVISOR, DEMO_PASSWORD, signIn } from "./support/auth";
import { advisorPath, chooseTopicAndOption } from "./support/booking";
import { chooseOpenDate, timesOn } from "./support/calendar";
import { gotoHydrated } from "./support/navigation";
import { axeViolations } from "./support/page-checks";

/*
 * An advisor's own Google Calendar (ADR 75) end to end: the demo advisor connects through the
 * local stand-in for Google (consent page, tokens, Calendar API, push notifications), an event
 * in that calendar takes its time out of the public slots, deleting it or disconnecting gives
 * it back, and a grant revoked at Google shows a warning with a way to reconnect. The journeys
 * build on each other (one advisor, one connection), so they run in order on one page.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const GOOGLE_ACCOUNT = "advisor.calendar@example.com";
/** The default Google account's primary calendar: its id is the account's address. */
const PRIMARY = GOOGLE_ACCOUNT;
const ZONE = "Asia/Kolkata";
const SHOTS = "/tmp/shots";
/** A push notification, the refresh it starts and the slot cache's invalidation. */
const PUSH_TIMEOUT = 20_000;

let google: Awaited<ReturnType<typeof startGoogleServer>>;
let app: AppProcess;
/** The advisor, signed in. */
let page: Page;
/** A visitor (signed out), who sees the public slots and the booking steps. */
let visitor: Page;
let advisorId = "";
/** An offered 30-minute slot about three days ahead, in ZONE. */
let slot: { date: string; start: string; label: string };
/** The id of the busy event the journeys put over the slot. */
let busyEvent = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  google = await startGoogleServer();
  const appPort = await freePort();
  app = await startAppProcess(
    {
      ...google.oauthEnv,
      GOOGLE_CALENDAR_PUSH_URL: `http://localhost:${appPort}/api/calendar/google/notifications`,
      // Every request comes from 127.0.0.1: per-client limits are not what this tests.
      RATE_LIMIT_SCALE: "100",
    },
    { port: appPort },
  );
  page = await newPage(browser);
  visitor = await newPage(browser);
  await signIn(page, DEMO_ADVISOR, DEMO_PASSWORD);
  advisorId = (await advisorPath(visitor, "Priya")).replace("/advisor/", "");
  slot = await slotAhead(3);
});

test.afterAll(async () => {
  await page?.context().close();
  await visitor?.context().close();
  await app?.stop();
  await google?.close();
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: app.url, timezoneId: ZONE });
  return context.newPage();
}

type Slots = { slots: { start: string; label: string }[] };

async function slotsOn(date: string): Promise<Slots["slots"]> {
  const response = await visitor.request.get(
    `/api/advisors/${advisorId}/slots?date=${date}&duration=30&tz=${encodeURIComponent(ZONE)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as Slots).slots;
}

/** Whether the public slots API offers the chosen slot now. */
async function slotOffered(): Promise<boolean> {
  return (await slotsOn(slot.date)).some((s) => s.start === slot.start);
}

/** A slot from the middle of the first date, `days` or more ahead, that offers several. */
async function slotAhead(days: number) {
  for (let ahead = days; ahead < days + 10; ahead++) {
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(
      new Date(Date.now() + ahead * 86_400_000),
    );
    const slots = await slotsOn(date);
    if (slots.length < 3) continue;
    const chosen = slots[Math.floor(slots.length / 2)]!;
    return { date, start: chosen.start, label: chosen.label };
  }
  throw new Error("Priya offers no date with three slots in the coming days");
}

/** A busy event in the primary calendar over the chosen slot (the fake tells our channel). */
function busyOverSlot() {
  const start = new Date(slot.start);
  return google.addBusy(PRIMARY, {
    start,
    end: new Date(start.getTime() + 30 * 60_000),
    summary: "Dentist",
  });
}

/** The availability page's Google Calendar card (named by its heading). */
const card = () => page.locator('[aria-labelledby="google-calendar-title"]');

/** The availability page's "Connect" (or "Reconnect"), then "Allow" on Google's consent page. */
async function connectThroughGoogle(button: string) {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google (test)" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${GOOGLE_ACCOUNT}`)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(`${app.url}/dashboard/availability`, { timeout: 20_000 });
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(page.getByText(M.connected, { exact: true })).toBeVisible();
  await expect(page.getByText(M.connectedAs(GOOGLE_ACCOUNT))).toBeVisible();
}

/** The booking step's times on the chosen slot's date, as a visitor sees the profile. */
async function bookingTimes() {
  await gotoHydrated(visitor, `/advisor/${advisorId}`);
  await chooseTopicAndOption(visitor);
  const step = visitor.getByRole("region", { name: "Select Date & Time" });
  await expect(step.getByLabel("Times shown in")).toHaveValue(ZONE);
  await chooseOpenDate(step, { accept: (date) => date === slot.date });
  const times = timesOn(step, slot.date);
  await expect(times.first()).toBeVisible();
  return times;
}

test("an advisor connects their Google Calendar; the primary calendar blocks their time", async () => {
  await gotoHydrated(page, "/dashboard/availability");
  await expect(page.getByRole("heading", { name: M.title })).toBeVisible();
  await connectThroughGoogle(M.connect);

  // What the app asked Google for: offline access with calendar scopes, consent every time.
  const asked = google.authorizations.at(-1)!;
  expect(asked.outcome).toBe("allowed");
  expect(asked.accessType).toBe("offline");
  expect(asked.scopes).toContain("https://www.googleapis.com/auth/calendar.freebusy");

  const busy = page.getByRole("group", { name: M.busyLegend });
  await expect(busy.getByRole("checkbox")).toHaveCount(3);
  await expect(busy.getByRole("checkbox", { name: "Test Advisor" })).toBeChecked();
  await expect(busy.getByRole("checkbox", { name: "Family" })).not.toBeChecked();
  await expect(page.getByLabel(M.eventLabel)).toHaveValue(PRIMARY);
  await expect(page.getByRole("button", { name: M.save })).toBeVisible();
  await expect(page.getByRole("button", { name: M.disconnect })).toBeVisible();

  // The first refresh watches the primary calendar; Google's "sync" message reaches us.
  await expect.poll(() => google.channels.filter((c) => !c.stopped).length).toBe(1);
  expect(google.channels[0]!.calendarId).toBe(PRIMARY);
  await expect.poll(() => google.notifications.find((n) => n.state === "sync")?.status).toBe(200);
  await expect(async () => {
    await gotoHydrated(page, "/dashboard/availability");
    await expect(card().getByText(/^Busy times last checked/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: PUSH_TIMEOUT });
});

test("the connected card fits a phone and a laptop and passes axe", async () => {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/dashboard/availability");
    await expect(page.getByText(M.connectedAs(GOOGLE_ACCOUNT))).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `page width at ${width} px`).toBe(width);
    expect(await axeViolations(page)).toEqual([]);
    await card().screenshot({ path: `${SHOTS}/google-calendar-card-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
});

test("a busy event in Google takes its slot away from seekers", async () => {
  expect(await slotOffered()).toBe(true);
  const offeredTimes = await bookingTimes();
  await expect(offeredTimes.getByText(slot.label, { exact: true })).toHaveCount(1);

  const notified = google.notifications.length;
  busyEvent = busyOverSlot();
  await expect.poll(slotOffered, { timeout: PUSH_TIMEOUT }).toBe(false);
  // It was Google's push that did it (an "exists" message our route accepted).
  expect(google.notifications.slice(notified).some((n) => n.state === "exists")).toBe(true);
  await google.flushNotifications();
  expect(google.notifications.every((n) => n.status === 200)).toBe(true);

  const times = await bookingTimes();
  await expect(times.getByText(slot.label, { exact: true })).toHaveCount(0);
});

test("deleting the event in Google gives the slot back", async () => {
  expect(google.removeBusy(PRIMARY, busyEvent)).toBe(true);
  await expect.poll(slotOffered, { timeout: PUSH_TIMEOUT }).toBe(true);
});

test("disconnecting gives the calendar's busy times back and revokes the grant", async () => {
  busyEvent = busyOverSlot();
  await expect.poll(slotOffered, { timeout: PUSH_TIMEOUT }).toBe(false);

  await gotoHydrated(page, "/dashboard/availability");
  await page.getByRole("button", { name: M.disconnect }).click();
  await expect(page.getByText(M.disconnected, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: M.connect })).toBeVisible();
  await expect(page.getByText(M.connectedAs(GOOGLE_ACCOUNT))).toHaveCount(0);

  expect(await slotOffered()).toBe(true);
  // Google is told after the answer, so the page never waits on it.
  await expect
    .poll(() => google.revocations)
    .toEqual([expect.objectContaining({ email: GOOGLE_ACCOUNT, by: "client" })]);
  expect(google.channels.every((c) => c.stopped)).toBe(true);
  google.removeBusy(PRIMARY, busyEvent);
});

test("a grant revoked at Google shows a warning and a way to reconnect", async () => {
  await gotoHydrated(page, "/dashboard/availability");
  await connectThroughGoogle(M.connect);
  await expect.poll(() => google.channels.filter((c) => !c.stopped).length).toBe(1);

  expect(google.revokeGrant(GOOGLE_ACCOUNT)).toBeGreaterThan(0);
  // A change in the watched calendar makes the app ask Google again, which refuses.
  busyEvent = busyOverSlot();

  const warning = page.getByRole("alert").filter({ hasText: M.revoked });
  await expect(async () => {
    await gotoHydrated(page, "/dashboard");
    await expect(warning).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: PUSH_TIMEOUT });
  await expect(warning).toContainText(M.revokedDetail);
  await page.getByRole("link", { name: M.manage }).click();

  await expect(page).toHaveURL(`${app.url}/dashboard/availability`);
  await expect(warning).toBeVisible();
  // The event was made after the grant was revoked: the app could not see it.
  expect(await slotOffered()).toBe(true);

  await connectThroughGoogle(M.reconnect);
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole("button", { name: M.reconnect })).toHaveCount(0);
  // Reconnected, the calendar is read again: the event is there and takes the slot.
  await expect.poll(slotOffered, { timeout: PUSH_TIMEOUT }).toBe(false);
});
