import { readFileSync, rmSync } from "node:fs";
import { expect, type Page, test as base } from "@playwright/test";
import { freshDataDir, startAppProcess } from "../support/app-process";
import { DEMO_ADMIN, signIn } from "./support/auth";
import { REPORTED, seedReportedConversation } from "./support/message-reports";
import { axeViolations } from "./support/page-checks";

/*
 * The admin's Reports queue (issue 39, part B): a reported conversation with its messages and
 * the file sent in it, which the admin downloads while the report is open; closing it as
 * "Block from messaging", finding it among the closed ones, lifting the block; each step in
 * the audit log. At a laptop's and a phone's width. Its own app: the demo data plus one
 * reported conversation (support/message-reports.ts).
 */
const test = base.extend<{ reportsApp: { url: string } }>({
  reportsApp: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const dataDir = freshDataDir();
      await (await startAppProcess({ DATA_DIR: dataDir })).stop(); // the demo data
      await seedReportedConversation(dataDir);
      const app = await startAppProcess({ DATA_DIR: dataDir });
      await provide(app);
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { timeout: 180_000 },
  ],
  baseURL: async ({ reportsApp }, provide) => provide(reportsApp.url),
});

test.describe.configure({ timeout: 180_000 });

/** Axe clean, and nothing wider than the window, at a laptop's and a phone's width. */
async function looksRight(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const seeker = `${REPORTED.seeker.firstName} ${REPORTED.seeker.lastName}`;
const advisor = `${REPORTED.advisor.firstName} ${REPORTED.advisor.lastName}`;

test("an admin reads a reported conversation, downloads its file, blocks the sender and lifts it", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN, undefined, "/dashboard");
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  const report = page.getByRole("article").filter({ hasText: REPORTED.reason });
  await expect(report).toContainText(`Reported by${seeker} (seeker)`);
  await expect(report).toContainText(`About${advisor} (advisor)`);
  const messages = report.getByRole("listitem");
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(1)).toContainText(advisor);
  await expect(messages.nth(1)).toContainText(REPORTED.offending);
  await expect(report.getByText("3 messages", { exact: true })).toBeVisible();
  await looksRight(page, "reports-open");

  // The file, while the report is open: a download under its own name, the bytes as sent.
  const link = report.getByRole("link", { name: `${REPORTED.fileName} (` });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(REPORTED.fileName);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const href = (await link.getAttribute("href"))!;
  const answer = await page.request.get(href);
  expect(answer.headers()["content-disposition"]).toBe(
    `attachment; filename="payment details.pdf"; filename*=UTF-8''payment%20details.pdf`,
  );
  expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers()["content-type"]).toBe("application/pdf");

  await report.getByRole("button", { name: "Block from messaging" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Report closed" })).toHaveText(
    "Report closed; they can no longer send messages.",
  );
  await expect(page.getByRole("article").filter({ hasText: REPORTED.reason })).toHaveCount(0);
  // Closed, the file is no longer the admin's to read.
  expect((await page.request.get(href)).status()).toBe(404);

  await page.getByRole("link", { name: "Closed", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?status=closed$/);
  const closed = page.getByRole("article").filter({ hasText: REPORTED.reason });
  await expect(closed).toContainText("Blocked from messaging by Ananya Rao on ");
  await looksRight(page, "reports-closed");
  await closed.getByRole("button", { name: "Unblock messaging" }).click();
  await expect(page.getByRole("status").filter({ hasText: "send messages" })).toHaveText(
    "They can send messages again.",
  );
  await expect(closed.getByRole("button", { name: "Unblock messaging" })).toHaveCount(0);

  await page.goto("/admin/audit");
  for (const sentence of [
    `Ananya Rao let ${advisor} send messages again.`,
    `Ananya Rao blocked ${advisor} from sending messages.`,
    `Ananya Rao downloaded ${REPORTED.fileName} from the conversation in which ${advisor} was reported.`,
    `Ananya Rao read the conversation in which ${advisor} was reported.`,
  ]) {
    await expect(page.getByText(sentence, { exact: true }).first()).toBeVisible();
  }
});

test("a seeker is told the Reports page does not exist", async ({ page }) => {
  await signIn(page, "aarav.mehta@example.com", undefined, "/dashboard");
  const answer = await page.goto("/admin/reports");
  expect(answer?.status()).toBe(404);
});
