import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/page-checks";
import { gotoHydrated } from "./support/navigation";
import { ADVISOR_SEARCH_MESSAGES as M } from "../../core/messages/advisor-search";

const cards = (page: Page) => page.getByRole("link", { name: /^View Profile of / });

/** How many advisors the listing holds, from the JSON API rather than a number typed here. */
async function listedCount(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/advisors")).json()) as { total: number }).total;
}

test.describe("advisor listing", () => {
  test("lists every approved advisor with the count, 12 to a page", async ({ page }) => {
    const total = await listedCount(page);
    expect(total, "the demo data fills more than one page").toBeGreaterThan(12);
    await page.goto("/advisors");
    await expect(page).toHaveTitle("Find Advisors | BeenThere");
    await expect(page.getByRole("heading", { name: "Find Your Perfect Advisor" })).toBeVisible();
    await expect(page.getByText(M.found(total))).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/advisors\?page=2$/);
    const pages = Math.ceil(total / 12);
    await expect(cards(page)).toHaveCount(pages === 2 ? total - 12 : 12);
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  });

  test("the search box is preset from the URL and the URL follows the box", async ({ page }) => {
    await gotoHydrated(page, "/advisors?search=dubai");
    const box = page.getByRole("combobox", { name: "Search advisors" });
    await expect(box).toHaveValue("dubai");
    const dubaiCount = await cards(page).count();
    expect(dubaiCount).toBeGreaterThan(0);
    await expect(page.getByText(M.found(dubaiCount))).toBeVisible();

    await box.fill("germany");
    await expect(page).toHaveURL(/\/advisors\?search=germany$/);
    await box.fill("canada express entry");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/advisors\?search=canada\+express\+entry$/);
    await expect(page.getByText("Gurpreet Singh")).toBeVisible();
    await page.goBack();
    await expect(box).toHaveValue("germany");
  });

  test("a search with no results offers to show all advisors", async ({ page }) => {
    // A word no advisor has, nor any word one or two letters away ("weaving" finds "leaving").
    await page.goto("/advisors?search=beekeeping");
    await expect(page.getByText("0 advisors found")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Show all advisors" }).click();
    await expect(page).toHaveURL(/\/advisors$/);
    await expect(page.getByText(`${await listedCount(page)} advisors found`)).toBeVisible();
  });

  test('one advisor found is said in the singular: "1 advisor found"', async ({ page }) => {
    // Prakash Shrestha is the demo's only advisor in Kathmandu.
    const { total } = await (await page.request.get("/api/advisors?search=kathmandu")).json();
    expect(total).toBe(1);
    await page.goto("/advisors?search=kathmandu");
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByText("1 advisor found", { exact: true })).toBeVisible();
    await expect(page.getByText(/1 advisors found/)).toHaveCount(0);
  });

  test("serves the same ranking as JSON without private fields", async ({ request }) => {
    const response = await request.get("/api/advisors?search=dubai");
    expect(response.ok()).toBe(true);
    const body = await response.json();
    expect(body.total).toBeGreaterThan(0);
    for (const advisor of body.advisors) {
      const keys = Object.keys(advisor);
      for (const secret of ["email", "phone", "bankAccountNumber", "profileStatus", "userId"]) {
        expect(keys).not.toContain(secret);
      }
    }
  });
});

test.describe("advisor profile", () => {
  test("shows the public profile with its own title and preview tags", async ({ page }) => {
    await page.goto("/advisors?search=emirates");
    await cards(page).first().click();
    await expect(page).toHaveURL(/\/advisor\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Meera Nair" })).toBeVisible();
    await expect(page).toHaveTitle("Meera Nair, Senior HR Manager at Emirates | BeenThere");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Meera Nair, Senior HR Manager at Emirates | BeenThere",
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^http:\/\/localhost:\d+\/uploads\/headshots\/.+\.webp$/,
    );
    await expect(page.getByRole("heading", { name: "About" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Skills" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Book a session" })).toBeVisible();
    // Signed out, a First Call is all one can book: its price is named beside the card's.
    await expect(page.locator("#booking [data-first-call]")).toContainText(
      /^First Call · 30 min · ₹[\d,]+ \(incl\. GST\)Your first session with an advisor is a 30-minute First Call\./,
    );
    // The booking steps start with the topics.
    await expect(
      page.getByRole("group", { name: "What would you like to discuss?" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Back to advisors" }).click();
    await expect(page).toHaveURL(/\/advisors$/);
  });

  for (const id of ["00000000-0000-4000-8000-00000000abcd", "not-a-uuid"]) {
    test(`answers 404 with "Advisor not found" for ${id}`, async ({ page }) => {
      const response = await page.goto(`/advisor/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Advisor not found" })).toBeVisible();
      await page.getByRole("link", { name: "Browse all advisors" }).click();
      await expect(page).toHaveURL(/\/advisors$/);
    });
  }

  // The pending profile's own URL answering 404 is checked in server/http/app.test.ts, which
  // can make a pending advisor; here, the demo's pending advisor is found nowhere public.
  test("the sitemap lists the listed advisors and the team's page, and search skips the pending one", async ({
    page,
    request,
  }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const profileUrls = sitemap.match(/\/advisor\/[0-9a-f-]{36}/g) ?? [];
    expect(profileUrls.length).toBe((await listedCount(page)) + 1);
    await page.goto("/advisors?search=vikram");
    await expect(page.getByText("0 advisors found")).toBeVisible();
  });
});

test("robots.txt points at the sitemap", async ({ request }) => {
  const body = await (await request.get("/robots.txt")).text();
  expect(body).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
  expect(body).toContain("Disallow: /dashboard");
});

test.describe("accessibility", () => {
  for (const width of [1280, 375]) {
    test(`the listing and a profile have no axe violations at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/advisors");
      expect(await axeViolations(page)).toEqual([]);
      await cards(page).first().click();
      await expect(page.getByRole("heading", { name: "About" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
