import type { Page } from "@playwright/test";
import { axeViolations } from "./support/page-checks";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { mailLink, signIn, signUp, uniqueEmail } from "./support/auth";
import {
  advisorPath,
  chooseFirstTime,
  chooseSession,
  payInTestCheckout,
  pickFirstTime,
} from "./support/booking";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";

/*
 * Booking and paying, each journey on its own freshly seeded app: the built-in test checkout
 * plays Razorpay's part (no keys are set in tests).
 */
const SEEKER = "aditya.verma@example.com"; // has never booked Kavya Rao or Sunita
const KAVYA = "Kavya Rao"; // ₹2,000 an hour: a First Call is ₹1,000 + ₹180 GST = ₹1,180
const SUNITA = "Sunita"; // pro bono

test.slow(); // each journey starts its own app and walks several pages

test("a seeker pays for a First Call, lands on the confirmation, and is then offered Follow up calls", async ({
  page,
}) => {
  await signIn(page, SEEKER);
  const profile = await advisorPath(page, KAVYA);
  await gotoHydrated(page, profile);
  // The card's "Starting @ ₹590" is a 15-minute follow-up's price: a newcomer is told theirs.
  const firstCall = page.locator("#booking [data-first-call]");
  await expect(firstCall).toContainText("First Call · 30 min · ₹1,180 (incl. GST)");
  await expect(firstCall).toContainText(
    "Follow-up calls after it are 15 or 30 minutes, from ₹590.",
  );
  const { booking } = await chooseSession(page, "Pay ₹1,180");
  await expect(booking.getByText("First Call", { exact: true })).toBeVisible();
  await expect(booking.getByRole("link", { name: "Advisor Agreement" })).toHaveAttribute(
    "href",
    "/advisor-agreement",
  );
  await expect(booking.getByRole("link", { name: "Code of Conduct" })).toHaveAttribute(
    "href",
    "/code-of-conduct",
  );
  expect(await axeViolations(page, "#booking")).toEqual([]);

  await booking.getByRole("button", { name: "Pay ₹1,180" }).click();
  const checkout = page.getByRole("dialog", { name: "Test checkout" });
  await checkout.getByRole("button", { name: "Pay ₹1,180" }).click();

  await expect(page).toHaveURL(/\/booking-confirmed\?payment_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
  await expect(page.getByTestId("price-total")).toHaveText("₹1,180");
  await expect(page.getByText("₹1,000")).toBeVisible();
  await expect(page.getByText("₹180", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Join Meeting" })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);

  // The same seeker's next booking with Kavya: Follow up calls only.
  await gotoHydrated(page, profile);
  await booking.locator("fieldset label").first().click();
  await booking.getByRole("button", { name: "Continue" }).click();
  const options = booking.getByRole("radio");
  await expect(options).toHaveCount(2);
  await expect(booking.getByText("Follow up call")).toHaveCount(2);
  await expect(booking.getByText("First Call")).toHaveCount(0);
  await expect(firstCall).toHaveCount(0);
});

test("a double click on Continue is one step: Back returns to the topics", async ({ page }) => {
  await gotoHydrated(page, await advisorPath(page, KAVYA));
  const booking = page.locator("#booking");
  await booking.locator("fieldset label").first().click();
  await expect(page).toHaveURL(/topics=0/); // the choice is in the URL before the double click
  await booking.getByRole("button", { name: "Continue" }).dblclick();
  await expect(booking.getByRole("radio").first()).toBeVisible();
  await page.goBack();
  await expect(
    booking.getByRole("group", { name: "What would you like to discuss?" }),
  ).toBeVisible();
});

test("a dismissed checkout says so and offers the time again", async ({ page }) => {
  await signIn(page, SEEKER);
  await gotoHydrated(page, await advisorPath(page, KAVYA));
  const { booking, label } = await chooseSession(page, "Pay ₹1,180");
  await booking.getByRole("button", { name: "Pay ₹1,180" }).click();
  const checkout = page.getByRole("dialog", { name: "Test checkout" });
  await checkout.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText(M.cancelledTitle)).toBeVisible();
  await expect(page.getByText(M.cancelled)).toBeVisible();

  await booking.getByRole("button", { name: "Back" }).click();
  const step = page.getByRole("region", { name: "Select Date & Time" });
  await expect(
    step.getByRole("group", { name: /Available times on/ }).getByRole("button", { name: label }),
  ).toBeEnabled();
});

test("a failed payment says so with the checkout's message and offers the time again", async ({
  page,
}) => {
  await signIn(page, SEEKER);
  await gotoHydrated(page, await advisorPath(page, KAVYA));
  const { booking, label } = await chooseSession(page, "Pay ₹1,180");
  await booking.getByRole("button", { name: "Pay ₹1,180" }).click();
  await page.getByRole("button", { name: "Simulate failure" }).click();
  await expect(page.getByText(M.paymentFailedTitle)).toBeVisible();
  await expect(page.getByText("The test checkout declined this payment.")).toBeVisible();

  await booking.getByRole("button", { name: "Back" }).click();
  const step = page.getByRole("region", { name: "Select Date & Time" });
  await expect(
    step.getByRole("group", { name: /Available times on/ }).getByRole("button", { name: label }),
  ).toBeEnabled();
});

test("leaving an open checkout by the browser's Back, or closing the tab, lets the time go at once", async ({
  page,
  context,
}) => {
  await signIn(page, SEEKER);
  await gotoHydrated(page, await advisorPath(page, KAVYA));
  const { booking, label } = await chooseSession(page, "Pay ₹1,180");
  const checkout = page.getByRole("dialog", { name: "Test checkout" });
  await booking.getByRole("button", { name: "Pay ₹1,180" }).click();
  await expect(checkout).toBeVisible();
  const summary = page.url();

  // Back to the date-time step: the checkout closes and the held time is offered again.
  await page.goBack();
  const step = page.getByRole("region", { name: "Select Date & Time" });
  await expect(
    step.getByRole("group", { name: /Available times on/ }).getByRole("button", { name: label }),
  ).toBeEnabled();
  await expect(checkout).toHaveCount(0);

  // The summary again, checkout opened, and the tab closed: another tab can book the time.
  await gotoHydrated(page, summary);
  await booking.getByRole("button", { name: "Pay ₹1,180" }).click();
  await expect(checkout).toBeVisible();
  await page.close({ runBeforeUnload: true });
  const other = await context.newPage();
  await expect(async () => {
    await gotoHydrated(other, summary);
    // A time no longer offered would send the summary back to the date-time step.
    await expect(other.locator("#booking").getByRole("button", { name: "Pay ₹1,180" })).toBeVisible(
      {
        timeout: 2_000,
      },
    );
  }).toPass({ timeout: 15_000 });
});

test("a time taken while the seeker reviews is refused on the date-time step, in the flow, not in a toast", async ({
  page,
  browser,
}) => {
  await signIn(page, SEEKER);
  await gotoHydrated(page, await advisorPath(page, KAVYA));
  const { booking, label } = await chooseSession(page, "Pay ₹1,180");
  const summary = page.url();

  // Someone new takes the same time first: opening the checkout holds it for them, so the
  // server no longer offers it.
  const other = await (await browser.newContext({ baseURL: new URL(summary).origin })).newPage();
  const email = uniqueEmail("rival");
  await signUp(other, { first: "Rhea", last: "Das", email, password: "long-enough-1" });
  await other.goto(await mailLink(other, email, "Confirm your e-mail"));
  await gotoHydrated(other, summary);
  await other.locator("#booking").getByRole("button", { name: "Pay ₹1,180" }).click();
  await expect(other.getByRole("dialog", { name: "Test checkout" })).toBeVisible();

  await booking.getByRole("button", { name: "Pay ₹1,180" }).click();
  const step = page.getByRole("region", { name: "Select Date & Time" });
  await expect(step).toBeVisible();
  await expect(booking.getByTestId("booking-notices")).toHaveText(M.timeNotOffered);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  // The refused time is no longer chosen; a step change takes the message away.
  await expect(step.getByRole("button", { name: label, pressed: true })).toHaveCount(0);
  await page.goBack();
  await expect(booking.getByTestId("booking-notices")).toHaveCount(0);
});

test("a pro bono session books at once and never mentions payment", async ({ page }) => {
  await signIn(page, SEEKER);
  await gotoHydrated(page, await advisorPath(page, SUNITA));
  const { booking } = await chooseSession(page, "Book Free Session");
  await expect(booking.getByText(/payment/i)).toHaveCount(0);
  await booking.getByRole("button", { name: "Book Free Session" }).click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
  await expect(page.getByText("Free Consultation")).toBeVisible();
});

test("a signed-out seeker's pending booking survives signing in", async ({ page }) => {
  const profile = await advisorPath(page, KAVYA);
  await gotoHydrated(page, profile);
  const { booking, label } = await chooseSession(page, "Pay ₹1,180");
  const topic = (await booking
    .getByText(/^Topics$/)
    .locator("..")
    .locator("dd")
    .textContent())!;
  await booking.getByRole("button", { name: "Pay ₹1,180" }).click();
  // The way back is the summary's own URL (ADR 72): every choice but the notes is in it.
  await expect(page).toHaveURL(/^[^?]*\/auth\?redirect=/);
  const back = new URL(page.url()).searchParams.get("redirect")!;
  expect(back).toMatch(new RegExp(`^${profile}\\?.*step=4`));

  await signIn(page, SEEKER, undefined, back);
  await expect(page).toHaveURL(back);
  await expect(booking.getByRole("heading", { name: "Review your booking" })).toBeVisible();
  await expect(booking.getByText(topic, { exact: true })).toBeVisible();
  await expect(booking.getByText(new RegExp(label))).not.toHaveCount(0);
  await payInTestCheckout(page, "Pay ₹1,180");
});

test("a discovery call: signed out, sign in, the summary is restored, booked", async ({ page }) => {
  await gotoHydrated(page, "/free-discovery-call");
  await chooseFirstTime(page);

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(M.adviceRequired)).toBeVisible();
  await page.getByLabel("What advice are you seeking?").fill("Should I move to Germany for work?");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Book Free Discovery Call" }).click();
  await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent("/free-discovery-call")}`);

  await signIn(page, SEEKER, undefined, "/free-discovery-call");
  await expect(page.getByRole("heading", { name: "Review your discovery call" })).toBeVisible();
  await expect(page.getByText("Should I move to Germany for work?")).toBeVisible();
  await page.getByRole("button", { name: "Book Free Discovery Call" }).click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
  await expect(page.getByText("Free Discovery Call").first()).toBeVisible();
  await expect(page.getByText("Free Consultation")).toBeVisible();
});

/*
 * Issue 22, point 1: the steps live in the URL (ADR 72). Reload, Back and Forward keep every
 * choice and move one step; a shared link opens the same step, without what no longer holds.
 */
const slotSummary = (page: Page) =>
  page.getByRole("region", { name: "Select Date & Time" }).getByTestId("slot-summary");

test("a reload at the date-time step keeps the step, the topics, the notes and the time", async ({
  page,
}) => {
  await gotoHydrated(page, await advisorPath(page, KAVYA));
  const booking = page.locator("#booking");
  const topics = booking.locator("fieldset label");
  const first = (await topics.nth(0).textContent())!;
  const second = (await topics.nth(2).textContent())!;
  await topics.nth(0).click();
  await topics.nth(2).click();
  const notes = "I am moving from Pune to Berlin in June.\nWhat should I ask my employer first?";
  await booking.getByLabel("Additional information (optional)").fill(notes);
  await booking.getByRole("button", { name: "Continue" }).click();
  await expect(booking.getByRole("radio").first()).toBeVisible(); // step 2 is on screen
  await booking.getByRole("button", { name: "Continue" }).click();
  const { step, label } = await pickFirstTime(page);
  await expect(page).toHaveURL(/[?&]time=/);

  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(step).toBeVisible();
  await expect(step.getByRole("button", { name: label, pressed: true })).toBeVisible();
  await expect(slotSummary(page)).toContainText(label);

  // Back moves one step each time, to the choices as they were.
  await page.goBack();
  await expect(booking.getByRole("radio", { checked: true })).toHaveCount(1);
  await page.goBack();
  await expect(booking.getByRole("checkbox", { name: first, checked: true })).toBeAttached();
  await expect(booking.getByRole("checkbox", { name: second, checked: true })).toBeAttached();
  await expect(booking.getByRole("checkbox", { checked: true })).toHaveCount(2);
  await expect(booking.getByLabel("Additional information (optional)")).toHaveValue(notes);
  // The notes never reach the URL.
  expect(page.url()).not.toContain("Berlin");
});

test("the browser's Back on the summary returns to the date-time step and Forward to the summary", async ({
  page,
}) => {
  const profile = await advisorPath(page, KAVYA);
  await gotoHydrated(page, profile);
  const { booking, label } = await chooseSession(page, "Pay ₹1,180");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${profile}\\?`));
  const step = page.getByRole("region", { name: "Select Date & Time" });
  await expect(step.getByRole("button", { name: label, pressed: true })).toBeVisible();
  await page.goForward();
  await expect(booking.getByRole("heading", { name: "Review your booking" })).toBeVisible();
  await expect(booking.getByText(new RegExp(label))).not.toHaveCount(0);
  // The summary's own Back goes one step too, and the browser's Forward returns again.
  await booking.getByRole("button", { name: "Back" }).click();
  await expect(step).toBeVisible();
  await page.goForward();
  await expect(booking.getByRole("heading", { name: "Review your booking" })).toBeVisible();
});

