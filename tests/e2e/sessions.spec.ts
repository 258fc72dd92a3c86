import type { Page } from "@playwright/test";
import { SESSION_MESSAGES as M } from "../../core/messages/sessions";
import { formatSlotLabel } from "../../core/slots";
import { giveSecondFactor, TEST_TOTP_SECRET } from "../../server/auth/second-factor.test-support";
import type { Db } from "../../server/db/client.server";
import {
  createAdvisor,
  createBooking,
  createSeeker,
  createUserWithLogin,
} from "../../server/db/factories.test-support";
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_SEEKER, signIn, uniqueEmail } from "./support/auth";
import { chooseOpenDate, dateIn, timesOn } from "./support/calendar";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";
import { test as ownDataTest } from "./support/own-data";

/*
 * After the booking, on the seeded demo data: Aarav (seeker) has upcoming sessions with Priya
 * (15 min) and Ananya (30 min), a completed unreviewed one with Karthik, and a reviewed one.
 * The admin's tiles count people and sessions a journey makes itself (support/own-data.ts).
 */
const PRIYA = "priya.sharma@example.com";

const rowWith = (page: Page, name: string) =>
  page.getByTestId("session-row").filter({ hasText: name });

/** Each named dashboard tile shows its figure. */
async function expectTiles(page: Page, figures: Record<string, string>) {
  for (const [name, figure] of Object.entries(figures))
    await expect(page.getByTestId(`tile-${name}`)).toHaveText(figure);
}

async function meetingLinkOf(page: Page, name: string) {
  await rowWith(page, name).getByRole("button", { name: "View Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Session Details" });
  const link = await dialog.getByTestId("meeting-link").textContent();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  return link;
}

test("a seeker reschedules a paid session; both dashboards show the new time and the same link", async ({
  page,
  browser,
}) => {
  test.slow(); // two people sign in and a slot picker loads
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard");
  const row = rowWith(page, "Priya Sharma");
  const before = await row.getAttribute("data-start");
  const link = await meetingLinkOf(page, "Priya Sharma");
  expect(link).toMatch(/^https:\/\//);

  await row.getByRole("button", { name: "Reschedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Reschedule Session" });
  // The rule as it is, the one the confirmation page states too (issue 36).
  await expect(dialog.getByText("Important:").locator("..")).toHaveText(
    "Important: You can reschedule or cancel until 12 hours before the start. The new time will be sent to both parties.",
  );
  await expect(dialog.getByText(/at least 24 hours/)).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Confirm Reschedule" })).toBeDisabled();
  await expect(dialog.getByTestId("reschedule-question")).toHaveCount(0);
  // The session's own date still has Priya's other times, but not the session's own time.
  const zone = await dialog.getByLabel("Times shown in").inputValue();
  const current = new Date(before!);
  const ownDate = dateIn(current, zone);
  await chooseOpenDate(dialog, { accept: (date) => date === ownDate });
  const ownTimes = timesOn(dialog, ownDate);
  await expect(ownTimes.first()).toBeVisible();
  await expect(ownTimes.getByText(formatSlotLabel(current, zone), { exact: true })).toHaveCount(0);
  // Another date, so the new time differs from the current one whatever today is.
  const newDate = await chooseOpenDate(dialog, { accept: (date) => date !== ownDate });
  const newTime = await timesOn(dialog, newDate).first().textContent();
  await timesOn(dialog, newDate).first().click();
  // Asked once: the question stands beside the one button that moves the session.
  await expect(dialog.getByTestId("reschedule-question")).toHaveText(
    "Are you sure you want to reschedule this session?",
  );
  await expect(dialog.getByTestId("reschedule-new-time")).toContainText(newTime!);
  await dialog.getByRole("button", { name: "Confirm Reschedule" }).click();
  await expect(page.getByText("Session Rescheduled", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Confirm Reschedule" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Yes, Reschedule" })).toHaveCount(0);
  await expect(
    page.getByText(
      "Your session has been successfully rescheduled. Both parties will be notified.",
    ),
  ).toBeVisible();

  await expect(rowWith(page, "Priya Sharma")).not.toHaveAttribute("data-start", before!);
  const after = await rowWith(page, "Priya Sharma").getAttribute("data-start");
  const seekerTime = await rowWith(page, "Priya Sharma").getByTestId("session-time").textContent();
  expect(await meetingLinkOf(page, "Priya Sharma")).toBe(link);

  const advisorPage = await (await browser.newContext({ baseURL: page.url() })).newPage();
  await signIn(advisorPage, PRIYA);
  await gotoHydrated(advisorPage, "/dashboard");
  const advisorRow = rowWith(advisorPage, "Aarav Mehta");
  await expect(advisorRow).toHaveAttribute("data-start", after!);
  await expect(advisorRow).toContainText(seekerTime!.split(" · ")[0]!.slice(0, 12));
  expect(await meetingLinkOf(advisorPage, "Aarav Mehta")).toBe(link);
});

