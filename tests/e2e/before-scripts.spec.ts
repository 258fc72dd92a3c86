import { type Browser, expect, type Page, type Route, test } from "@playwright/test";
import { DISCOVERY_MINUTES } from "../../core/booking-limits";
import { AUTH_MESSAGES } from "../../core/messages/auth";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { DEMO_PASSWORD, mailLink, uniqueEmail } from "./support/auth";
import { advisorPath } from "./support/booking";

/*
 * Issue 36: every step of booking, search and sign-in works as plain HTML before the page's
 * scripts have run (ADR 85). Each journey but the last runs with JavaScript turned off; the
 * last taps before hydration with the scripts held back.
 */

const KAVYA = "Kavya Rao"; // a visitor's only option with her is a First Call: no session step
const NIHARIKA = "Niharika"; // the demo seeker below has booked her: Follow up calls to choose
const RETURNING_SEEKER = "sana.sheikh@example.com";

async function withoutScripts(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  return { context, page: await context.newPage() };
}

/** The server's render at a URL: the booking step it names (ADR 72's parameters). */
function params(page: Page) {
  return new URL(page.url()).searchParams;
}

/** The plain date-time step: the first open date's link, then its first time; the time. */
async function chooseDateAndTime(page: Page, payLabel: RegExp) {
  const booking = page.locator("#booking");
  const step = page.getByRole("region", { name: "Select Date & Time" });
  await expect(step.getByLabel("Times shown in")).toHaveValue("Asia/Kolkata");
  const dates = step.getByRole("navigation", { name: "Dates with open times" }).getByRole("link");
  // The third open date or the last: far enough ahead that no acknowledgement is asked.
  const count = await dates.count();
  expect(count).toBeGreaterThan(0);
  await dates.nth(Math.min(2, count - 1)).click();
  expect(params(page).get("step")).toBe("3");
  const date = params(page).get("date")!;
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(new URL(page.url()).hash).toBe("#booking");
  const times = step.getByRole("group", { name: /^Available times on / }).getByRole("radio");
  await times.first().check();
  const time = await times.first().getAttribute("value");
  await step.getByRole("button", { name: /^Continue/ }).click();
  expect(params(page).get("step")).toBe("4");
  expect(params(page).get("time")).toBe(time);
  await expect(booking.getByRole("heading", { name: "Review your booking" })).toBeVisible();
  await expect(booking.getByRole("button", { name: payLabel })).toBeDisabled();
  await expect(booking.getByText(M.payNeedsScripts)).toBeVisible();
  return { date, time: time! };
}

test("without scripts a visitor books as far as the summary, every step from the server", async ({
  browser,
}) => {
  const { context, page } = await withoutScripts(browser);
  const profile = await advisorPath(page, KAVYA);
  await page.goto(profile);
  const booking = page.locator("#booking");
  await expect(booking).toContainText(
    `Our team can help you plan your questions in a free ${DISCOVERY_MINUTES}-minute call.`,
  );

  // Continue without a topic: the same step again, saying why.
  await booking.getByRole("button", { name: "Continue" }).click();
  await expect(booking.getByText(M.topicsRequired)).toBeVisible();
  await expect(booking.getByRole("checkbox").first()).not.toBeChecked();

  // The chip shows the choice without scripts: the stylesheet draws it from the box.
  const chip = booking.locator("fieldset label").nth(1);
  await expect(chip.locator("svg")).toBeHidden();
  await chip.click();
  await expect(chip.locator("svg")).toBeVisible();
  await expect(booking.locator("fieldset label").first().locator("svg")).toBeHidden();
  await booking.getByLabel("Additional information (optional)").fill("Moving in March");
  await booking.getByRole("button", { name: "Continue" }).click();
  // One option (a First Call): straight on to the date and time, the topic kept.
  expect(params(page).getAll("topics")).toEqual(["1"]);
  expect(params(page).get("step")).toBe("3");
  expect(params(page).get("option")).toBe("First Call-30");
  await chooseDateAndTime(page, /^Pay ₹1,180$/);
  await expect(booking).toContainText("Moving in March");

  // Back from the summary: the date-time step with the date kept.
  await booking.getByRole("button", { name: "Back" }).click();
  expect(params(page).get("step")).toBe("3");
  await expect(
    page.getByRole("navigation", { name: "Dates with open times" }).locator("[aria-current]"),
  ).toHaveCount(1);
  await context.close();
});

