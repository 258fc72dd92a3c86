import { expect, type Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (root.tsx sets data-hydrated). */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return response;
}