test("a seeker's cancel dialog speaks to them; the Cancelled tab says they cancelled, why, and the refund's state", async ({
  page,
}) => {
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard");
  await rowWith(page, "Ananya Chatterjee").getByRole("button", { name: "Cancel" }).click();
  const ask = page.getByRole("dialog", { name: "Cancel Session" });
  // The session is days away: a full refund, said to the seeker.
  const note = ask.getByTestId("cancel-refund-note");
  await expect(note).toHaveText(
    /^You'll get a full refund of ₹[\d,]+ within 7-10 business days\.$/,
  );
  // A refund is said calmly (brand-50); no refund would be a warning (booking.spec.ts).
  await expect(note).toHaveAttribute("data-refund", "refund");
  await expect(note).toHaveCSS("background-color", "rgb(239, 250, 248)");
  const amount = (await note.textContent())!.match(/₹[\d,]+/)![0];
  await ask.getByRole("button", { name: "Cancel Session" }).click();
  const reason = page.getByRole("dialog", { name: "Cancellation Reason" });
  const confirm = reason.getByRole("button", { name: "Confirm Cancellation" });
  await reason.getByLabel("Reason").fill("   ");
  await confirm.click();
  await expect(reason.getByLabel("Reason")).toHaveAccessibleDescription(M.reasonRequired);
  await reason.getByLabel("Reason").fill("My interview moved to that day");
  await confirm.click();
  await expect(page.getByText("Session Cancelled", { exact: true })).toBeVisible();
  await expect(
    page.getByText(`You'll get a full refund of ${amount} within 7-10 business days.`),
  ).toBeVisible();

  await page.getByRole("link", { name: /^Cancelled \(\d+\)$/ }).click();
  const row = rowWith(page, "Ananya Chatterjee");
  const refundState = new RegExp(`^${amount} · (processing|processed on \\w+, \\d+ \\w+ \\d{4})$`);
  await expect(row.getByTestId("cancelled-by")).toHaveText(/^Cancelled by you on \w{3}, /);
  await expect(row.getByTestId("cancellation-reason")).toHaveText("My interview moved to that day");
  await expect(row.getByTestId("refund-status")).toHaveText(refundState);

  await row.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Session Details" });
  await expect(details.getByTestId("cancelled-by")).toHaveText(/^Cancelled by you on /);
  await expect(details.getByTestId("cancellation-reason")).toHaveText(
    "My interview moved to that day",
  );
  await expect(details.getByTestId("refund-status")).toHaveText(refundState);
  await expect(details.getByTestId("meeting-link")).toHaveCount(0);
});

test("an advisor's cancel dialog says the seeker is refunded; the seeker then reads that the advisor cancelled", async ({
  page,
}) => {
  test.slow(); // two sign-ins
  await signIn(page, PRIYA);
  await gotoHydrated(page, "/dashboard");
  await rowWith(page, "Aarav Mehta").getByRole("button", { name: "Cancel" }).click();
  const ask = page.getByRole("dialog", { name: "Cancel Session" });
  const note = ask.getByTestId("cancel-refund-note");
  await expect(note).toHaveText(
    /^Aarav Mehta will get a full refund of ₹[\d,]+ within 7-10 business days\.$/,
  );
  const amount = (await note.textContent())!.match(/₹[\d,]+/)![0];
  await ask.getByRole("button", { name: "Cancel Session" }).click();
  await page
    .getByRole("dialog", { name: "Cancellation Reason" })
    .getByLabel("Reason")
    .fill("Travelling that week");
  await page.getByRole("button", { name: "Confirm Cancellation" }).click();
  await expect(page.getByText("Session Cancelled", { exact: true })).toBeVisible();

  await gotoHydrated(page, "/dashboard?tab=cancelled");
  const mine = rowWith(page, "Aarav Mehta");
  await expect(mine.getByTestId("cancelled-by")).toHaveText(/^Cancelled by you on /);
  await expect(mine.getByTestId("refund-status")).toHaveText(new RegExp(`^${amount} · `));

  await page.context().clearCookies();
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard?tab=cancelled");
  const theirs = rowWith(page, "Priya Sharma");
  await expect(theirs.getByTestId("cancelled-by")).toHaveText(/^Cancelled by the advisor on /);
  await expect(theirs.getByTestId("cancellation-reason")).toHaveText("Travelling that week");
  await expect(theirs.getByTestId("refund-status")).toHaveText(new RegExp(`^${amount} · `));
});

