import { type Locator, test as sharedAppTest, type Page } from "@playwright/test";
import { axeViolations } from "./support/page-checks";
import sharp from "sharp";
import { DEMO_ADMIN, DEMO_SEEKER, mailLink, signIn, uniqueEmail } from "./support/auth";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";

/*
 * Issue 13, done means: an admin finds a user by e-mail and makes them admin, then revokes
 * it; approves a pending applicant (who then appears in search) and rejects another; the
 * audit page shows each action. Issue 36: granting and revoking ask first, naming the person
 * (a dialog, or a step the server renders without JavaScript), and the audit log, linked from
 * the dashboard, reads as sentences. Runs on its own freshly seeded app.
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
    expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Follows a list's Next link (the pager named `list`) until `target` shows. */
async function pageUntil(page: Page, list: string, target: Locator) {
  const next = page
    .getByRole("navigation", { name: `${list}: pages` })
    .getByRole("link", { name: "Next" });
  for (let turns = 0; turns < 10 && !(await target.isVisible()); turns++) {
    const url = page.url();
    await next.click();
    await page.waitForURL((to) => to.toString() !== url);
  }
  await expect(target).toBeVisible();
}

test("an admin manages roles, reviews advisors and reads the audit log", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, undefined, "/admin/users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
    "href",
    "/dashboard",
  );

  // Find a seeker by e-mail, make them admin, then revoke it: each asks first, naming them.
  await page.getByLabel("Search users").fill(DEMO_SEEKER.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 user matching")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: DEMO_SEEKER });
  const makeAdmin = row.getByRole("button", { name: "Make Admin: Aarav Mehta" });
  // Not the page's primary look: the Search button has it, the row's button does not.
  const background = (button: Locator) =>
    button.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background(makeAdmin)).not.toBe(
    await background(page.getByRole("button", { name: "Search" })),
  );
  await makeAdmin.click();
  const grant = page.getByRole("dialog", { name: "Make Aarav Mehta an admin?" });
  await expect(grant).toContainText(
    "Aarav Mehta (aarav.mehta@example.com) will be able to approve and reject advisors, edit any profile, manage users and their roles, change or cancel any session and retry payouts. The change is recorded in the audit log.",
  );
  await looksRight(page, "admin-grant-dialog");
  // Cancel changes nothing.
  await grant.getByRole("button", { name: "Cancel" }).click();
  await expect(grant).toBeHidden();
  await expect(makeAdmin).toBeFocused();
  await expect(row.getByText("Admin", { exact: true })).toHaveCount(0);
  await makeAdmin.click();
  await grant.getByRole("button", { name: "Make Admin" }).click();
  await expect(page.getByText("Aarav Mehta is now an admin")).toBeVisible();
  await expect(grant).toBeHidden();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Revoke Admin: Aarav Mehta" }).click();
  const revoke = page.getByRole("dialog", { name: "Revoke Aarav Mehta's admin role?" });
  await expect(revoke).toContainText(
    "Aarav Mehta (aarav.mehta@example.com) will no longer be able to open the admin screens. The change is recorded in the audit log.",
  );
  await revoke.getByRole("button", { name: "Revoke Admin" }).click();
  await expect(page.getByText("Aarav Mehta is no longer an admin")).toBeVisible();
  await expect(row.getByRole("button", { name: "Make Admin: Aarav Mehta" })).toBeVisible();

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

  // A page at a time: Next shows the following advisors (the filter kept), Previous the first.
  const firstRow = page.getByRole("row").nth(1);
  const firstText = (await firstRow.textContent())!;
  const pages = page.getByRole("navigation", { name: "Pages" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/role=advisor&after=/);
  await expect(firstRow).not.toHaveText(firstText);
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/role=advisor&before=/);
  await expect(firstRow).toHaveText(firstText);

  // Approve the pending applicant; they are listed in search afterwards.
  await gotoHydrated(page, "/admin/advisors");
  await expect(page.getByRole("heading", { name: "Pending Approval (1)" })).toBeVisible();
  await looksRight(page, "admin-advisors");
  await page.getByRole("button", { name: "Approve: Vikram Gowda" }).click();
  await expect(page.getByText("Advisor approved")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pending Approval (0)" })).toBeVisible();

  await gotoHydrated(page, "/advisors?search=Vikram");
  await expect(page.getByRole("heading", { name: "Vikram Gowda" })).toBeVisible();

  // Reject another, with a reason: the Approved section shows a page at a time, newest first.
  await gotoHydrated(page, "/admin/advisors");
  await page.getByRole("button", { name: /^Approved \(/ }).click();
  await pageUntil(page, "Approved", page.getByRole("button", { name: "Reject: Vikram Gowda" }));
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

  // The dashboard links to the audit log; each entry reads as a sentence.
  await gotoHydrated(page, "/dashboard");
  await page.getByRole("link", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  const entries = page.getByRole("row");
  await expect(entries.filter({ hasText: "Ananya Rao made Aarav Mehta an admin." })).toHaveCount(1);
  await expect(
    entries.filter({ hasText: "Ananya Rao revoked Aarav Mehta's admin role." }),
  ).toHaveCount(1);
  await expect(
    entries
      .filter({ hasText: "Ananya Rao approved Vikram Gowda as an advisor." })
      .filter({ hasText: "Vikram Gowda's profile status: Pending review → Approved" }),
  ).toHaveCount(1);
  // Newest first: the rejection heads the list, with its reason.
  const rejection = entries.nth(1);
  await expect(rejection).toContainText("Ananya Rao rejected Vikram Gowda's advisor profile.");
  await expect(rejection).toContainText("Vikram Gowda's profile status: Approved → Rejected");
  await expect(rejection).toContainText("Reason: Please add a LinkedIn profile.");
  // No raw field names or codes.
  for (const raw of ["profile_status", "admin: N", "admin: Y", "→ Y"]) {
    await expect(page.getByRole("main")).not.toContainText(raw);
  }
  await page.getByLabel("Action").selectOption("admin.grant");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("1 entry")).toBeVisible();
  await expect(entries.nth(1)).toContainText("Ananya Rao made Aarav Mehta an admin.");
  await expect(entries.nth(1)).toContainText(DEMO_SEEKER);
  await looksRight(page, "admin-audit");

  await gotoHydrated(page, "/advisor-debug");
  // In the page itself: while React streams it, the list's copy waits in a hidden segment too.
  await expect(page.getByRole("main").getByText(/^Found \d+ advisors$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
});

test("without JavaScript, granting and revoking admin asks first on a page the server renders", async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN);
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(`/admin/users?q=${encodeURIComponent(DEMO_SEEKER)}`);
  const row = plain.getByRole("row").filter({ hasText: DEMO_SEEKER });
  await row.getByRole("button", { name: "Make Admin: Aarav Mehta" }).click();
  await expect(plain).toHaveURL(/[?&]confirm=[0-9a-f-]{36}/);
  const question = plain.getByRole("region", { name: "Make Aarav Mehta an admin?" });
  await expect(question).toContainText(
    "Aarav Mehta (aarav.mehta@example.com) will be able to approve and reject advisors",
  );
  await expect(row.getByText("Admin", { exact: true })).toHaveCount(0);
  // Cancel goes back to the list as it was.
  await question.getByRole("link", { name: "Cancel" }).click();
  const list = /\/admin\/users\?q=aarav\.mehta%40example\.com$/;
  await expect(plain).toHaveURL(list);
  await expect(question).toHaveCount(0);
  await row.getByRole("button", { name: "Make Admin: Aarav Mehta" }).click();
  await question.getByRole("button", { name: "Make Admin" }).click();
  await expect(
    plain.getByRole("status").filter({ hasText: "Aarav Mehta is now an admin" }),
  ).toBeVisible();
  await expect(plain).toHaveURL(list);
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: "Revoke Admin: Aarav Mehta" }).click();
  const revoke = plain.getByRole("region", { name: "Revoke Aarav Mehta's admin role?" });
  await revoke.getByRole("button", { name: "Revoke Admin" }).click();
  await expect(
    plain.getByRole("status").filter({ hasText: "Aarav Mehta is no longer an admin" }),
  ).toBeVisible();
  await expect(row.getByRole("button", { name: "Make Admin: Aarav Mehta" })).toBeVisible();
  for (const width of [1280, 375]) {
    await plain.setViewportSize({ width, height: 900 });
    await row.getByRole("button", { name: "Make Admin: Aarav Mehta" }).click();
    await expect(plain.getByRole("region", { name: "Make Aarav Mehta an admin?" })).toBeVisible();
    expect(await plain.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await plain.screenshot({
      path: test.info().outputPath(`admin-confirm-no-js-${width}.png`),
      fullPage: true,
    });
  }
  await context.close();
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

test("an admin adds an advisor who activates the account and is listed", async ({ page }) => {
  const email = uniqueEmail("invited");
  await signIn(page, DEMO_ADMIN, undefined, "/admin/advisors/new");
  await expect(
    page.getByRole("heading", { name: "Add New Advisor (Pending Sign up & Activation)" }),
  ).toBeVisible();

  // Nothing is sent while any rule fails.
  const submit = page.getByRole("button", { name: "Create Advisor & Send Activation" });
  await submit.click();
  await expect(
    page.getByText("Please fix the highlighted errors before submitting."),
  ).toBeVisible();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Professional headshot is required")).toBeVisible();
  await expect(page.getByText("You must accept the terms and conditions.")).toBeVisible();

  await page.getByLabel("First name").fill("Ishita");
  await page.getByLabel("Last name").fill("Banerjee");
  await page.getByLabel("Email", { exact: true }).fill(DEMO_SEEKER.toUpperCase());
  const photo = await sharp({
    create: { width: 96, height: 96, channels: 3, background: "#c2410c" },
  })
    .png()
    .toBuffer();
  await page
    .locator("#new-advisor-headshot")
    .setInputFiles({ name: "ishita.png", mimeType: "image/png", buffer: photo });
  await expect(page.getByRole("img", { name: "Chosen headshot" })).toBeVisible();
  await page.getByLabel("Phone number").fill("+91 98300 12345");
  await page.getByLabel("Job title").fill("Data Scientist");
  await page.getByLabel("Company", { exact: true }).fill("Swiggy");
  await page.getByLabel("Total experience").selectOption("9");
  await page.getByLabel("LinkedIn URL").fill("NA");
  const addItems = async (label: string, items: string[]) => {
    for (const item of items) {
      await page.getByLabel(label, { exact: true }).fill(item);
      await page.getByLabel(label, { exact: true }).press("Enter");
    }
  };
  await addItems("Work locations", ["India"]);
  await page
    .getByLabel("Short introduction")
    .fill("Data scientist who moved from Kolkata to Bengaluru.");
  await page
    .getByLabel("About", { exact: true })
    .fill(
      "I moved from academic research into industry data science and now lead a small team. " +
        "I can help with switching into data roles, interviews and settling in a new city.",
    );
  await expect(page.getByText("Pro-bono")).toBeVisible();
  await addItems("Skills", ["Machine Learning", "Statistics", "Python"]);
  await addItems("Career advice topics", [
    "Career Change",
    "Interview Preparation",
    "Higher Studies",
  ]);
  await addItems("Personal advice topics", [
    "Networking",
    "Managing Stress",
    "Building Confidence",
  ]);
  await page.getByLabel("I accept the terms and conditions on behalf of this advisor.").check();

  // A registered e-mail, in any case, is refused by the server.
  await submit.click();
  await expect(
    page.getByText("Email already exists in the system. Please enter another email address."),
  ).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await looksRight(page, "admin-add-advisor");
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/advisors$/);
  await expect(page.getByText("Advisor created and activation e-mail sent")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Pending Activation \(2\)$/ })).toBeVisible();

  // The invitation arrives; the advisor sets a password and is active, approved and listed.
  const link = await mailLink(page, email, "Activate your BeenThere advisor account");
  expect(link).toContain("/reset-password?type=invite&token=");
  await page.context().clearCookies();
  await gotoHydrated(page, link);
  await page.getByLabel("New Password").fill("Ishita@2026");
  await page.getByLabel("Confirm Password").fill("Ishita@2026");
  await page.getByRole("button", { name: "Activate Account" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await gotoHydrated(page, "/advisors?search=Ishita");
  await expect(page.getByRole("heading", { name: "Ishita Banerjee" })).toBeVisible();
  await signIn(page, email, "Ishita@2026", "/dashboard");
  await expect(page).toHaveURL(/\/dashboard/);

  await page.context().clearCookies();
  await signIn(page, DEMO_ADMIN, undefined, "/admin/audit");
  await expect(
    page
      .getByRole("row")
      .filter({
        hasText:
          "Ananya Rao added Ishita Banerjee as an advisor and sent them an activation e-mail.",
      })
      .filter({ hasText: email }),
  ).toHaveCount(1);
});