test("a shared link opens its step, and a time no longer offered returns to the date-time step with a message", async ({
  page,
}) => {
  const profile = await advisorPath(page, KAVYA);
  // A link to the summary: the first topic and one past the end, the First Call, and a time
  // one hour from now, which is never offered (bookings start 12 hours ahead at the earliest).
  const soon = new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 3_600_000).toISOString();
  const link = `${profile}?step=4&topics=0.999&option=First+Call-30&time=${soon}`;
  await gotoHydrated(page, link);
  const booking = page.locator("#booking");
  const notices = booking.getByTestId("booking-notices");
  await expect(notices).toContainText(M.timeNotOffered);
  await expect(notices).toContainText(M.linkTopicsDropped);
  await expect(page.getByRole("region", { name: "Select Date & Time" })).toBeVisible();
  await expect(page).not.toHaveURL(/time=/);
  await expect(page).toHaveURL(/topics=0(&|$)/);
  expect(await axeViolations(page, "#booking")).toEqual([]);

  // The same link with an offered time opens at the summary with its choices.
  await gotoHydrated(page, profile);
  const { label } = await chooseSession(page, "Pay ₹1,180");
  const shared = page.url();
  const other = await page.context().newPage();
  await gotoHydrated(other, shared);
  const summary = other.locator("#booking");
  await expect(summary.getByRole("heading", { name: "Review your booking" })).toBeVisible();
  await expect(summary.getByText(new RegExp(label))).not.toHaveCount(0);
  await expect(summary.getByTestId("booking-notices")).toHaveCount(0);
});