test("without scripts a returning seeker signs in, chooses a session, a date and a time", async ({
  browser,
}) => {
  const { context, page } = await withoutScripts(browser);
  const profile = await advisorPath(page, NIHARIKA);
  await page.goto(`/auth?redirect=${encodeURIComponent(profile)}`);
  const signIn = page.getByRole("tabpanel", { name: "Sign In" });
  await signIn.getByLabel("Email").fill(RETURNING_SEEKER);
  await signIn.getByLabel("Password").fill(DEMO_PASSWORD);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(profile);

  const booking = page.locator("#booking");
  await booking.locator("fieldset label").first().click();
  await booking.getByRole("button", { name: "Continue" }).click();
  expect(params(page).get("step")).toBe("2");
  expect(params(page).getAll("topics")).toEqual(["0"]);
  const options = booking.getByRole("radio");
  await expect(options).toHaveCount(2);
  await expect(options.first()).toBeChecked();
  // The chosen card is drawn from its radio, so the choice shows without scripts.
  const card = (i: number) => booking.locator('label:has(input[type="radio"])').nth(i);
  const look = (i: number) => card(i).evaluate((el) => getComputedStyle(el).borderColor);
  const [chosen, other] = [await look(0), await look(1)];
  expect(chosen).not.toBe(other);
  await options.nth(1).check();
  expect(await look(1)).toBe(chosen);
  expect(await look(0)).toBe(other);
  await booking.getByRole("button", { name: "Continue" }).click();
  expect(params(page).get("step")).toBe("3");
  expect(params(page).get("option")).toMatch(/^Follow up call-30$/);
  await chooseDateAndTime(page, /^Pay ₹/);
  await expect(booking).toContainText("Follow up call");
  await context.close();
});

test("without scripts the landing page's and the listing's search boxes search", async ({
  browser,
}) => {
  const { context, page } = await withoutScripts(browser);
  await page.goto("/");
  await page
    .getByRole("combobox", { name: "What advice are you seeking?" })
    .fill("Moving to Dubai");
  await page.getByRole("button", { name: "Find Advisors" }).click();
  await expect(page).toHaveURL(/\/advisors\?search=Moving\+to\+Dubai$/);
  await expect(page.getByRole("link", { name: /^View Profile of / }).first()).toBeVisible();

  const box = page.getByRole("combobox", { name: "Search advisors" });
  await expect(box).toHaveValue("Moving to Dubai");
  await box.fill("Goldman Sachs");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/advisors\?search=Goldman\+Sachs$/);
  await expect(page.getByRole("link", { name: /^View Profile of / }).first()).toBeVisible();

  // The listing's pages are links.
  await page.goto("/advisors");
  const next = page.getByRole("link", { name: /next/i });
  if ((await next.count()) > 0) {
    await next.first().click();
    await expect(page).toHaveURL(/[?&]page=2/);
  }
  await context.close();
});

test("without scripts a person signs up, confirms, and signs in, a wrong password said in words", async ({
  browser,
}) => {
  const { context, page } = await withoutScripts(browser);
  const email = uniqueEmail("plain");
  await page.goto("/auth?tab=signin");
  // The tabs are links: Sign Up from Sign In.
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  const signUp = page.getByRole("tabpanel", { name: "Sign Up" });
  await signUp.getByLabel("First Name").fill("Plain");
  await signUp.getByLabel("Last Name").fill("Form");
  await signUp.getByLabel("Email").fill(email);
  await signUp.getByLabel("Password").fill("long-enough-1");
  await signUp.getByRole("button", { name: "Sign Up" }).click();
  // The server's answer, on the Sign In tab as the hydrated page would show it.
  const signIn = page.getByRole("tabpanel", { name: "Sign In" });
  await expect(signIn).toContainText(AUTH_MESSAGES.signUpSuccess);

  // Confirming signs them in; out again to try the password.
  await page.goto(await mailLink(page, email, "Confirm your e-mail"));
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.clearCookies();

  await page.goto("/auth?tab=signin");
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill("not-the-password");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(signIn.getByRole("alert")).toContainText(AUTH_MESSAGES.loginFailed);
  await expect(signIn.getByLabel("Email")).toHaveValue(email);

  await signIn.getByLabel("Password").fill("long-enough-1");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Plain");
  await context.close();
});

