import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/navigation";

test.describe("site header and footer", () => {
  test("the header logo and navigation lead to their pages", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("talk to an expert who has been in your shoes before");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "BeenThere home" })).toHaveAttribute("href", "/");
    const nav = header.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Find Advisors", "/advisors"],
      ["About", "/about"],
      ["Contact", "/contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(header.getByRole("link", { name: "Join As Advisor" })).toHaveAttribute(
      "href",
      "/join-as-advisor",
    );
    await expect(header.getByRole("link", { name: "Book Free Discovery Call" })).toHaveAttribute(
      "href",
      "/free-discovery-call",
    );
  });

  test("each way into /auth opens its own tab", async ({ page }) => {
    const selectedTab = page.getByRole("tab", { selected: true });
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signin$/);
    await expect(selectedTab).toHaveText("Sign In");
    // A page that needs an account sends people to sign in; a plain /auth invites them to join.
    await gotoHydrated(page, "/dashboard");
    await expect(selectedTab).toHaveText("Sign In");
    await gotoHydrated(page, "/auth");
    await expect(selectedTab).toHaveText("Sign Up");
  });

  test("clicking a navigation link navigates", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole("banner").getByRole("link", { name: "BeenThere home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the stylesheet in the page keeps applying after client-side navigation", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await gotoHydrated(page, "/");
    const headerColor = () =>
      page.getByRole("banner").evaluate((header) => getComputedStyle(header).borderBottomColor);
    const styled = await headerColor();
    expect(styled).not.toBe("rgb(0, 0, 0)");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("style[data-href]")).toHaveCount(1);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(await headerColor()).toBe(styled);
    expect(errors).toEqual([]);
  });

  test("a kept page, gzipped around its stylesheet, reaches the browser whole", async ({
    page,
  }) => {
    // A query nobody asked before: the first answer is rendered, gzipped and kept, the second
    // is the kept one; both carry the stylesheet whose compressed form is reused (ADR 76).
    const url = `/advisors?search=${encodeURIComponent(`gzip check ${Date.now()}`)}`;
    const load = async () => {
      const response = (await page.goto(url))!;
      return { headers: response.headers(), html: await response.text() };
    };
    const first = await load();
    const second = await load();
    expect(first.headers["x-cache"]).toBe("miss");
    expect(second.headers["x-cache"]).toBe("hit");
    for (const { headers, html } of [first, second]) {
      expect(headers["content-encoding"]).toBe("gzip");
      expect(html).toMatch(/<style data-href="[^"]+\.css">[^]{4096,}?<\/style>/);
      expect(html.trimEnd()).toMatch(/<\/html>$/);
    }
    expect(second.html).toBe(first.html);
    await expect(page.getByRole("heading", { name: "Find Your Perfect Advisor" })).toBeVisible();
    expect(
      await page
        .getByRole("banner")
        .evaluate((header) => getComputedStyle(header).borderBottomColor),
    ).not.toBe("rgb(0, 0, 0)");
  });

  test("the footer links every policy and company page", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["Find Advisors", "/advisors"],
      ["Become an Advisor", "/become-advisor"],
      ["About", "/about"],
      ["Contact", "/contact"],
      ["Privacy Policy", "/privacy"],
      ["Terms & Conditions", "/terms"],
      ["Refund Policy", "/cancellation-refunds"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("on a phone the header shortens its call to action and folds the rest into a menu", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Book Call" })).toBeVisible();
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    await header.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Find Advisors" })).toHaveAttribute(
      "href",
      "/advisors",
    );
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
  });

  test("the landing page shows approved demo advisors", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Meet Our Advisors" })).toBeVisible();
    const profiles = page.getByRole("link", { name: /^View Profile of / });
    await expect(profiles).toHaveCount(9);
  });
});

test.describe("404 page", () => {
  test("an unknown path shows the not-found text and a way home", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get Expert Guidance On");
  });
});

test("/healthz reports the database as reachable and the change feed as listening", async ({
  request,
}) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({
    status: "ok",
    database: true,
    changeFeed: { listening: true },
  });
});
