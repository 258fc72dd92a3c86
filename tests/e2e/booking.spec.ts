import type { Page } from "@playwright/test";
import { axeViolations, brokenWords } from "./support/page-checks";
import { formatSessionTime } from "../../core/format";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { formatSlotLabel } from "../../core/slots";
import { mailLink, signIn, signUp, uniqueEmail } from "./support/auth";
import {
  advisorPath,
  chooseFirstTime,
  chooseSession,
  chooseTopicAndOption,
  payInTestCheckout,
  pickFirstTime,
} from "./support/booking";
import { chooseOpenDate, dateIn, timesOn } from "./support/calendar";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated, pageIdle } from "./support/navigation";

/*
 * Booking and paying, each journey on its own freshly seeded app: the built-in test checkout
 * plays Razorpay's part (no keys are set in tests).
 */
const SEEKER = "aditya.verma@example.com"; // has never booked Kavya Rao or Sunita
const KAVYA = "Kavya Rao"; // ₹2,000 an hour: a First Call is ₹1,000 + ₹180 GST = ₹1,180
const SUNITA = "Sunita"; // pro bono
const HOUR = 3_600_000;

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
  // Days ahead: the refund rule with its moments in the seeker's zone and the rupees.
  const chosen = new URL(page.url()).searchParams;
  const start = Date.parse(chosen.get("time")!);
  const zone = chosen.get("tz")!;
  const terms = booking.getByTestId("booking-terms");
  await expect(terms).toHaveAttribute("data-terms", "refundable");
  await expect(terms.getByRole("listitem")).toHaveText([
    `Full refund of ₹1,180 if you cancel by ${formatSessionTime(new Date(start - 24 * HOUR), zone)}, 24 hours before the start.`,
    "No refund if you cancel after that.",
    `You can reschedule or cancel until ${formatSessionTime(new Date(start - 12 * HOUR), zone)}, 12 hours before the start; no changes are possible after that.`,
  ]);
  await expect(booking.getByRole("checkbox")).toHaveCount(0);
  // A seeker accepts the seekers' terms, not the advisors' agreement.
  await expect(booking.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute(
    "href",
    "/terms",
  );
  await expect(booking.getByRole("link", { name: "Advisor Agreement" })).toHaveCount(0);
  await expect(
    booking.getByRole("link", { name: "Cancellation & Refunds policy" }),
  ).toHaveAttribute("href", "/cancellation-refunds");
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
  // A newcomer's only option, the First Call, needs no step of its own (issue 36).
  await expect(page.getByRole("region", { name: "Select Date & Time" })).toBeVisible();
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
  // On a phone its terms stay whole beside a long description (not "Fo / r").
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(checkout.getByText("For", { exact: true })).toBeVisible();
  expect(await brokenWords(page)).toEqual([]);
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
  // What applies instead: no money, and until when it can be moved.
  const start = Date.parse(new URL(page.url()).searchParams.get("time")!);
  const zone = new URL(page.url()).searchParams.get("tz")!;
  const terms = booking.getByTestId("booking-terms");
  await expect(terms).toHaveAttribute("data-terms", "free");
  await expect(terms.getByRole("listitem")).toHaveText([
    "This session is free: there is nothing to pay and nothing to refund.",
    `You can reschedule or cancel until ${formatSessionTime(new Date(start - 12 * HOUR), zone)}, 12 hours before the start; no changes are possible after that.`,
  ]);
  await expect(booking.getByRole("checkbox")).toHaveCount(0);
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
  // Free: no money, and until when it can be moved (issue 36).
  const terms = page.getByTestId("booking-terms");
  await expect(terms).toHaveAttribute("data-terms", "free");
  await expect(terms.getByRole("listitem").first()).toHaveText(
    "This session is free: there is nothing to pay and nothing to refund.",
  );
  await expect(terms.getByRole("listitem").nth(1)).toHaveText(
    /^You can reschedule or cancel until \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (AM|PM) \([\w/]+\), 12 hours before the start; no changes are possible after that\.$/,
  );
  expect(await axeViolations(page)).toEqual([]);
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
  // A newcomer's only option, the First Call, is taken: on to the date and time.
  await booking.getByRole("button", { name: "Continue" }).click();
  const { step, label } = await pickFirstTime(page);
  await expect(page).toHaveURL(/[?&]time=/);

  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(step).toBeVisible();
  await expect(step.getByRole("button", { name: label, pressed: true })).toBeVisible();
  await expect(slotSummary(page)).toContainText(label);

  // Back moves one step, to the choices as they were.
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

/*
 * Issue 36, points 2 and 4: no step with a single choice, and the terms before the money.
 */
test("a first-time seeker skips the one-option session step; Back returns to the topics and stays there; the summary names the First Call", async ({
  page,
}) => {
  await signIn(page, SEEKER);
  await gotoHydrated(page, await advisorPath(page, KAVYA));
  const booking = page.locator("#booking");
  const steps = booking.getByRole("list", { name: "Booking steps" }).getByRole("listitem");
  await expect(steps).toHaveText(["Step 1: Topics", "Step 2: Date & time", "Step 3: Summary"]);
  await booking.locator("fieldset label").first().click();
  await booking.getByRole("button", { name: "Continue" }).click();
  const dateTime = page.getByRole("region", { name: "Select Date & Time" });
  await expect(dateTime).toBeVisible();
  await expect(booking.getByRole("radio")).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]step=3(&|$)/);
  await expect(page).toHaveURL(/[?&]option=First\+Call-30(&|$)/);
  await expect(booking.locator("li[aria-current=step]")).toHaveText("Step 2: Date & time");

  // The step's own Back: to the topics, and no bounce forward to the date and time.
  await dateTime.getByRole("button", { name: "Back" }).click();
  const topics = booking.getByRole("group", { name: "What would you like to discuss?" });
  await expect(topics).toBeVisible();
  // A bounce would be the flow's own navigation, set off by its effects on the topics step:
  // run by the time the page is idle (the step's URL changes need no request).
  await pageIdle(page);
  await expect(topics).toBeVisible();
  await expect(dateTime).toHaveCount(0);
  await expect(page).not.toHaveURL(/step=/);
  // The browser's Forward and Back move between the same two steps.
  await page.goForward();
  await expect(dateTime).toBeVisible();
  await page.goBack();
  await expect(topics).toBeVisible();
  await pageIdle(page);
  await expect(topics).toBeVisible();

  // A stale link to the session step opens the date and time instead, without a loop.
  await gotoHydrated(page, `${new URL(page.url()).pathname}?step=2&topics=0`);
  await expect(dateTime).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=3(&|$)/);

  await booking.getByRole("button", { name: "Back" }).click();
  await expect(topics).toBeVisible();
  await booking.getByRole("button", { name: "Continue" }).click();
  const label = await chooseFirstTime(page);
  await expect(booking.getByRole("heading", { name: "Review your booking" })).toBeVisible();
  const fact = (name: string) => booking.getByText(name, { exact: true }).locator("..");
  await expect(fact("Session type").locator("dd")).toHaveText("First Call");
  await expect(fact("Duration").locator("dd")).toHaveText("30 minutes");
  await expect(booking.getByText(new RegExp(label))).not.toHaveCount(0);
});

