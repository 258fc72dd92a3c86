import { expect, type Page } from "@playwright/test";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { chooseOpenDate, dateIn } from "./calendar";

/*
 * The booking flow's steps on an advisor's profile, as the journeys walk them (ADR 72: the
 * steps live in the URL, so each waits for the next step before going on).
 */

/** The profile path of the demo advisor whose name starts with `name`. */
export async function advisorPath(page: Page, name: string) {
  const response = await page.request.get(`/api/advisors?search=${encodeURIComponent(name)}`);
  const { advisors } = (await response.json()) as {
    advisors: { id: string; firstName: string; lastName: string }[];
  };
  const advisor = advisors.find((a) => `${a.firstName} ${a.lastName}`.startsWith(name));
  expect(advisor, `${name} is in the demo data`).toBeDefined();
  return `/advisor/${advisor!.id}`;
}

/**
 * Steps 1 and 2 on a profile: the first topic, then the session option offered first. A
 * person with one option (a first session's First Call) skips step 2 (issue 36).
 */
export async function chooseTopicAndOption(page: Page) {
  const booking = page.locator("#booking");
  await booking.locator("fieldset label").first().click();
  await booking.getByRole("button", { name: "Continue" }).click();
  const options = booking.getByRole("radio").first();
  const dateTime = page.getByRole("region", { name: "Select Date & Time" });
  await expect(options.or(dateTime)).toBeVisible();
  if (await options.isVisible()) await booking.getByRole("button", { name: "Continue" }).click();
  await expect(dateTime).toBeVisible();
  return booking;
}

/** "YYYY-MM-DD" `days` after today in `zone`. */
function daysAhead(zone: string, days: number): string {
  return dateIn(new Date(Date.now() + days * 86_400_000), zone);
}

/**
 * At the date-time step: the first time offered on the first open date two days or more ahead
 * (so every time on it is 24 hours or more away: refundable, no acknowledgement asked); the
 * step and the time's label.
 */
export async function pickFirstTime(page: Page) {
  const step = page.getByRole("region", { name: "Select Date & Time" });
  const zoneSelect = step.getByLabel("Times shown in");
  await expect(zoneSelect).not.toHaveValue("");
  const zone = await zoneSelect.inputValue();
  const earliest = daysAhead(zone, 2);
  await chooseOpenDate(step, { accept: (date) => date >= earliest });
  const slot = step
    .getByRole("group", { name: /Available times on/ })
    .getByRole("button")
    .first();
  const label = (await slot.textContent()) ?? "";
  await slot.click();
  return { step, label };
}

/** Step 3: the first time offered on the nth open date, then Continue; the time's label. */
export async function chooseFirstTime(page: Page) {
  const { step, label } = await pickFirstTime(page);
  await step.getByRole("button", { name: /^Continue/ }).click();
  return label;
}

/**
 * Steps 1-3 on a profile: Continue without a topic is refused, then a topic, the first
 * session option and the first offered time, up to the summary's pay button.
 */
export async function chooseSession(page: Page, payLabel: RegExp | string) {
  const booking = page.locator("#booking");
  await booking.getByRole("button", { name: "Continue" }).click();
  await expect(booking.getByText(M.topicsRequired)).toBeVisible();
  await chooseTopicAndOption(page);
  const label = await chooseFirstTime(page);
  await expect(booking.getByRole("button", { name: payLabel })).toBeVisible();
  return { booking, label };
}

/** The summary's pay button, then the test checkout's (Razorpay's stand-in): confirmed. */
export async function payInTestCheckout(page: Page, payLabel: string) {
  await page.locator("#booking").getByRole("button", { name: payLabel }).click();
  await page
    .getByRole("dialog", { name: "Test checkout" })
    .getByRole("button", { name: payLabel })
    .click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
}
