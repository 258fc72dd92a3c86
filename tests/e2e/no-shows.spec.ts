import type { Browser, Page } from "@playwright/test";
import { giveSecondFactor, TEST_TOTP_SECRET } from "../../server/auth/second-factor.test-support";
import type { Db } from "../../server/db/client.server";
import { createUserWithLogin } from "../../server/db/factories.test-support";
import { advisors } from "../../server/db/schema";
import { createCreditedSession } from "../../server/payouts/credited-session.test-support";
import { signIn } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { expect, test } from "./support/own-data";
import { axeViolations, sidewaysOverflow } from "./support/page-checks";

/*
 * A no-show by rule (issue 41), on an app of its own: Meera's paid session with Kabir began 20
 * minutes ago. She reports that he did not come; he disputes; the admin reads the timeline
 * and decides he was absent, so Meera is refunded in full: her dashboard says so, and Kabir's
 * earnings show the session refunded (the ledger's debit of his credit).
 */
const PASSWORD = "NoShow@12345";
const SEEKER = "meera.iyer@example.com";
const ADVISOR = "kabir.das@example.com";
const ADMIN = "noshow.admin@example.com";

test.use({
  ownData: {
    make: async (db: Db, { authSecret }) => {
      const seekerId = await createUserWithLogin(db, PASSWORD, {
        firstName: "Meera",
        lastName: "Iyer",
        email: SEEKER,
      });
      const advisorUserId = await createUserWithLogin(db, PASSWORD, {
        firstName: "Kabir",
        lastName: "Das",
        email: ADVISOR,
      });
      const [advisor] = await db
        .insert(advisors)
        .values({ userId: advisorUserId, profileStatus: "approved", jobTitle: "Engineer" })
        .returning({ id: advisors.id });
      await createUserWithLogin(db, PASSWORD, { email: ADMIN, admin: "Y" });
      await giveSecondFactor(db, ADMIN, authSecret);
      // Started 20 minutes ago, ends in 10: the report window is open, nothing completes it.
      await createCreditedSession(db, {
        advisorId: advisor!.id,
        seekerId,
        datetime: new Date(Date.now() - 20 * 60_000),
        bookingStatus: "confirmed",
      });
    },
  },
});

async function personAt(browser: Browser, baseURL: string, width: number, email: string) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD, "/dashboard", email === ADMIN ? TEST_TOTP_SECRET : undefined);
  return page;
}

async function sessionDetails(page: Page, name: string) {
  await gotoHydrated(page, "/dashboard");
  const row = page.getByTestId("session-row").filter({ hasText: name });
  await row.getByRole("button", { name: "View Details" }).click();
  return page.getByRole("dialog", { name: "Session Details" });
}

async function clean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeNull();
}

for (const width of [375, 1280]) {
  test(`a seeker reports, the advisor disputes, the admin decides a refund at ${width} px`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    // The seeker reports that the advisor did not come.
    const seeker = await personAt(browser, baseURL!, width, SEEKER);
    let details = await sessionDetails(seeker, "Kabir Das");
    await details.getByRole("button", { name: "Report advisor no-show" }).click();
    const report = seeker.getByRole("dialog", { name: "Report that your advisor did not come" });
    await report.getByLabel("What happened").fill("I waited 20 minutes; nobody joined.");
    await clean(seeker);
    await report.getByRole("button", { name: "Send report" }).click();
    await expect(seeker.getByText("No-show reported").first()).toBeVisible();

    // The advisor sees the report and disputes it.
    const advisor = await personAt(browser, baseURL!, width, ADVISOR);
    details = await sessionDetails(advisor, "Meera Iyer");
    await expect(details.getByTestId("no-show-state")).toHaveText(
      "Reported as a no-show by the other party.",
    );
    await details.getByRole("button", { name: "Dispute no-show report" }).click();
    const dispute = advisor.getByRole("dialog", { name: "Dispute this no-show report" });
    await dispute.getByLabel("What happened").fill("I was in the room; the seeker never came.");
    await dispute.getByRole("button", { name: "Send dispute" }).click();
    await expect(advisor.getByText("Dispute sent").first()).toBeVisible();

    // The admin reads the session's timeline and decides the advisor was absent.
    const admin = await personAt(browser, baseURL!, width, ADMIN);
    await gotoHydrated(admin, "/admin/no-shows");
    await admin.getByRole("link", { name: "Open timeline" }).click();
    const timeline = admin.getByTestId("no-show-details");
    await expect(timeline).toContainText("Meera Iyer with Kabir Das");
    await expect(timeline).toContainText("I waited 20 minutes; nobody joined.");
    await expect(timeline).toContainText("I was in the room; the seeker never came.");
    await clean(admin);
    await timeline.getByLabel("Advisor absent").check();
    await timeline.getByRole("button", { name: "Record decision" }).click();
    await expect(admin.getByText("Decision recorded")).toBeVisible();

    // The seeker's dashboard says so, and the advisor's earnings show the session refunded.
    details = await sessionDetails(seeker, "Kabir Das");
    await expect(details.getByTestId("no-show-state")).toHaveText(
      "No-show upheld: the advisor did not come.",
    );
    await gotoHydrated(advisor, "/dashboard/earnings");
    const row = advisor.getByTestId("statement-row").filter({ hasText: "Meera" });
    await expect(row).toContainText("Refunded");
    await clean(advisor);
  });
}