test("inside 12 hours a seeker gets Cannot Cancel and Cannot Reschedule with the hours left; an admin can still cancel, and the audit log shows it", async ({
  page,
}) => {
  test.slow(); // two sign-ins
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard");
  const start = new Date((await rowWith(page, "Priya Sharma").getAttribute("data-start"))!);
  await page.clock.setFixedTime(new Date(start.getTime() - 5.5 * 3_600_000));
  await gotoHydrated(page, "/dashboard");
  const row = rowWith(page, "Priya Sharma");
  await expect(row.getByRole("button", { name: "Cancel" })).toHaveAttribute(
    "title",
    "Cannot cancel within 12 hours of session",
  );
  await row.getByRole("button", { name: "Cancel" }).click();
  const cannot = page.getByRole("dialog", { name: "Cannot Cancel" });
  await expect(cannot.getByTestId("hours-remaining")).toHaveText(
    "Hours remaining before the session: 5",
  );
  await expect(
    cannot.getByText(
      "Sessions cannot be cancelled within 12 hours of start time. Please contact support (support@beenthere.example).",
    ),
  ).toBeVisible();
  await expect(cannot.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
    "href",
    "mailto:support@beenthere.example",
  );
  await cannot.getByRole("button", { name: "Close" }).first().click();
  await expect(cannot).toHaveCount(0);

  await expect(row.getByRole("button", { name: "Reschedule" })).toHaveAttribute(
    "title",
    "Cannot reschedule within 12 hours of session",
  );
  await row.getByRole("button", { name: "Reschedule" }).click();
  const cannotMove = page.getByRole("dialog", { name: "Cannot Reschedule" });
  await expect(cannotMove.getByTestId("hours-remaining")).toHaveText(
    "Hours remaining before the session: 5",
  );
  await expect(
    cannotMove.getByText(
      "Sessions cannot be rescheduled within 12 hours of start time. Please contact support (support@beenthere.example).",
    ),
  ).toBeVisible();
  await expect(cannotMove.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
    "href",
    "mailto:support@beenthere.example",
  );
  await cannotMove.getByRole("button", { name: "Close" }).first().click();
  await expect(cannotMove).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, DEMO_ADMIN);
  await gotoHydrated(page, "/dashboard");
  const adminRow = rowWith(page, "Aarav Mehta with Priya Sharma");
  await adminRow.getByRole("button", { name: "Cancel" }).click();
  const ask = page.getByRole("dialog", { name: "Cancel Session" });
  // Inside 24 hours too: an admin's cancellation refunds in full, said in the third person.
  await expect(ask.getByTestId("cancel-refund-note")).toHaveText(
    /^The seeker, Aarav Mehta, will get a full refund of ₹[\d,]+ within 7-10 business days\.$/,
  );
  await ask.getByRole("button", { name: "Cancel Session" }).click();
  await page
    .getByRole("dialog", { name: "Cancellation Reason" })
    .getByLabel("Reason")
    .fill("Advisor unwell");
  await page.getByRole("button", { name: "Confirm Cancellation" }).click();
  await expect(page.getByText("Session Cancelled", { exact: true })).toBeVisible();
  await expect(rowWith(page, "Aarav Mehta with Priya Sharma")).toHaveCount(0);

  await gotoHydrated(page, "/admin/audit");
  const entry = page
    .getByRole("row")
    .filter({ hasText: "Ananya Rao cancelled Aarav Mehta's session with Priya Sharma." });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Reason: Advisor unwell");
  await expect(entry).toContainText(`aarav.mehta@example.com with ${PRIYA}`);
});