test.describe("booked 19 hours ahead (issue 36: terms before money)", () => {
  test.use({ timezoneId: "Asia/Kolkata" });
  const ZONE = "Asia/Kolkata";
  const NOT_REFUNDED =
    "You won't get a refund: sessions cancelled less than 24 hours before the start are not refunded.";

  test("the summary says no refund in rupees and needs the box ticked, which the server enforces too; the cancel dialog warns", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // two people, a payment and the dashboard
    const profile = await advisorPath(page, KAVYA);
    const advisorId = profile.split("/").pop()!;
    // Kavya opens every hour of the week, so a time 19 hours ahead is offered whatever the hour.
    const kavya = await (await browser.newContext({ baseURL })).newPage();
    await signIn(kavya, "kavya.rao@example.com");
    const allDay = [{ start: "00:00", end: "24:00" }];
    const saved = await kavya.request.post("/dashboard/availability", {
      form: {
        availability: JSON.stringify({
          timeZone: ZONE,
          windows: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, allDay])),
        }),
      },
    });
    expect(saved.status()).toBe(200);
    await kavya.close();

    // The first half hour 19 hours or more from now: inside 24 hours, outside 12.
    const start = new Date(Math.ceil((Date.now() + 19 * HOUR) / 1_800_000) * 1_800_000);
    const date = dateIn(start, ZONE);
    await signIn(page, SEEKER);
    await gotoHydrated(page, profile);
    const booking = await chooseTopicAndOption(page);
    const step = page.getByRole("region", { name: "Select Date & Time" });
    await expect(step.getByLabel("Times shown in")).toHaveValue(ZONE);
    await chooseOpenDate(step, { accept: (d) => d === date });
    await timesOn(step, date).getByText(formatSlotLabel(start, ZONE), { exact: true }).click();
    await step.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(booking.getByRole("heading", { name: "Review your booking" })).toBeVisible();

    const terms = booking.getByTestId("booking-terms");
    await expect(terms).toHaveAttribute("data-terms", "final");
    await expect(terms.getByRole("listitem")).toHaveText([
      "This session starts in less than 24 hours, so it is not refundable: if you cancel, you won't get back the ₹1,180 you pay.",
      `You can reschedule or cancel until ${formatSessionTime(new Date(start.getTime() - 12 * HOUR), ZONE)}, 12 hours before the start; no changes are possible after that.`,
    ]);
    const ack = booking.getByRole("checkbox", {
      name: "I understand that I won't get a refund of ₹1,180 if I cancel this session.",
    });
    await expect(ack).not.toBeChecked();
    expect(await axeViolations(page, "#booking")).toEqual([]);

    // Paying without the box ticked is refused at the box; nothing is sent.
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/bookings")) sent.push(r.url());
    });
    await booking.getByRole("button", { name: "Pay ₹1,180" }).click();
    await expect(ack).toHaveAccessibleDescription(M.noRefundNotAcknowledged);
    await expect(ack).toBeFocused();
    await expect(page.getByRole("dialog", { name: "Test checkout" })).toHaveCount(0);
    expect(sent).toEqual([]);

    // The server refuses the same request without the acknowledgement and holds nothing.
    const topic = (await booking
      .getByText(/^Topics$/)
      .locator("..")
      .locator("dd")
      .textContent())!;
    const refused = await page.request.post("/api/bookings", {
      data: {
        advisorId,
        topics: [topic],
        sessionType: "First Call",
        duration: 30,
        datetime: start.toISOString(),
        seekerTimezone: ZONE,
      },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      error: M.noRefundNotAcknowledged,
      field: "noRefundAcknowledged",
    });
    const offered = await (
      await page.request.get(
        `/api/advisors/${advisorId}/slots?date=${date}&tz=${encodeURIComponent(ZONE)}&duration=30`,
      )
    ).json();
    expect(
      (offered.slots as { start: string }[]).some((s) => Date.parse(s.start) === start.getTime()),
    ).toBe(true);

    // Ticked, it books.
    await ack.check();
    await expect(booking.locator("#booking-summary-noRefundAcknowledged-error")).toBeEmpty();
    await payInTestCheckout(page, "Pay ₹1,180");
    await expect(page.getByTestId("booking-notes")).toContainText(
      "You can reschedule or cancel until 12 hours before the start.",
    );
    await expect(page.getByTestId("booking-notes")).toContainText(
      "Cancel at least 24 hours before the start for a full refund; later cancellations are not refunded.",
    );

    // On the dashboard: the link is a Jitsi room, and the Join button says so.
    await gotoHydrated(page, "/dashboard");
    const row = page.getByTestId("session-row").filter({ hasText: "Kavya Rao" });
    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Session Details" });
    await expect(details.getByTestId("meeting-link")).toHaveText(/^https:\/\/meet\.jit\.si\//);
    await expect(details.getByRole("button", { name: "Join Jitsi Meet" })).toBeDisabled();
    await expect(details.getByText("Join Google Meet")).toHaveCount(0);
    await details.getByRole("button", { name: "Close" }).first().click();

    // Cancelling now returns nothing: said as a warning, not in a refund's calm box.
    await row.getByRole("button", { name: "Cancel" }).click();
    const ask = page.getByRole("dialog", { name: "Cancel Session" });
    const note = ask.getByTestId("cancel-refund-note");
    await expect(note).toHaveText(NOT_REFUNDED);
    await expect(note).toHaveAttribute("data-refund", "none");
    await expect(note.locator("svg")).toHaveCount(1);
    await expect(note).not.toHaveCSS("background-color", "rgb(239, 250, 248)"); // brand-50
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
