import type { Browser, Page } from "@playwright/test";
import { monthKey } from "../../core/ledger";
import type { Db } from "../../server/db/client.server";
import { createUserWithLogin } from "../../server/db/factories.test-support";
import { advisorPackages, advisors } from "../../server/db/schema";
import { usedPackageSession } from "../../server/packages/package.test-support";
import { saveSchedule } from "../../server/scheduling/schedule.server";
import { signIn } from "./support/auth";
import { chooseFirstTime, chooseTopicAndOption } from "./support/booking";
import { gotoHydrated } from "./support/navigation";
import { expect, test } from "./support/own-data";
import { axeViolations, sidewaysOverflow } from "./support/page-checks";

/*
 * A package of sessions (issue 40), on an app of its own: Meera buys Kabir's "Three mornings"
 * (3 × 30 minutes, ₹2,400 + GST) in the test checkout, books sessions 1 and 2 through the
 * calendar with no payment, cancels session 2 days ahead (it goes back to the package), then
 * cancels the package: session 1 is cancelled with it and the whole price comes back. Kabir's
 * Earnings page shows one credit per package session held (Ravi's, written beforehand).
 */
const PASSWORD = "Package@12345";
const SEEKER = "meera.package@example.com";
const ADVISOR = "kabir.package@example.com";
const HELD = new Date(Date.now() - 40 * 60_000);

test.use({
  ownData: {
    make: async (db: Db) => {
      await createUserWithLogin(db, PASSWORD, {
        firstName: "Meera",
        lastName: "Iyer",
        email: SEEKER,
      });
      const ravi = await createUserWithLogin(db, PASSWORD, { firstName: "Ravi", lastName: "Rao" });
      const advisorUserId = await createUserWithLogin(db, PASSWORD, {
        firstName: "Kabir",
        lastName: "Das",
        email: ADVISOR,
      });
      const [advisor] = await db
        .insert(advisors)
        .values({
          userId: advisorUserId,
          profileStatus: "approved",
          jobTitle: "Engineer",
          hourlyRateInr: 2000,
          careerAdviceTopics: ["Career change"],
        })
        .returning({ id: advisors.id });
      const saved = await saveSchedule(db, advisor!.id, {
        timeZone: "Asia/Kolkata",
        windows: Object.fromEntries(
          [1, 2, 3, 4, 5, 6, 7].map((day) => [day, [{ start: "09:00", end: "12:00" }]]),
        ),
      });
      if (!saved.ok) throw new Error(saved.message);
      const [offer] = await db
        .insert(advisorPackages)
        .values({
          advisorId: advisor!.id,
          name: "Three mornings",
          description: "Three calls over a month to plan your move.",
          sessions: 3,
          duration: 30,
          validityDays: 60,
          priceInr: 2400,
        })
        .returning({ id: advisorPackages.id });
      await usedPackageSession(db, {
        advisorId: advisor!.id,
        seekerId: ravi,
        datetime: HELD,
        packageId: offer!.id,
      });
    },
  },
});

async function personAt(browser: Browser, baseURL: string, width: number, email: string) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD, "/dashboard");
  return page;
}

async function clean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeNull();
}