test("a dashboard link naming a booking and an action opens that dialog for that booking", async ({
  page,
}) => {
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard");
  const id = await rowWith(page, "Ananya Chatterjee").getAttribute("data-booking-id");
  await gotoHydrated(page, `/dashboard?booking=${id}&action=reschedule`);
  const reschedule = page.getByRole("dialog", { name: "Reschedule Session" });
  await expect(reschedule).toContainText("Ananya Chatterjee");
  await page.keyboard.press("Escape");
  await expect(reschedule).toHaveCount(0);

  await gotoHydrated(page, `/dashboard?booking=${id}&action=cancel`);
  const cancel = page.getByRole("dialog", { name: "Cancel Session" });
  await expect(cancel).toContainText("Ananya Chatterjee");
  await expect(cancel.getByText("Are you sure you want to cancel this session?")).toBeVisible();
  await page.keyboard.press("Escape");

  // A booking that is not the viewer's opens nothing.
  await gotoHydrated(page, "/dashboard?booking=00000000-0000-4000-8000-000000000000&action=cancel");
  await expect(page.getByTestId("session-row").first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a completed session gets a review and the advisor's card and profile show the rating", async ({
  page,
}) => {
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard?tab=completed");
  await rowWith(page, "Karthik Subramanian")
    .getByRole("button", { name: "Review Session" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Review Your Session" });
  await dialog.getByRole("button", { name: "Submit Review" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Please complete all required fields");
  await expect(dialog.getByRole("alert")).toContainText(
    "Star ratings and recommendation are required",
  );
  const star = (group: string, stars: string) =>
    dialog.getByRole("group", { name: group }).getByRole("radio", { name: stars });
  await star("How helpful was the session?", "4 stars").click();
  await star("How actionable was the advice?", "5 stars").click();
  await dialog.getByLabel("Yes").check();
  await dialog
    .getByLabel("Written feedback (optional)")
    .fill("Karthik made the US move feel doable.");
  await dialog.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Review submitted successfully")).toBeVisible();
  await expect(page.getByText("Thank you for your feedback!")).toBeVisible();
  await expect(
    rowWith(page, "Karthik Subramanian").getByRole("button", { name: "Review Session" }),
  ).toHaveCount(0);

  await gotoHydrated(page, "/advisors?search=Karthik");
  const card = page
    .locator(".rounded-card")
    .filter({ has: page.getByRole("heading", { name: "Karthik Subramanian" }) });
  await expect(card.getByTestId("advisor-rating")).toHaveText("4.5(1 review)");
  await card.getByRole("link", { name: "View Profile of Karthik Subramanian" }).click();
  const rating = page.getByTestId("profile-rating");
  await expect(rating).toContainText("4.5");
  await expect(rating).toContainText("1 review");
  await expect(rating).toContainText("100% recommend");
  await expect(rating).toContainText("Karthik made the US move feel doable.");
  await expect(rating).toContainText("Aarav,");
});

test("a seeker's and an advisor's dashboards show their tiles with the database's counts", async ({
  page,
}) => {
  test.slow(); // two sign-ins
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard");
  await expectTiles(page, {
    "Find Advisors": "500+",
    "My Sessions": "2",
    "Learning Path": "0%",
    Reviews: "1",
  });
  await expect(page.getByRole("link", { name: "Upcoming (2)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Completed (2)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancelled (1)" })).toBeVisible();
  // On a phone the three tabs stay in one row (none on a line of its own).
  await page.setViewportSize({ width: 375, height: 800 });
  const tops = await page
    .getByRole("navigation", { name: "Session tabs" })
    .getByRole("link")
    .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.context().clearCookies();
  await signIn(page, PRIYA);
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByTestId("advisor-status")).toHaveText("Approved");
  await expect(page.getByTestId("tile-Total Bookings")).toHaveText("4");
  // The ledger's figure: ₹4,500 an hour for 30 + 15 + 30 minutes, the session she cancelled
  // refunded.
  await expect(page.getByTestId("tile-Earnings")).toHaveText("₹5,625");
  // The tile and the dashboard's navigation both lead to the Earnings page.
  await expect(page.getByRole("link", { name: /^Earnings ₹5,625/ })).toHaveAttribute(
    "href",
    "/dashboard/earnings",
  );
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Earnings" }),
  ).toHaveAttribute("href", "/dashboard/earnings");
  await expect(page.getByTestId("tile-Rating")).toHaveText("4.5");
  await expect(page.getByText("1 review", { exact: true })).toBeVisible();
  await expect(page.getByTestId("tile-Response Rate")).toHaveText("100%");
  await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveAttribute(
    "href",
    /^\/advisor\/[0-9a-f-]+\/edit$/,
  );
});

ownDataTest.describe("an admin's dashboard, over people and sessions of its own", () => {
  const admin = uniqueEmail("admin");
  const days = (n: number) => new Date(Date.now() + n * 86_400_000);
  // Seven users (the admin, three seekers, three advisors, one of them waiting for approval)
  // and four sessions, of which one completed, two confirmed and one cancelled.
  async function make(db: Db, { authSecret }: { authSecret: string }) {
    await createUserWithLogin(db, DEMO_PASSWORD, { email: admin, admin: "Y" });
    // Admins act as admins only with a second factor (ADR 92).
    await giveSecondFactor(db, admin, authSecret);
    const [first, second, third] = [
      await createSeeker(db),
      await createSeeker(db),
      await createSeeker(db),
    ];
    const [one, two] = [await createAdvisor(db), await createAdvisor(db)];
    await createAdvisor(db, { profileStatus: "pending" });
    const session = (
      advisorId: string,
      userId: string,
      datetime: Date,
      status: "completed" | "confirmed" | "cancelled",
    ) => createBooking(db, { advisorId, userId, datetime, status });
    await session(one, first, days(-2), "completed");
    await session(one, second, days(2), "confirmed");
    await session(two, third, days(3), "confirmed");
    await session(two, first, days(4), "cancelled");
  }
  ownDataTest.use({ ownData: { make } });

  ownDataTest(
    "its tiles count every user, advisor, application waiting and session",
    async ({ page }) => {
      await signIn(page, admin, DEMO_PASSWORD, undefined, TEST_TOTP_SECRET);
      await gotoHydrated(page, "/dashboard");
      await expectTiles(page, {
        "Total Users": "7",
        "Total Advisors": "3",
        "Pending Approvals": "1",
        // Completed of confirmed and completed sessions; a cancelled one is neither.
        "Total Sessions": "1/3",
      });
      await expect(page.getByRole("link", { name: /Pending Approvals/ })).toHaveAttribute(
        "target",
        "_blank",
      );

      // The view follows the role switcher at once.
      await page.getByLabel("Viewing as:").first().selectOption("seeker");
      await expect(page.getByTestId("tile-Find Advisors")).toBeVisible();
      await expect(page.getByTestId("tile-Total Users")).toHaveCount(0);
    },
  );
});

test("visitors are sent to sign in", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard/);
});

