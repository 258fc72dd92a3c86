import type { Page } from "@playwright/test";
import { SETTINGS_MESSAGES as M } from "../../core/messages/settings";
import type { Db } from "../../server/db/client.server";
import {
  createAdvisor,
  createBooking,
  createUserWithLogin,
} from "../../server/db/factories.test-support";
import { headshot } from "./support/advisor-wizard";
import { DEMO_PASSWORD, signIn, uniqueEmail } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { axeViolations, brokenWords, sidewaysOverflow } from "./support/page-checks";
import { expect, test } from "./support/own-data";

/*
 * Issue 38, point 1: a seeker edits their name, phone, time zone and photo, turns reminders
 * off, and finds everything saved after a reload; a bad phone gets its
 * message and saves nothing; the dashboard then shows their session in the zone they chose.
 * Over data of its own (one seeker with one upcoming session), at each width.
 */
const seeker = uniqueEmail("settings");

async function make(db: Db) {
  const userId = await createUserWithLogin(db, DEMO_PASSWORD, {
    email: seeker,
    firstName: "Test",
    lastName: "Seeker",
  });
  const advisorId = await createAdvisor(db, {}, { firstName: "Kavya", lastName: "Rao" });
  await createBooking(db, {
    advisorId,
    userId,
    datetime: new Date(Date.now() + 3 * 86_400_000),
    seekerTimezone: "Asia/Kolkata",
    advisorTimezone: "Asia/Kolkata",
  });
}
test.use({ ownData: { make } });

/** Axe, no sideways scroll, no word broken inside, at this width. */
async function looksRight(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
  expect(await sidewaysOverflow(page), what).toBeNull();
  expect(await brokenWords(page), what).toEqual([]);
}

const profileForm = (page: Page) => page.getByRole("form", { name: "Your details" });

for (const width of [375, 1280]) {
  test(`a seeker edits their profile and notifications at ${width} px`, async ({ page }) => {
    test.slow(); // an app of its own, a sign-in, an upload and three saves
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, seeker);
    await gotoHydrated(page, "/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    const tabs = page.getByRole("navigation", { name: "Settings" }).getByRole("link");
    // Profile first; Notifications among the sections that follow.
    await expect(tabs.nth(0)).toHaveText("Profile");
    await expect(tabs.filter({ hasText: "Notifications" })).toHaveAttribute(
      "href",
      "/settings/notifications",
    );
    await looksRight(page, `profile at ${width}`);

    // The photo is saved as soon as it is picked.
    await page.getByLabel("Profile photo").setInputFiles(await headshot());
    await expect(page.getByText(M.photoSaved)).toBeVisible();
    await expect(page.getByRole("img", { name: "Your profile photo" })).toBeVisible();

    const form = profileForm(page);
    await form.getByLabel("First name").fill("Meera");
    await form.getByLabel("Last name").fill("Iyer");
    await form.getByLabel("Phone number").fill("098765 43210");
    await form.getByLabel("Time zone").selectOption("America/New_York");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(M.profileSaved)).toBeVisible();

    // A bad phone gets its message beside the field, and nothing is saved.
    await form.getByLabel("First name").fill("Nobody");
    await form.getByLabel("Phone number").fill("12345");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByText(M.phoneInvalid)).toBeVisible();
    await expect(form.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
    await looksRight(page, `profile with an error at ${width}`);

    await gotoHydrated(page, "/settings");
    const saved = profileForm(page);
    await expect(saved.getByLabel("First name")).toHaveValue("Meera");
    await expect(saved.getByLabel("Last name")).toHaveValue("Iyer");
    await expect(saved.getByLabel("Phone number")).toHaveValue("+91 98765 43210");
    await expect(saved.getByLabel("Time zone")).toHaveValue("America/New_York");
    await expect(page.getByRole("img", { name: "Your profile photo" })).toBeVisible();
    // The account menu shows the new name.
    await expect(page.getByRole("button", { name: "Account menu for Meera Iyer" })).toBeVisible();

    // Notifications: everything switchable starts on; product news is the marketing consent
    // (off until given, under Privacy); what nobody may refuse is marked so.
    await tabs.getByText("Notifications").click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    const reminders = page.getByRole("group", { name: "Reminders" }).getByLabel("E-mail");
    const changes = page.getByRole("group", { name: "Booking changes" }).getByLabel("E-mail");
    await expect(reminders).toBeChecked();
    await expect(changes).toBeChecked();
    // Issue 39: e-mails about unread messages, on until turned off.
    const messages = page.getByRole("group", { name: "Messages" });
    await expect(messages.getByLabel("E-mail")).toBeChecked();
    await expect(messages).toContainText(
      "New messages from an advisor or a seeker, when you have not read them for 10 minutes.",
    );
    await expect(page.getByTestId("product-news")).toHaveText("E-mail: Off");
    await expect(page.getByRole("link", { name: M.productNewsWhere })).toHaveAttribute(
      "href",
      "/settings/privacy",
    );
    const always = page.getByRole("listitem").filter({ hasText: M.alwaysSent });
    await expect(always).toHaveCount(5);
    await expect(always.first()).toContainText("Booking confirmations");
    await expect(page.getByRole("checkbox")).toHaveCount(4);
    await looksRight(page, `notifications at ${width}`);

    await reminders.uncheck();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText(M.preferencesSaved)).toBeVisible();
    await gotoHydrated(page, "/settings/notifications");
    await expect(
      page.getByRole("group", { name: "Reminders" }).getByLabel("E-mail"),
    ).not.toBeChecked();
    await expect(
      page.getByRole("group", { name: "Booking changes" }).getByLabel("E-mail"),
    ).toBeChecked();

    // Every date they see is in the zone they chose.
    await gotoHydrated(page, "/dashboard");
    const session = page.getByTestId("session-row").filter({ hasText: "Kavya Rao" });
    await expect(session).toContainText("(America/New_York)");
  });
}
