import type { Page } from "@playwright/test";
import { WHATSAPP_WORDING } from "../../core/consents";
import { PHONE_MESSAGES as P } from "../../core/messages/phone";
import type { Db } from "../../server/db/client.server";
import { createUserWithLogin } from "../../server/db/factories.test-support";
import { DEMO_PASSWORD, signIn, uniqueEmail } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { axeViolations, brokenWords, sidewaysOverflow } from "./support/page-checks";
import { expect, test } from "./support/own-data";

/*
 * Issue 41, point 1: a seeker verifies their phone with the code the local WhatsApp/SMS outbox
 * shows (and plays that SMS's delivery report there), then turns WhatsApp on (its box joins
 * the preferences) and off again. Over data of
 * its own (one seeker with a number), at each width.
 */
const seeker = uniqueEmail("phone");

async function make(db: Db) {
  await createUserWithLogin(db, DEMO_PASSWORD, {
    email: seeker,
    firstName: "Meera",
    lastName: "Iyer",
    phone: "+919876543210",
  });
}
test.use({ ownData: { make } });

async function looksRight(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
  expect(await sidewaysOverflow(page), what).toBeNull();
  expect(await brokenWords(page), what).toEqual([]);
}

/** The code in the newest SMS, as /dev/messages shows it. */
async function codeFromOutbox(page: Page): Promise<string> {
  await gotoHydrated(page, "/dev/messages");
  const body = page.getByTestId("channel-message-body").first();
  await expect(body).toContainText("is your BeenThere verification code");
  return /^(\d{6})/.exec((await body.textContent()) ?? "")![1]!;
}

for (const width of [375, 1280]) {
  test(`a seeker verifies their phone and opts in to WhatsApp at ${width} px`, async ({ page }) => {
    test.slow(); // an app of its own, a sign-in and five posts
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, seeker);
    await gotoHydrated(page, "/settings");
    await expect(page.getByTestId("phone-status")).toHaveText(
      "Not verified. Verify it under Notifications to get WhatsApp or SMS.",
    );

    await gotoHydrated(page, "/settings/notifications");
    await expect(page.getByRole("heading", { name: "WhatsApp and SMS" })).toBeVisible();
    await expect(page.getByText("+91 98765 43210 is not verified yet.")).toBeVisible();
    await looksRight(page, `unverified at ${width}`);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(P.codeSent)).toBeVisible();
    await expect(page.getByLabel("Verification code")).toBeVisible();
    await looksRight(page, `code sent at ${width}`);

    const code = await codeFromOutbox(page);
    await expect(page.getByTestId("channel-message").first()).toContainText("SMS to +919876543210");
    await looksRight(page, `local outbox at ${width}`);
    // Once sent, the local outbox plays MSG91's delivery report through the webhook's code.
    const sms = page.getByTestId("channel-message").first();
    const delivered = sms.getByRole("button", { name: "Report delivered" });
    await expect(async () => {
      await gotoHydrated(page, "/dev/messages");
      await expect(delivered).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await delivered.click();
    await expect(page.getByText(P.reportPlayed)).toBeVisible();
    await expect(sms.getByText("delivered", { exact: true })).toBeVisible();
    await expect(delivered).toHaveCount(0);
    await looksRight(page, `delivery report played at ${width}`);

    await gotoHydrated(page, "/settings/notifications");
    // A wrong code is refused beside its field; the right one verifies the number.
    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText(P.wrongCode)).toBeVisible();
    await expect(page.getByLabel("Verification code")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText(P.verified)).toBeVisible();
    await expect(page.getByTestId("phone-verified")).toHaveText("Verified");
    await expect(page.getByText(WHATSAPP_WORDING)).toBeVisible();
    await expect(page.getByText("WhatsApp: Off")).toBeVisible();
    // Only e-mail's boxes (four kinds) until a phone channel is on.
    await expect(page.getByRole("checkbox")).toHaveCount(4);
    await looksRight(page, `verified at ${width}`);

    await page.getByRole("button", { name: "Turn on WhatsApp" }).click();
    await expect(page.getByText("WhatsApp: On")).toBeVisible();
    const reminders = page.getByRole("group", { name: "Reminders" });
    await expect(reminders.getByLabel("WhatsApp")).toBeChecked();
    // WhatsApp carries three of them: unread messages stay e-mail only.
    await expect(page.getByRole("checkbox")).toHaveCount(7);
    await expect(page.getByRole("group", { name: "Messages" }).getByLabel("WhatsApp")).toHaveCount(
      0,
    );
    await looksRight(page, `WhatsApp on at ${width}`);
    // Reminders on WhatsApp off, e-mail kept: saved and read back.
    await reminders.getByLabel("WhatsApp").uncheck();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText("Notification preferences saved")).toBeVisible();
    await gotoHydrated(page, "/settings/notifications");
    await expect(
      page.getByRole("group", { name: "Reminders" }).getByLabel("WhatsApp"),
    ).not.toBeChecked();
    await expect(page.getByRole("group", { name: "Reminders" }).getByLabel("E-mail")).toBeChecked();

    await page.getByRole("button", { name: "Turn off WhatsApp" }).click();
    await expect(page.getByText("WhatsApp: Off")).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveCount(4);
  });
}