/** From the package's page: its next session through the profile's steps, with no payment. */
async function bookNext(page: Page, nth: number) {
  await page.getByRole("link", { name: `Book Session ${nth} of 3` }).click();
  await chooseTopicAndOption(page);
  await chooseFirstTime(page);
  const booking = page.locator("#booking");
  await expect(booking.getByText(`Session ${nth} of 3 · paid with your package`)).toBeVisible();
  await booking.getByRole("button", { name: `Book Session ${nth} of 3` }).click();
  await expect(page).toHaveURL(/\/booking-confirmed\?payment_id=/);
  await expect(page.getByText("Paid with your package")).toBeVisible();
  await page.getByRole("link", { name: "See your package" }).click();
  await expect(page.getByRole("heading", { name: "Three mornings", level: 1 })).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`a seeker buys a package, books and gives back sessions, and cancels it at ${width} px`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const seeker = await personAt(browser, baseURL!, width, SEEKER);
    const found = await seeker.request.get("/api/advisors?search=Kabir");
    const { advisors: listed } = (await found.json()) as { advisors: { id: string }[] };
    await gotoHydrated(seeker, `/advisor/${listed[0]!.id}`);

    // The profile offers it with its price incl. GST and the honest saving.
    const offered = seeker.getByTestId("profile-package");
    await expect(offered.getByTestId("package-summary")).toHaveText(
      "3 sessions · ₹2,832 (incl. GST) · save 20%",
    );
    await offered.getByRole("link", { name: "Buy package: Three mornings" }).click();
    await expect(seeker.getByRole("heading", { name: "Three mornings", level: 1 })).toBeVisible();
    await expect(seeker.getByTestId("price-total")).toHaveText("₹2,832");
    await clean(seeker);
    await seeker.getByRole("button", { name: "Pay ₹2,832" }).click();
    const checkout = seeker.getByRole("dialog", { name: "Test checkout" });
    await checkout.getByRole("button", { name: "Pay ₹2,832" }).click();

    // Paid: the package's page, all three sessions left.
    await expect(seeker).toHaveURL(/\/packages\/[0-9a-f-]{36}$/);
    await expect(seeker.getByText("3 of 3 sessions left")).toBeVisible();
    await clean(seeker);

    await bookNext(seeker, 1);
    await expect(seeker.getByText("2 of 3 sessions left")).toBeVisible();
    await bookNext(seeker, 2);
    await expect(seeker.getByText("1 of 3 sessions left")).toBeVisible();

    // Session 2, days ahead, is cancelled from the dashboard: it goes back to the package.
    await gotoHydrated(seeker, "/dashboard");
    const rows = seeker.getByTestId("session-row").filter({ hasText: "Kabir Das" });
    await expect(rows).toHaveCount(2);
    await rows.nth(1).getByRole("button", { name: "Cancel" }).click();
    const ask = seeker.getByRole("dialog", { name: "Cancel Session" });
    await expect(ask.getByTestId("cancel-refund-note")).toHaveText(
      "This session goes back to your package, to book again.",
    );
    await ask.getByRole("button", { name: "Cancel Session" }).click();
    const reason = seeker.getByRole("dialog", { name: "Cancellation Reason" });
    await reason.getByLabel("Reason").fill("A clash at work");
    await reason.getByRole("button", { name: "Confirm Cancellation" }).click();
    await expect(rows).toHaveCount(1);

    // The dashboard lists the package with what is left.
    const mine = seeker.getByRole("region", { name: "Your packages" });
    await expect(mine.getByText("2 of 3 sessions left")).toBeVisible();
    await mine.getByRole("link", { name: "Three mornings" }).click();
    await expect(seeker.getByText("Cancelled: back in the package")).toBeVisible();

    // Cancelling the package says what happens first: session 1 goes too, all is refunded.
    await expect(
      seeker.getByText(
        "Your session booked more than 12 hours ahead is cancelled too. The 3 unused sessions are refunded: ₹2,832 to the original payment method.",
      ),
    ).toBeVisible();
    await clean(seeker);
    await seeker.getByRole("button", { name: "Cancel package" }).click();
    await expect(seeker.getByText("Package cancelled")).toBeVisible();
    await expect(seeker.getByText("₹2,832 for the unused sessions", { exact: true })).toBeVisible();
    await expect(seeker.getByRole("button", { name: "Cancel package" })).toHaveCount(0);
    await clean(seeker);

    // Kabir's earnings: one credit per package session held, named as such.
    const advisor = await personAt(browser, baseURL!, width, ADVISOR);
    await gotoHydrated(advisor, `/dashboard/earnings?month=${monthKey(HELD)}`);
    const credited = advisor
      .getByTestId("statement-row")
      .filter({ hasText: "Package session (Three mornings)" });
    await expect(credited).toHaveCount(1);
    await expect(credited).toContainText("Ravi");
    await clean(advisor);
    await advisor.context().close();
    await seeker.context().close();
  });
}