test("a topic ticked and Continue tapped before hydration opens the next step, topic kept, at the panel", async ({
  browser,
}) => {
  // A phone: the booking panel sits below the whole profile.
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const profile = await advisorPath(page, KAVYA);
  // The reported phone: 400 kbps with 400 ms latency and a CPU four times slower (Chromium's
  // own throttling) ...
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  // ... and, so the taps surely come first, the page's scripts wait until they are done.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  // Neither "load" nor (module scripts being deferred) perhaps DOMContentLoaded comes while held.
  await page.goto(profile, { waitUntil: "commit" });
  const booking = page.locator("#booking");
  await expect(booking.getByRole("button", { name: "Continue" })).toBeVisible();
  await booking.scrollIntoViewIfNeeded();
  await booking.locator("fieldset label").first().click();
  // The tap answers at once: the chip shows as chosen with the scripts still held.
  await expect(booking.locator("fieldset label").first().locator("svg")).toBeVisible();
  await booking.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/step=3/);
  expect(params(page).getAll("topics")).toEqual(["0"]);
  expect(params(page).has("additionalInfo")).toBe(true);
  // The server's render of the next step, scrolled to the panel, not the page's top.
  const step = page.getByRole("region", { name: "Select Date & Time" });
  await expect(step).toBeVisible();
  await expect(step.getByRole("heading", { name: "Select Date & Time" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // Now the scripts: the page hydrates on the same step and tidies its URL (no notes in it).
  holding = false;
  for (const route of held.splice(0)) await route.continue().catch(() => {});
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 60_000 });
  // The notes leave the address once the flow has taken them (an effect after hydration).
  await expect.poll(() => params(page).has("additionalInfo")).toBe(false);
  expect(params(page).getAll("topics")).toEqual(["0"]);
  await expect(step.getByLabel("Times shown in")).toBeVisible({ timeout: 30_000 });
  // Back to the topics: the one ticked before hydration is still ticked.
  await step.getByRole("button", { name: "Back" }).click();
  await expect(booking.getByRole("checkbox").first()).toBeChecked();
  await context.close();
});

test("without scripts a seeker books a free discovery call, signing in on the way, an empty question refused", async ({
  browser,
}) => {
  const { context, page } = await withoutScripts(browser);
  await page.goto("/free-discovery-call");

  // The team's open dates, from the server, as links.
  const step = page.getByRole("region", { name: "Select Date & Time" });
  await expect(step.getByLabel("Times shown in")).toHaveValue("Asia/Kolkata");
  const dates = step.getByRole("navigation", { name: "Dates with open times" }).getByRole("link");
  const count = await dates.count();
  expect(count).toBeGreaterThan(0);
  // Far enough ahead that no other journey takes the same time.
  await dates.nth(Math.min(3, count - 1)).click();
  const date = params(page).get("date")!;
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(params(page).has("step")).toBe(false);
  const times = step.getByRole("group", { name: /^Available times on / }).getByRole("radio");
  await times.last().check();
  const time = (await times.last().getAttribute("value"))!;
  await step.getByRole("button", { name: "Continue" }).click();
  expect(params(page).get("step")).toBe("2");
  expect(params(page).get("time")).toBe(time);
  const stepUrl = page.url().replace(/#.*$/, "");

  // Signed out, Book asks to sign in first and comes back to this step, the time kept.
  const booking = page.locator("#booking");
  const question = booking.getByLabel("What advice are you seeking?");
  await question.fill("Should I move to Germany for work?");
  await booking.getByRole("button", { name: "Book Free Discovery Call" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  const back = new URL(page.url()).searchParams.get("redirect")!;
  expect(new URL(back, page.url()).href).toBe(stepUrl);
  expect(page.url()).not.toContain("Germany");
  const signIn = page.getByRole("tabpanel", { name: "Sign In" });
  await signIn.getByLabel("Email").fill(RETURNING_SEEKER);
  await signIn.getByLabel("Password").fill(DEMO_PASSWORD);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(stepUrl);

  // The question and the booking in one form; an empty question is refused beside its field.
  await expect(booking.getByRole("heading", { name: "Review your discovery call" })).toBeVisible();
  await expect(question).toHaveValue("");
  await booking.getByRole("button", { name: "Book Free Discovery Call" }).click();
  await expect(question).toHaveAccessibleDescription(new RegExp(escape(M.adviceRequired)));
  // The choices are kept: the same step, the same time.
  expect(params(page).get("step")).toBe("2");
  expect(params(page).get("time")).toBe(time);
  await expect(booking.locator('form[method="post"] input[name="time"]')).toHaveValue(time);
  await expect(booking.getByTestId("booking-terms")).toHaveAttribute("data-terms", "free");

  // Never in a URL: the question travels in the POST.
  await question.fill("Should I move to Germany for work?");
  await booking.getByRole("button", { name: "Book Free Discovery Call" }).click();
  await expect(page).toHaveURL(/\/booking-confirmed\?payment_id=/);
  expect(page.url()).not.toContain("Germany");
  await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
  await expect(page.getByText("Free Discovery Call").first()).toBeVisible();
  await context.close();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
