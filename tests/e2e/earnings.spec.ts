import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { EARNINGS_MESSAGES as M } from "../../core/messages/earnings";
import { DEMO_ADVISOR, DEMO_SEEKER, signIn } from "./support/auth";
import { advisorPath, chooseSession, payInTestCheckout } from "./support/booking";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";
import { axeViolations, sidewaysOverflow } from "./support/page-checks";

/*
 * The advisor's Earnings page, on its own copy of the demo data: a seeker pays for a session
 * with Priya, and Priya finds it on her Earnings page, in the month's CSV and on the
 * printable statement. The page's figures come from the ledger the payment wrote.
 */

const HEADER =
  "Date,Seeker,Session type,Fee (INR),Commission (INR),Commission %,Refund (INR),Net (INR),Payout status";

/** Shows each month of the picker in turn until Aarav's session is in the statement. */
async function showMonthWithAarav(page: Page) {
  const picker = page.getByLabel(M.monthLabel);
  const months = await picker
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  for (const month of months) {
    await picker.selectOption(month);
    await page.getByRole("button", { name: M.showMonth }).click();
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
    const row = page.getByTestId("statement-row").filter({ hasText: "Aarav" }).first();
    if (await row.isVisible()) return { month, row };
  }
  throw new Error(`no statement month holds Aarav's session (${months.join(", ")})`);
}

test("a paid session reaches the advisor's earnings, CSV and printable statement", async ({
  page,
}) => {
  test.slow(); // a booking, two sign-ins, a download and two widths

  // A seeker pays for a session with Priya; the Earnings pages are not theirs to see.
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, await advisorPath(page, "Priya"));
  const { booking } = await chooseSession(page, /^Pay ₹/);
  const pay = (await booking.getByRole("button", { name: /^Pay ₹/ }).textContent())!.trim();
  await payInTestCheckout(page, pay);
  for (const path of ["/dashboard/earnings", "/dashboard/earnings/statement.csv"]) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }

  // Priya's dashboard tile is the ledger's figure and opens the Earnings page.
  await page.context().clearCookies();
  await signIn(page, DEMO_ADVISOR);
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByTestId("tile-Earnings")).not.toHaveText("₹0");
  await page.getByRole("link", { name: /^Earnings ₹/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/earnings$/);
  await expect(page.getByRole("heading", { level: 1, name: M.title })).toBeVisible();
  await expect(page.getByTestId(`tile-${M.tiles.pending}`)).not.toHaveText("₹0");

  const { month, row } = await showMonthWithAarav(page);
  await expect(row).toContainText(/On hold until|Waiting for bank details/);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `overflow at ${width} px`).toBeNull();
    expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
  }

  // The month's CSV: a header, Aarav's row, a totals row; a private download.
  const link = page.getByRole("link", { name: M.downloadCsv });
  const answer = await page.request.get((await link.getAttribute("href"))!);
  expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(answer.headers()["content-disposition"]).toBe(
    `attachment; filename="beenthere-statement-${month}.csv"`,
  );
  expect(answer.headers()["cache-control"]).toBe("no-store");
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`beenthere-statement-${month}.csv`);
  const lines = (await readFile((await download.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(HEADER);
  expect(lines.some((line) => /^\d{4}-\d\d-\d\d,Aarav,/.test(line))).toBe(true);
  expect(lines.at(-1)).toMatch(/^Total,,,\d+\.\d\d,/);

  // The printable statement: its own plain page, the site's header and footer left off paper.
  await page.getByRole("link", { name: M.printable }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Earnings statement, /);
  await expect(page.getByRole("button", { name: M.print })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Aarav" }).first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeNull();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("button", { name: M.print })).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // A month that is no month shows the current one, a page that is no page the first, rather
  // than failing (as the sessions list does).
  const bad = await gotoHydrated(page, "/dashboard/earnings?month=2026-13&page=abc");
  expect(bad?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: M.statementTitle })).toBeVisible();
});
