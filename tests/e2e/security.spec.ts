import type { Page } from "@playwright/test";
import { totp } from "../support/totp";
import {
  answerSecondStep,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  mailLink,
  signIn,
  signUp,
  uniqueEmail,
} from "./support/auth";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";
import { axeViolations, sidewaysOverflow } from "./support/page-checks";

/*
 * Settings → Security (ADR 92): an authenticator app turned on with a code computed here
 * (RFC 6238) and used to sign in, a backup code that works once, a passkey registered and
 * used through Chromium's virtual authenticator, and an admin without a second factor sent
 * to set one up. At a phone's and a laptop's width.
 */
test.setTimeout(120_000);

const PASSWORD = "long-enough-1";

/** A new confirmed account, signed in (the confirmation link signs them in). */
async function newAccount(page: Page, first: string) {
  const email = uniqueEmail(first.toLowerCase());
  await signUp(page, { first, last: "Rao", email, password: PASSWORD });
  await page.goto(await mailLink(page, email, "Confirm your e-mail"));
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

async function openSecurity(page: Page) {
  await gotoHydrated(page, "/settings");
  await page
    .getByRole("navigation", { name: "Settings" })
    .getByRole("link", { name: "Security" })
    .click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole("heading", { name: "Authenticator app" })).toBeVisible();
}

/** Turns the authenticator app on; returns its key (as shown) and the backup codes. */
async function turnOnTotp(page: Page, password: string) {
  const card = page.locator("form").filter({ has: page.getByRole("button", { name: "Turn on" }) });
  await card.getByLabel("Current password").fill(password);
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("img", { name: "Scan this QR code" })).toBeVisible();
  await expect(page.getByText("Setup key", { exact: true })).toBeVisible();
  const shown = await page.getByTestId("totp-secret").textContent();
  const secret = shown!.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await page.getByLabel("Authentication code").fill(totp(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  const codes = page.getByRole("list", { name: "Save your backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByText("Two-factor authentication is on", { exact: true })).toBeVisible();
  return { secret, backupCodes: await codes.allTextContents() };
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("turn on an authenticator app, sign in with its code, then with a backup code once", async ({
      page,
    }) => {
      const email = await newAccount(page, "Meera");
      await openSecurity(page);
      await expect(page.getByText(/Add a second step to signing in/)).toBeVisible();
      const { secret, backupCodes } = await turnOnTotp(page, PASSWORD);
      // Shown once: a new visit lists no codes.
      await gotoHydrated(page, "/settings/security");
      await expect(page.getByRole("list", { name: "Save your backup codes" })).toHaveCount(0);
      await expect(page.getByText(/Two-factor authentication is on\. Signing in/)).toBeVisible();

      // The password alone no longer signs in: the code does.
      await page.context().clearCookies();
      await signIn(page, email, PASSWORD, "/settings/security", secret);
      await expect(page).toHaveURL(/\/settings\/security$/);

      // A backup code instead, once.
      await page.context().clearCookies();
      await signIn(page, email, PASSWORD, "/dashboard", undefined);
      await answerSecondStep(page, backupCodes[0]!);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.context().clearCookies();
      await signIn(page, email, PASSWORD, "/dashboard", undefined);
      await answerSecondStep(page, backupCodes[0]!);
      await expect(page.getByRole("alert")).toContainText(
        "That code is not right. Please try again.",
      );
      await expect(page).toHaveURL(/\/auth\/two-factor/);
    });

    test("a passkey added in settings signs in without a password", async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      const email = await newAccount(page, "Farah");
      await openSecurity(page);
      await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
      await page.getByLabel("Passkey name").fill("Work laptop");
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await expect(page.getByText('"Work laptop" can now sign you in.')).toBeVisible();
      const list = page.getByRole("list", { name: "Passkeys" });
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list).toContainText("Work laptop");

      // Renamed in place: a disclosure with its own form.
      await list.getByText("Rename", { exact: true }).click();
      await list.getByLabel("New name").fill("Old laptop");
      expect(await axeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeNull();
      await list.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByText("Passkey renamed")).toBeVisible();
      await expect(list).toContainText("Old laptop");

      // Password-less: the passkey alone.
      await page.context().clearCookies();
      await gotoHydrated(page, "/auth?tab=signin");
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Farah");

      // As the second factor after the password.
      await page.context().clearCookies();
      await signIn(page, email, PASSWORD, "/dashboard", undefined);
      await expect(page).toHaveURL(/\/auth\/two-factor/);
      await expect(page.getByText("Use your passkey to finish signing in.")).toBeVisible();
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test("an admin without a second factor is sent to set one up first", async ({ page }) => {
      await signIn(page, DEMO_ADMIN, DEMO_PASSWORD, "/settings/security");
      await expect(page).toHaveURL(/\/settings\/security$/);
      const off = page
        .locator("form")
        .filter({ has: page.getByRole("button", { name: "Turn off two-factor authentication" }) });
      await off.getByLabel("Current password").fill(DEMO_PASSWORD);
      await off.getByRole("button", { name: "Turn off two-factor authentication" }).click();
      await expect(page.getByRole("button", { name: "Turn on" })).toBeVisible();

      await gotoHydrated(page, "/admin/users");
      await expect(page).toHaveURL(/\/settings\/security\?for=admin$/);
      await expect(page.getByRole("alert")).toContainText("Set up a second factor");
      await expect(page.getByRole("alert")).toContainText(
        "Admin pages open only for accounts with a second factor.",
      );

      await turnOnTotp(page, DEMO_PASSWORD);
      await gotoHydrated(page, "/admin/users");
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });
}
