import { rmSync } from "node:fs";
import { test as sharedAppTest, expect, type Page, test as base } from "@playwright/test";
import { freshDataDir, startAppProcess } from "../support/app-process";
import { DEMO_ADMIN, DEMO_SEEKER, signIn } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { axeViolations } from "./support/page-checks";
import { PAYOUTS_ADVISOR, PAYOUTS_ERROR, seedPayouts } from "./support/payouts";

/*
 * The admin's Payouts screen: the month's money and whether it adds up, a failed transfer
 * retried (and gone from the failed list, with its audit entry), the reconciliation run on
 * demand; a seeker gets the not-found page. Runs on its own app: the demo data plus an
 * advisor whose transfer failed (support/payouts.ts).
 */
const test = base.extend<{ payoutsApp: { url: string } }>({
  payoutsApp: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const dataDir = freshDataDir();
      await (await startAppProcess({ DATA_DIR: dataDir })).stop(); // the demo data
      await seedPayouts(dataDir);
      const app = await startAppProcess({ DATA_DIR: dataDir });
      await provide(app);
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { timeout: 180_000 },
  ],
  baseURL: async ({ payoutsApp }, provide) => provide(payoutsApp.url),
});

test.describe.configure({ timeout: 180_000 });

/** Axe clean, and nothing wider than the window, at a phone's and a laptop's width. */
async function looksRight(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const advisorName = `${PAYOUTS_ADVISOR.firstName} ${PAYOUTS_ADVISOR.lastName}`;

test("an admin reads the month's money, retries a failed transfer and reconciles", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN, undefined, "/dashboard");
  await page.getByRole("link", { name: "Payouts" }).click();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();

  // The monthly reconciliation: a row per month, every column the sum needs.
  const months = page.getByRole("region", { name: "Monthly reconciliation table", exact: true });
  for (const column of [
    "Month",
    "Collected",
    "Advisor shares",
    "Commission",
    "GST",
    "Refunds",
    "Prepaid",
    "Difference",
  ]) {
    await expect(months.getByRole("columnheader", { name: column })).toBeVisible();
  }
  await expect(months.getByRole("row")).not.toHaveCount(1);

  // The advisor's balances and their transfers on hold.
  const balances = page.getByRole("region", { name: "Advisors' balances table", exact: true });
  await expect(balances.getByRole("rowheader", { name: new RegExp(advisorName) })).toBeVisible();
  const failed = page.getByTestId("failed-transfer").filter({ hasText: advisorName });
  await expect(failed).toContainText(PAYOUTS_ERROR);
  await looksRight(page, "admin-payouts");

  // Retry: the transfer waits for the advisor's payout account, and leaves the failed list.
  await failed.getByRole("button", { name: `Retry transfer to ${advisorName}` }).click();
  await expect(
    page.getByText(
      `The transfer to ${advisorName} will be sent once their payout account is activated`,
    ),
  ).toBeVisible();
  await expect(failed).toHaveCount(0);

  // The reconciliation, run now, is the last run shown.
  await page.getByRole("button", { name: "Run reconciliation now" }).click();
  await expect(page.getByText(/^Reconciliation ran: /)).toBeVisible();
  await expect(page.getByText(/^Ran \d/)).toBeVisible();

  // Both are in the audit log.
  await gotoHydrated(page, "/admin/audit");
  const entries = page.getByRole("row");
  await expect(
    entries.filter({
      hasText: new RegExp(`Ananya Rao retried the failed payout of ₹[\\d,.]+ to ${advisorName}\\.`),
    }),
  ).toHaveCount(1);
  await expect(
    entries.filter({ hasText: /Ananya Rao ran the ledger reconciliation: .+ found\./ }),
  ).toHaveCount(1);
});

// Read-only: runs against the suite's shared app.
sharedAppTest("the Payouts screen is not found for a seeker", async ({ page }) => {
  await signIn(page, DEMO_SEEKER);
  const response = await page.goto("/admin/payouts");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});
