import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_SEEKER, mailLink, signIn } from "./support/auth";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";
import { pageProblems } from "./support/page-checks";

/*
 * Issue 38, points 2 and 3: the Account section of /settings. Each journey runs at a phone's
 * and a laptop's width on its own app (fresh demo data), as the demo seeker.
 */

test.setTimeout(120_000);

const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function openAccount(page: Page) {
  await gotoHydrated(page, "/settings/account");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
  await expect(
    page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Account" }),
  ).toHaveAttribute("aria-current", "page");
}

async function looksRight(page: Page, width: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
  expect(await pageProblems(page)).toEqual({});
}

/** What a submitted form's answer says, in its live region. */
const summary = (page: Page, region: string) =>
  page.getByRole("region", { name: region }).getByRole("status");

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("change the e-mail address by the link to the new one; the old one can undo it", async ({
      page,
    }) => {
      const next = `aarav.new.${width}@example.com`;
      await signIn(page, DEMO_SEEKER);
      await openAccount(page);
      const section = page.getByRole("region", { name: "E-mail address" });
      await expect(section).toContainText(`You sign in with ${DEMO_SEEKER}.`);
      await looksRight(page, width);

      // An address another account holds is refused, as at sign-up.
      await section.getByLabel("New e-mail address").fill("priya.sharma@example.com");
      await section.getByRole("button", { name: "Change e-mail" }).click();
      const newEmail = section.getByLabel("New e-mail address");
      await expect(newEmail).toHaveAttribute("aria-invalid", "true");
      await expect(newEmail).toHaveAccessibleDescription(
        /^This e-mail address belongs to another account\. Please use a different one\./,
      );
      // Said once, beside the field.
      await expect(
        section.getByText(
          "This e-mail address belongs to another account. Please use a different one.",
        ),
      ).toHaveCount(1);

      await section.getByLabel("New e-mail address").fill(next);
      await section.getByRole("button", { name: "Change e-mail" }).click();
      await expect(summary(page, "E-mail address")).toContainText("Check your new inbox");
      await expect(summary(page, "E-mail address")).toContainText(
        `We have sent a confirmation link to ${next}. Your e-mail address changes when you open it.`,
      );
      await looksRight(page, width);
      // Nothing has changed yet.
      await openAccount(page);
      await expect(section).toContainText(`You sign in with ${DEMO_SEEKER}.`);

      await page.goto(await mailLink(page, next, "Confirm your new e-mail address"));
      await expect(page).toHaveURL(/\/settings\/account\?email-changed=1$/);
      await expect(summary(page, "E-mail address")).toContainText("E-mail address changed");
      await expect(section).toContainText(`You sign in with ${next}.`);
      await expect(section).toContainText(`You now sign in with ${next}.`);

      // The old address is told, with a link that undoes the change.
      const undo = await mailLink(page, DEMO_SEEKER, "Your BeenThere e-mail address was changed");
      expect(undo).toMatch(/\/account\/undo-email-change\?token=/);
      await gotoHydrated(page, undo);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Undo the e-mail change");
      await expect(page.getByRole("main")).toContainText(
        `The e-mail address of the BeenThere account that used ${DEMO_SEEKER} was changed to ${next}.`,
      );
      await looksRight(page, width);
      await page.getByRole("button", { name: "Undo the change" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change undone");
      await expect(page.getByRole("status")).toContainText(
        `Your account is back on ${DEMO_SEEKER} and every device is signed out. We have sent a link to choose a new password to ${DEMO_SEEKER}.`,
      );
      await looksRight(page, width);
      // This browser was signed out too, and a reset link waits in the old inbox.
      await page.goto("/settings/account");
      await expect(page).toHaveURL(/\/auth\?redirect=%2Fsettings%2Faccount$/);
      expect(await mailLink(page, DEMO_SEEKER, "Reset your BeenThere password")).toMatch(
        /reset-password/,
      );
    });

    test("change the password: an older browser is signed out, this one stays", async ({
      page,
      browser,
    }) => {
      const older = await browser.newContext({ userAgent: SAFARI_IPHONE });
      const olderPage = await older.newPage();
      await signIn(olderPage, DEMO_SEEKER);
      await signIn(page, DEMO_SEEKER);
      await openAccount(page);
      const section = page.getByRole("region", { name: "Password" });
      await expect(section).toContainText(
        "Changing your password signs you out on every other device.",
      );

      // A wrong current password changes nothing.
      await section.getByLabel("Current password").fill("not-my-password");
      await section.getByLabel("New password", { exact: true }).fill("a-new-password-1");
      await section.getByLabel("Confirm new password").fill("a-new-password-1");
      await section.getByRole("button", { name: "Change password" }).click();
      await expect(section.getByLabel("Current password")).toHaveAccessibleDescription(
        "Your current password is not correct.",
      );
      await expect(section.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
      await gotoHydrated(olderPage, "/settings/account");
      await expect(olderPage).toHaveURL(/\/settings\/account$/);

      // The sign-up form's rule and message.
      await section.getByLabel("Current password").fill(DEMO_PASSWORD);
      await section.getByLabel("New password", { exact: true }).fill("short");
      await section.getByLabel("Confirm new password").fill("short");
      await section.getByRole("button", { name: "Change password" }).click();
      await expect(section.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(
        /Password must be at least 8 characters long\./,
      );

      await section.getByLabel("New password", { exact: true }).fill("a-new-password-1");
      await section.getByLabel("Confirm new password").fill("a-new-password-1");
      await section.getByRole("button", { name: "Change password" }).click();
      await expect(summary(page, "Password")).toContainText("Password changed");
      await expect(summary(page, "Password")).toContainText(
        "Your other devices have been signed out.",
      );
      await looksRight(page, width);

      // This browser goes on; the older one is signed out.
      await openAccount(page);
      await olderPage.goto("/settings/account");
      await expect(olderPage).toHaveURL(/\/auth\?redirect=%2Fsettings%2Faccount$/);
      await signIn(olderPage, DEMO_SEEKER, "a-new-password-1");
      await expect(olderPage).toHaveURL(/\/dashboard$/);
      await older.close();
    });

    test("see where you are signed in and sign another browser out", async ({ page, browser }) => {
      const phone = await browser.newContext({ userAgent: SAFARI_IPHONE });
      const phonePage = await phone.newPage();
      await signIn(phonePage, DEMO_SEEKER);
      await signIn(page, DEMO_SEEKER);
      await openAccount(page);
      const section = page.getByRole("region", { name: "Where you are signed in" });
      const items = section.getByRole("listitem");
      await expect(items).toHaveCount(2);
      await expect(items.first()).toContainText("This device");
      await expect(items.nth(1)).toContainText("Safari on iOS");
      await expect(items.nth(1)).not.toContainText("This device");
      await looksRight(page, width);

      await items
        .nth(1)
        .getByRole("button", { name: /^Sign out Safari on iOS/ })
        .click();
      await expect(summary(page, "Where you are signed in")).toContainText(
        "Safari on iOS has been signed out.",
      );
      await expect(items).toHaveCount(1);
      await expect(section.getByRole("button", { name: "Sign out all other devices" })).toHaveCount(
        0,
      );
      await phonePage.goto("/settings/account");
      await expect(phonePage).toHaveURL(/\/auth\?redirect=%2Fsettings%2Faccount$/);

      // Two more sign-ins elsewhere, then all others at once.
      await signIn(phonePage, DEMO_SEEKER);
      await openAccount(page);
      await expect(items).toHaveCount(2);
      await section.getByRole("button", { name: "Sign out all other devices" }).click();
      await expect(summary(page, "Where you are signed in")).toContainText(
        "1 other device has been signed out.",
      );
      await expect(items).toHaveCount(1);
      await phonePage.goto("/dashboard");
      await expect(phonePage).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
      await phone.close();
    });
  });
}
