import { expect, type Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (root.tsx sets data-hydrated). */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return response;
}

/**
 * Resolves at the page's next idle period after a frame: by then the page has run everything it
 * had queued (React's renders and effects, the navigations and toasts they start, timers that are
 * due), so what the last step would set off has happened and a test can assert that it did not.
 * Work waiting on the network is not covered: wait for that response (or for what it loads) first.
 */
export async function pageIdle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestIdleCallback(() => resolve())),
      ),
  );
}
