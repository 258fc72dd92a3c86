import AxeBuilder from "@axe-core/playwright";
import { test as sharedAppTest, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_SEEKER, signIn } from "./support/auth";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";

/*
 * Issue 13, done means: an admin finds a user by e-mail and makes them admin, then revokes
 * it; approves a pending applicant (who then appears in search) and rejects another; the
 * audit page shows each action. Runs on its own freshly seeded app.
 */

// Starting a fresh app on a loaded machine takes part of the test's time.
test.describe.configure({ timeout: 180_000 });

/** Axe (all WCAG rules) clean, and nothing wider than the window. */
async function looksRight(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    const { violations } = await new AxeBuilder({ page })
      .exclude("[data-sonner-toaster]")
      .analyze();
    expect(violations, `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an admin manages roles, reviews advisors and reads the audit log", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, undefined, "/admin/users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
    "href",
    "/dashboard",
  );

  // Find a seeker by e-mail, make them admin, then revoke it.
  await page.getByLabel("Search users").fill(DEMO_SEEKER.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 user matching")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: DEMO_SEEKER });
  await row.getByRole("button", { name: "Make Admin" }).click();
  await expect(page.getByText("Aarav Mehta is now an admin")).toBeVisible();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Revoke Admin" }).click();
  await expect(page.getByText("Aarav Mehta is no longer an admin")).toBeVisible();
  await expect(row.getByRole("button", { name: "Make Admin" })).toBeVisible();

  // Your own admin role cannot be revoked from here.
  await page.getByLabel("Search users").fill(DEMO_ADMIN);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: DEMO_ADMIN })
      .getByRole("button", { name: "Revoke Admin" }),
  ).toBeDisabled();
  await page.getByLabel("Role", { exact: true }).selectOption("advisor");
  await page.getByLabel("Search users").fill("");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: DEMO_SEEKER })).toHaveCount(0);
  await looksRight(page, "admin-users");

  // Approve the pending applicant; they are listed in search afterwards.
  await gotoHydrated(page, "/admin/advisors");
  await expect(page.getByRole("heading", { name: "Pending Approval (1)" })).toBeVisible();
  await looksRight(page, "admin-advisors");
  await page.getByRole("button", { name: "Approve: Vikram Gowda" }).click();
  await expect(page.getByText("Advisor approved")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pending Approval (0)" })).toBeVisible();

  await gotoHydrated(page, "/advisors?search=Vikram");
  await expect(page.getByRole("heading", { name: "Vikram Gowda" })).toBeVisible();

  // Reject another, with a reason.
  await gotoHydrated(page, "/admin/advisors");
  await page.getByRole("button", { name: /^Approved \(/ }).click();
  await page.getByRole("button", { name: "Reject: Vikram Gowda" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Vikram Gowda?" });
  await dialog.getByLabel("Reason (optional)").fill("Please add a LinkedIn profile.");
  await looksRight(page, "admin-reject-dialog");
  await dialog.getByRole("button", { name: "Reject Advisor" }).click();
  await expect(page.getByText("Advisor rejected")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The outbox has the advisor's two e-mails; the audit page shows every action.
  await gotoHydrated(page, "/dev/outbox");
  await expect(page.getByText("Your BeenThere advisor profile is approved")).toBeVisible();
  await expect(page.getByText("An update on your BeenThere advisor profile")).toBeVisible();

  await gotoHydrated(page, "/admin/audit");
  const entries = page.getByRole("row");
  await expect(entries.filter({ hasText: "Made admin" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Revoked admin" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Approved advisor" })).toHaveCount(1);
  await expect(
    entries
      .filter({ hasText: "Rejected advisor" })
      .filter({ hasText: "Please add a LinkedIn profile." }),
  ).toHaveCount(1);
  // Newest first: the rejection heads the list.
  await expect(entries.nth(1)).toContainText("Rejected advisor");
  await page.getByLabel("Action").selectOption("admin.grant");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("1 entry")).toBeVisible();
  await expect(entries.nth(1)).toContainText("Aarav Mehta");
  await looksRight(page, "admin-audit");

  await gotoHydrated(page, "/advisor-debug");
  await expect(page.getByText(/^Found \d+ advisors$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
});

// Read-only: runs against the suite's shared app.
sharedAppTest("the admin screens are not found for a seeker", async ({ page }) => {
  await signIn(page, DEMO_SEEKER);
  for (const path of ["/admin/users", "/admin/advisors", "/admin/audit", "/advisor-debug"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  }
});
