import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { SESSION_MESSAGES as M } from "../../core/messages/sessions";
import { signIn } from "./support/auth";
import {
  advisorPath,
  chooseFirstTime,
  chooseTopicAndOption,
  payInTestCheckout,
} from "./support/booking";
import { chooseOpenDate, dateIn, timesOn } from "./support/calendar";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";
import { axeViolations } from "./support/page-checks";

/*
 * "Add to calendar" (issue 22): after paying, the confirmation page and the session details
 * offer the .ics (the e-mailed invitation's UID and SEQUENCE), Google Calendar and Outlook;
 * after a reschedule the .ics has the new time and the next SEQUENCE. Issue 36: each party's
 * copy (the download and the e-mailed one alike) names the other party without their address.
 */
const SEEKER = "aditya.verma@example.com"; // has never booked Kavya Rao
const KAVYA = "Kavya Rao";
const KAVYA_EMAIL = "kavya.rao@example.com";

/** An .ics as its lines (folded ones joined), CRLF or LF alike. */
const icsLines = (ics: string) =>
  ics.replace(/\r\n/g, "\n").replace(/\n /g, "").split("\n").filter(Boolean);

/** The lines but DTSTAMP (when the copy was written): all a later copy may change. */
const unstamped = (ics: string) => icsLines(ics).filter((line) => !line.startsWith("DTSTAMP:"));

/** The .ics attached to the outbox's booking confirmation to `to`. */
async function mailedInvitation(page: Page, to: string) {
  await gotoHydrated(page, "/dev/outbox");
  const mail = page
    .getByRole("listitem")
    .filter({ hasText: "Booking confirmed" })
    .filter({ hasText: `To ${to}` });
  await expect(mail).toHaveCount(1);
  await mail.getByText("Attachment: session.ics").click();
  return (await mail.locator('pre[data-filename="session.ics"]').textContent())!;
}

test.slow(); // its own app, a booking, a reschedule

/** 2026-03-14T04:00:00.000Z → 20260314T040000Z */
const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Downloads the .ics behind the group's "Download .ics" and returns its text. */
async function downloadIcs(page: Page, group: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    group.getByRole("link", { name: M.downloadIcs }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^beenthere-session-\d{4}-\d{2}-\d{2}\.ics$/);
  return readFileSync((await download.path())!, "utf8");
}

/** The three options, each link where it should lead; Google's and Outlook's in a new tab. */
async function expectCalendarOptions(group: Locator, bookingId: string, start: string) {
  await expect(group).toBeVisible();
  await expect(group.getByRole("link", { name: M.downloadIcs })).toHaveAttribute(
    "href",
    `/sessions/${bookingId}/calendar.ics`,
  );
  const google = group.getByRole("link", { name: `${M.addToGoogle} ${M.opensInNewTab}` });
  const outlook = group.getByRole("link", { name: `${M.addToOutlook} ${M.opensInNewTab}` });
  for (const link of [google, outlook]) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  const googleUrl = new URL((await google.getAttribute("href"))!);
  expect(googleUrl.origin + googleUrl.pathname).toBe("https://calendar.google.com/calendar/render");
  expect(googleUrl.searchParams.get("action")).toBe("TEMPLATE");
  expect(googleUrl.searchParams.get("dates")).toMatch(new RegExp(`^${compact(start)}/`));
  expect(googleUrl.searchParams.get("text")).toContain(KAVYA);
  const outlookUrl = new URL((await outlook.getAttribute("href"))!);
  expect(outlookUrl.origin + outlookUrl.pathname).toBe(
    "https://outlook.live.com/calendar/0/deeplink/compose",
  );
  expect(outlookUrl.searchParams.get("startdt")).toBe(start.replace(/\.\d{3}/, ""));
  return { google: googleUrl.href, outlook: outlookUrl.href };
}

