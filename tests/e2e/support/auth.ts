import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { DEMO_ADMIN_TOTP_SECRET } from "../../../server/seed/seed.server";
import { totp } from "../../support/totp";
import { gotoHydrated } from "./navigation";

export const DEMO_PASSWORD = "Demo@12345";
export const DEMO_ADVISOR = "priya.sharma@example.com";
export const DEMO_SEEKER = "aarav.mehta@example.com";
export const DEMO_ADMIN = "admin@example.com";
/** The demo admin's authenticator key (admins must have a second factor, ADR 92). */
export { DEMO_ADMIN_TOTP_SECRET };

/** A fresh address per test, so tests never share an account or a lockout. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

/**
 * Signs in through the /auth page, as a person would; the demo admin (or anyone whose
 * authenticator key is given) answers the second step with a code computed here.
 */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  redirect?: string,
  totpSecret = email === DEMO_ADMIN ? DEMO_ADMIN_TOTP_SECRET : undefined,
) {
  await gotoHydrated(page, redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : "/auth");
  await page.getByRole("tab", { name: "Sign In" }).click();
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await submitAndWait(page, form.getByRole("button", { name: "Sign In" }), form);
  if (totpSecret) await answerSecondStep(page, totp(totpSecret));
}

/** The sign-in's second step with an authenticator (or backup) code. */
export async function answerSecondStep(page: Page, code: string, trustDevice = false) {
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const label = /^\d{6}$/.test(code) ? "Authentication code" : "Backup code";
  if (label === "Backup code" && (await page.getByLabel(label).count()) === 0) {
    await page.getByRole("link", { name: "Use a backup code instead" }).click();
  }
  await page.getByLabel(label).fill(code);
  if (trustDevice) await page.getByLabel("Trust this device for 30 days").check();
  const form = page.locator("form").filter({ has: page.getByLabel(label) });
  await submitAndWait(page, page.getByRole("button", { name: "Verify" }), form);
}

/** Signs up through the /auth page and waits for the confirmation message. */
export async function signUp(
  page: Page,
  person: { first: string; last: string; email: string; password: string },
) {
  await gotoHydrated(page, "/auth");
  const form = page.getByRole("tabpanel", { name: "Sign Up" });
  await form.getByLabel("First Name").fill(person.first);
  await form.getByLabel("Last Name").fill(person.last);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Password").fill(person.password);
  await submitAndWait(page, form.getByRole("button", { name: "Sign Up" }), form);
}

/**
 * Clicks a submit button and waits for the action's answer, or for the browser's own check to
 * mark a field invalid (then nothing is sent), so the next step never races it.
 */
async function submitAndWait(page: Page, button: Locator, form: Locator) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth"),
  );
  const refused = form.locator('[aria-invalid="true"]').first().waitFor();
  // Whichever does not happen is dropped with the page.
  answered.catch(() => {});
  refused.catch(() => {});
  await button.click();
  await Promise.race([answered, refused]);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/** The first link of the newest mail to `to` whose subject contains `subject`, from /dev/outbox. */
export async function mailLink(page: Page, to: string, subject: string): Promise<string> {
  let link = "";
  await expect(async () => {
    await page.goto("/dev/outbox");
    const mail = page
      .getByRole("listitem")
      .filter({ hasText: `To ${to}` })
      .filter({ has: page.getByRole("heading", { name: subject }) })
      .first();
    link = (await mail.getByRole("link").first().getAttribute("href")) ?? "";
    expect(link).toMatch(/^http/);
  }).toPass({ timeout: 15_000 });
  return link;
}
