import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_ADVISOR, DEMO_SEEKER, signIn } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { axeViolations } from "./support/page-checks";

/*
 * Issue 36, findable pages: an advisor reaches Earnings, and an admin Payouts and the Audit
 * Log, from the account menu (and the phone menu), and the advisor's dashboard navigation
 * links Earnings; a seeker's menu stays Dashboard, Settings, Log out. Read-only: the suite's
 * shared app.
 */

async function openAccountMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

const itemNames = (page: Page) => page.getByRole("menu").getByRole("menuitem").allTextContents();

/**
 * No sideways scroll, no axe violation in the open menu (the page behind it is hidden from
 * assistive technology while it is open, as a modal menu's is), and a picture at each width.
 */
async function menuLooksRight(page: Page, name: string, person: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openAccountMenu(page, person);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    expect(await axeViolations(page, '[role="menu"]'), `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("an advisor finds Earnings in the account menu, the phone menu and the dashboard", async ({
  page,
}) => {
  await signIn(page, DEMO_ADVISOR);
  await gotoHydrated(page, "/dashboard");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Earnings" })).toHaveAttribute(
    "href",
    "/dashboard/earnings",
  );

  await openAccountMenu(page, "Priya Sharma");
  expect((await itemNames(page)).map((t) => t.trim())).toEqual([
    "Dashboard",
    "Earnings",
    "Settings",
    "Log out",
  ]);
  await page.keyboard.press("Escape");
  await menuLooksRight(page, "advisor-account-menu", "Priya Sharma");
  await openAccountMenu(page, "Priya Sharma");
  await page.getByRole("menuitem", { name: "Earnings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/earnings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();

  await gotoHydrated(page, "/dashboard");
  await nav.getByRole("link", { name: "Earnings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/earnings$/);

  // On a phone, the menu behind the menu button has it too.
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const phoneMenu = page.getByRole("dialog", { name: "Menu" });
  await phoneMenu.getByRole("link", { name: "Earnings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/earnings$/);
});

test("an admin finds Payouts and the Audit Log in the account menu and the phone menu", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await gotoHydrated(page, "/dashboard");
  await openAccountMenu(page, "Ananya Rao");
  expect((await itemNames(page)).map((t) => t.trim())).toEqual([
    "Dashboard",
    "Payouts",
    "Audit Log",
    "Reports",
    "Settings",
    "Log out",
  ]);
  await page.keyboard.press("Escape");
  await menuLooksRight(page, "admin-account-menu", "Ananya Rao");
  await openAccountMenu(page, "Ananya Rao");
  await page.getByRole("menuitem", { name: "Payouts" }).click();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await openAccountMenu(page, "Ananya Rao");
  await page.getByRole("menuitem", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const phoneMenu = page.getByRole("dialog", { name: "Menu" });
  await expect(phoneMenu.getByRole("link", { name: "Payouts" })).toHaveAttribute(
    "href",
    "/admin/payouts",
  );
  await phoneMenu.getByRole("link", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
});

test("a seeker's account menu has only their own pages", async ({ page }) => {
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard");
  await openAccountMenu(page, "Aarav Mehta");
  expect((await itemNames(page)).map((t) => t.trim())).toEqual([
    "Dashboard",
    "Settings",
    "Log out",
  ]);
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Earnings" }),
  ).toHaveCount(0);
});