test("a seeker adds a booked session to a calendar from the confirmation and the session details, and again after a reschedule", async ({
  page,
}) => {
  await signIn(page, SEEKER);
  await gotoHydrated(page, await advisorPath(page, KAVYA));
  await chooseTopicAndOption(page);
  await chooseFirstTime(page);
  await payInTestCheckout(page, "Pay ₹1,180");
  const bookingId = (await page
    .getByText("Booking ID", { exact: true })
    .locator("..")
    .locator("dd")
    .textContent())!.trim();

  // The session's start as the dashboard lists it (ISO, UTC).
  const dashboard = await page.context().newPage();
  await gotoHydrated(dashboard, "/dashboard");
  const row = dashboard.getByTestId("session-row").filter({ hasText: KAVYA });
  const start = (await row.getAttribute("data-start"))!;

  // On the confirmation page.
  const confirmed = page.getByRole("group", { name: M.addToCalendar });
  const links = await expectCalendarOptions(confirmed, bookingId, start);
  expect(await axeViolations(page)).toEqual([]);
  const ics = await downloadIcs(page, confirmed);
  expect(ics).toContain(`UID:booking-${bookingId}@beenthere\r\n`);
  expect(ics).toContain("SEQUENCE:0\r\n");
  expect(ics).toContain(`DTSTART:${compact(start)}\r\n`);

  // The seeker's copy: organised by the platform, the seeker its one attendee, the advisor
  // named in the text and nowhere by address.
  const lines = icsLines(ics);
  expect(lines.filter((l) => l.startsWith("ORGANIZER"))).toEqual([
    'ORGANIZER;CN="BeenThere":mailto:no-reply@beenthere.example',
  ]);
  expect(lines.filter((l) => l.startsWith("ATTENDEE"))).toEqual([
    `ATTENDEE;CN="Aditya Verma";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${SEEKER}`,
  ]);
  expect(lines).toContain(`SUMMARY:BeenThere First Call: Aditya Verma with ${KAVYA}`);
  expect(ics).not.toContain(KAVYA_EMAIL);
  // The e-mailed copy is the same file but for when it was written.
  const outbox = await page.context().newPage();
  const mailed = await mailedInvitation(outbox, SEEKER);
  expect(unstamped(mailed)).toEqual(unstamped(ics));
  // And the advisor's copy is hers: the seeker by name only.
  const advisorCopy = await mailedInvitation(outbox, KAVYA_EMAIL);
  expect(advisorCopy).not.toContain(SEEKER);
  expect(icsLines(advisorCopy).filter((l) => l.startsWith("ATTENDEE"))).toEqual([
    `ATTENDEE;CN="${KAVYA}";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${KAVYA_EMAIL}`,
  ]);
  expect(icsLines(advisorCopy)).toContain(
    `SUMMARY:BeenThere First Call: Aditya Verma with ${KAVYA}`,
  );
  // The local outbox shows the attachment without pushing the page sideways.
  for (const width of [1280, 375]) {
    await outbox.setViewportSize({ width, height: 900 });
    expect(await outbox.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await outbox.screenshot({ path: test.info().outputPath(`outbox-${width}.png`) });
  }
  await outbox.close();

  // In the session details: the same three, the same event.
  await row.getByRole("button", { name: "View Details" }).click();
  const details = dashboard.getByRole("dialog", { name: "Session Details" });
  const inDetails = details.getByRole("group", { name: M.addToCalendar });
  expect(await expectCalendarOptions(inDetails, bookingId, start)).toEqual(links);
  expect(await axeViolations(dashboard, '[role="dialog"]')).toEqual([]);
  expect(await downloadIcs(dashboard, inDetails)).toContain(`UID:booking-${bookingId}@beenthere`);
  await details.getByRole("button", { name: "Close" }).first().click();

  // Rescheduled to another date: the download has the new time and the next SEQUENCE.
  await row.getByRole("button", { name: "Reschedule" }).click();
  const reschedule = dashboard.getByRole("dialog", { name: "Reschedule Session" });
  const zone = await reschedule.getByLabel("Times shown in").inputValue();
  const ownDate = dateIn(new Date(start), zone);
  const newDate = await chooseOpenDate(reschedule, { accept: (date) => date !== ownDate });
  await timesOn(reschedule, newDate).first().click();
  // One confirmation (issue 36): the dialog's own button moves the session.
  await reschedule.getByRole("button", { name: "Confirm Reschedule" }).click();
  await expect(dashboard.getByText("Session Rescheduled", { exact: true })).toBeVisible();
  await expect(row).not.toHaveAttribute("data-start", start);
  const moved = (await row.getAttribute("data-start"))!;
  await row.getByRole("button", { name: "View Details" }).click();
  const movedIcs = await downloadIcs(dashboard, inDetails);
  expect(movedIcs).toContain(`UID:booking-${bookingId}@beenthere\r\n`);
  expect(movedIcs).toContain("SEQUENCE:1\r\n");
  expect(movedIcs).toContain(`DTSTART:${compact(moved)}\r\n`);
  await expectCalendarOptions(inDetails, bookingId, moved);
});