test.describe("the dashboard's small frictions (issue 22)", () => {
  test("on a phone the sessions come before the tiles; on a wide screen the tiles lead", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, DEMO_SEEKER);
    await gotoHydrated(page, "/dashboard");
    const top = async (target: ReturnType<Page["getByTestId"]>) =>
      (await target.first().boundingBox())!.y;
    const sessions = page.getByTestId("session-row");
    const tiles = page.getByTestId("tile-Find Advisors");
    expect(await top(sessions)).toBeLessThan(await top(tiles));
    // The first session is on the first screen.
    expect(await top(sessions)).toBeLessThan(800);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await top(tiles)) < (await top(sessions))).toBe(true);
  });

  test('the dashboard says "Viewing as:" once and offers no "Go to Dashboard"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, PRIYA);
    await gotoHydrated(page, "/dashboard");
    await expect(page.getByTestId("advisor-status")).toBeVisible();
    await expect(page.getByText("Viewing as:")).toHaveCount(1);
    await expect(page.getByLabel("Viewing as:")).toBeVisible();
    await expect(page.getByRole("button", { name: "Go to Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveCount(0);

    // Elsewhere the header still offers both.
    await gotoHydrated(page, "/advisors");
    await expect(page.getByRole("banner").getByLabel("Viewing as:")).toBeVisible();
    await expect(
      page.getByRole("banner").getByRole("button", { name: "Go to Dashboard" }),
    ).toBeVisible();
  });

  test("session times read the Indian way, day before month, in the viewer's zone", async ({
    page,
  }) => {
    await signIn(page, DEMO_SEEKER);
    await gotoHydrated(page, "/dashboard");
    const row = page.getByTestId("session-row").first();
    const text = (await row.getByTestId("session-time").textContent()) ?? "";
    const shape =
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}), \d{1,2}:\d{2} (AM|PM) \(([\w/+-]+)\) · \d+ minutes$/;
    const match = shape.exec(text.trim());
    expect(match, text).not.toBeNull();
    // The day and month are the session's own in the zone named.
    const start = new Date((await row.getAttribute("data-start"))!);
    const parts = new Intl.DateTimeFormat("en-US", {
      day: "numeric",
      month: "short",
      timeZone: match![6],
    }).formatToParts(start);
    expect(match![2]).toBe(parts.find((p) => p.type === "day")!.value);
    expect(match![3]).toBe(parts.find((p) => p.type === "month")!.value);

    // The details dialog says it the same way.
    await row.getByRole("button", { name: "View Details" }).click();
    const dialog = page.getByRole("dialog", { name: "Session Details" });
    await expect(dialog).toContainText(`${match![1]}, ${match![2]} ${match![3]} ${match![4]}`);
  });
});
