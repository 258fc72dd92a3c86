import { expect, test } from "@playwright/test";
import { DEMO_ADVISOR, DEMO_PASSWORD, DEMO_SEEKER } from "./support/auth";
import { chooseTopicAndOption } from "./support/booking";
import { gotoHydrated } from "./support/navigation";

/* Faults a new user met on a first try, each pinned down. */

test("a seeker on an advisor's page is told it is not for them, with a way back", async ({
  page,
}) => {
  await page.request.post("/auth", {
    form: { intent: "signin", email: DEMO_SEEKER, password: DEMO_PASSWORD },
  });
  const response = await gotoHydrated(page, "/dashboard/availability");
  expect(response?.status()).toBe(403);
  await expect(page).toHaveTitle("This page isn't available to you | BeenThere");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "This page isn't available to you",
  );
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("advisor cards show the job title and the company in full at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { advisors } = await (await page.request.get("/api/advisors")).json();
  const first = advisors[0] as { jobTitle: string; currentCompany: string };
  await gotoHydrated(page, "/advisors");
  for (const [testId, text] of [
    ["advisor-job-title", first.jobTitle],
    ["advisor-company", first.currentCompany],
  ] as const) {
    const fact = page.getByTestId(testId).first();
    await expect(fact).toHaveText(text);
    // Not cut off: the text fits its box, and the box is inside the window.
    const fits = await fact.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return el.scrollWidth <= el.clientWidth && box.right <= window.innerWidth;
    });
    expect(fits, `${testId} fits`).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test.describe("a browser that names India's zone by its old name", () => {
  test.use({ timezoneId: "Asia/Calcutta" });

  test("sees India once in the time-zone list, under its current name", async ({ page }) => {
    const { advisors } = await (await page.request.get("/api/advisors")).json();
    await gotoHydrated(page, `/advisor/${advisors[0].id}`);
    // Steps 1 and 2 of the booking flow lead to the date and time step with its zone list.
    await chooseTopicAndOption(page);
    const zone = page
      .getByRole("region", { name: "Select Date & Time" })
      .getByLabel("Times shown in");
    await expect(zone).toHaveValue("Asia/Kolkata");
    const india = zone.locator("option", { hasText: /Asia\/(Kolkata|Calcutta)/ });
    await expect(india).toHaveCount(1);
  });
});

test("the welcome toast stays clear of the header's buttons", async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.context().clearCookies();
    await gotoHydrated(page, "/auth?tab=signin");
    const form = page.getByRole("tabpanel", { name: "Sign In" });
    await form.getByLabel("Email").fill(DEMO_SEEKER);
    await form.getByLabel("Password").fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Sign In" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Welcome back!" });
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    const headerBox = (await page.getByRole("banner").boundingBox())!;
    expect(toastBox.y, `at ${width} px`).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  }
});

test("an advisor without Google Calendar is told what it means for them, not how to set up the server", async ({
  page,
}) => {
  await page.request.post("/auth", {
    form: { intent: "signin", email: DEMO_ADVISOR, password: DEMO_PASSWORD },
  });
  await gotoHydrated(page, "/dashboard/availability");
  const card = page.locator('[aria-labelledby="google-calendar-title"]');
  await expect(card.getByRole("heading", { name: "Google Calendar" })).toBeVisible();
  await expect(card).toContainText("Connecting a Google Calendar isn't available yet.");
  await expect(card).toContainText(
    "Seekers are offered only the weekly hours you set above, so keep them up to date when your plans change.",
  );
  await expect(page.getByText(/GOOGLE_CLIENT_ID|GOOGLE_CLIENT_SECRET|on the server/)).toHaveCount(
    0,
  );
});
