import { expect, type Page, test } from "@playwright/test";
import { CONSENT_MESSAGES as M } from "../../core/messages/consents";
import { MARKETING_WORDING } from "../../core/consents";
import { mailLink, signUp, uniqueEmail } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { axeViolations, brokenWords, sidewaysOverflow } from "./support/page-checks";

/*
 * Issue 38, point 7: what a person agreed to and when, on record and on screen, and product
 * news given and withdrawn with one click each (ADR 88).
 */
const today = () =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  })
    .format(new Date())
    .replace(/^(\w+) /, "$1, ");

async function freshAccount(page: Page) {
  const email = uniqueEmail("consent");
  await signUp(page, { first: "Ira", last: "Sen", email, password: "long-enough-1" });
  // Opening the confirmation link signs the person in.
  await page.goto(await mailLink(page, email, "Confirm your e-mail for BeenThere"));
  await gotoHydrated(page, "/settings/privacy");
  await expect(page).toHaveURL(/\/settings\/privacy$/);
}

for (const width of [375, 1280]) {
  test(`at ${width} px a new member sees what they agreed to, and turns product news on and off`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await freshAccount(page);
    const section = page.locator("main");
    await expect(
      page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Privacy" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(section.getByRole("heading", { name: M.heading })).toBeVisible();
    for (const label of ["Terms & Conditions", "Privacy Policy"]) {
      const item = section
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: label }) });
      await expect(item).toContainText(M.agreedOn(today()));
      await expect(item).toContainText(M.withdrawnBy["deleting the account"]);
    }
    await expect(section.getByRole("listitem").filter({ hasText: "Privacy Policy" })).toContainText(
      M.versionOf("28 Nov 2026"),
    );

    const news = section.getByRole("listitem").filter({ hasText: "Product news by e-mail" });
    await expect(news).toContainText(M.marketingOff);
    await expect(news).toContainText(MARKETING_WORDING);
    await news.getByRole("button", { name: M.marketingTurnOn }).click();
    await expect(news.getByRole("status")).toHaveText(M.marketingStarted);
    await expect(news).toContainText(M.marketingOn(today()));

    expect(await sidewaysOverflow(page)).toBeNull();
    expect(await brokenWords(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await expect(news).toContainText(M.marketingOn(today()));
    await news.getByRole("button", { name: M.marketingTurnOff }).click();
    await expect(news.getByRole("status")).toHaveText(M.marketingStopped);
    await expect(news).toContainText(M.marketingOff);
  });
}

test("without scripts product news still turns on", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await freshAccount(page);
  const state = await context.storageState();
  await context.close();
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const bare = await plain.newPage();
  await bare.goto("/settings/privacy");
  const news = bare.getByRole("listitem").filter({ hasText: "Product news by e-mail" });
  await news.getByRole("button", { name: M.marketingTurnOn }).click();
  await expect(news.getByRole("status")).toHaveText(M.marketingStarted);
  await plain.close();
});
