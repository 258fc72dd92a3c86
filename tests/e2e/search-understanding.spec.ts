import { expect, type Page, test } from "@playwright/test";
import { advisorSearchUrl, type SuggestionsAnswer } from "../../core/advisor-search-url";
import { ADVISOR_SEARCH_MESSAGES as M } from "../../core/messages/advisor-search";
import { gotoHydrated } from "./support/navigation";
import { axeViolations, sidewaysOverflow } from "./support/page-checks";

/*
 * Search as new users try it, on the demo data: words that mean the same thing find the same
 * advisors, the page says when it understood the query differently or could not use it, and
 * the search boxes suggest as you type (keyboard, pointer, screen-reader status, a phone's
 * width, and no JavaScript at all).
 */

const cards = (page: Page) => page.getByRole("link", { name: /^View Profile of / });
/** The listing's status line: how many were found, or that all are shown. */
const statusLine = (page: Page) => page.getByText(/^(\d+ advisors? found|Showing all advisors)$/);

/** Whether a URL is the listing of a search (its first page). */
const isListingOf = (query: string) => (url: URL) =>
  url.pathname + url.search === advisorSearchUrl(query);

/** A search's listing, every page of it: its status line and the advisors' names in order. */
async function listing(page: Page, query: string) {
  const names: string[] = [];
  let status = "";
  for (let pageNumber = 1; ; pageNumber++) {
    await page.goto(advisorSearchUrl(query, pageNumber));
    if (pageNumber === 1) status = await statusLine(page).innerText();
    const labels = await cards(page).evaluateAll((links) =>
      links.map((link) => link.getAttribute("aria-label") ?? ""),
    );
    names.push(...labels.map((label) => label.replace(/^View Profile of /, "")));
    if ((await page.getByRole("link", { name: "Next" }).count()) === 0) break;
  }
  return { status, names };
}

/** How many advisors are listed, from the JSON API rather than a number typed here. */
async function listedCount(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/advisors")).json()) as { total: number }).total;
}

test.describe("words that mean the same thing", () => {
  test('"Bangalore" lists the advisors of "Bengaluru" and says so', async ({ page }) => {
    const bengaluru = await listing(page, "Bengaluru");
    expect(bengaluru.names.length).toBeGreaterThan(0);
    await expect(page.getByText(/^Showing results for/)).toHaveCount(0);

    const bangalore = await listing(page, "Bangalore");
    expect(bangalore).toEqual(bengaluru);
    await expect(page.getByText("Showing results for Bengaluru")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('"H1B" and "h1b" find what "H-1B" finds', async ({ page }) => {
    const hyphenated = await listing(page, "H-1B");
    expect(hyphenated.names.length).toBeGreaterThan(0);
    expect(await listing(page, "H1B")).toEqual(hyphenated);
    expect(await listing(page, "h1b")).toEqual(hyphenated);
  });

  test('"salaries" finds at least what "salary" finds', async ({ page }) => {
    const salary = await listing(page, "salary");
    expect(salary.names.length).toBeGreaterThan(0);
    const salaries = await listing(page, "salaries");
    expect(salaries.names).toEqual(expect.arrayContaining(salary.names));
  });
});

test.describe("short words and symbols", () => {
  test('"PM" and "UX" find the advisors they name, not every advisor', async ({ page }) => {
    const everyone = M.found(await listedCount(page));
    for (const [short, meaning, advisor] of [
      ["PM", "product manager", "Priya Sharma"], // Senior Product Manager
      ["UX", "user experience", "Kavya Rao"], // UX Research
    ] as const) {
      const found = await listing(page, short);
      expect(found.status, short).not.toBe(everyone);
      expect(found.status, short).toBe(M.found(found.names.length));
      expect(found.names, short).toContain(advisor);
      await expect(page.getByText(`Showing results for ${meaning}`)).toBeVisible();
    }
  });

  test('"product manager" lists the one with both words first, and "PM" finds product leaders', async ({
    page,
  }) => {
    // Priya Sharma is a "Senior Product Manager" (both words: the spec's 200); Harsh Shah a
    // "Director of Product" with "Product Strategy" and "Product Leadership".
    const phrase = await listing(page, "product manager");
    expect(phrase.names[0]).toBe("Priya Sharma");
    expect(phrase.names).toContain("Harsh Shah");
    expect((await listing(page, "PM")).names).toEqual(
      expect.arrayContaining(["Harsh Shah", "Priya Sharma"]),
    );
  });

  test("an emoji lists every advisor and says so", async ({ page }) => {
    const found = await listing(page, "🌍");
    expect(found.status).toBe("Showing all advisors");
    expect(found.names).toHaveLength(await listedCount(page));
    await expect(page.getByText(/advisors? found$/)).toHaveCount(0);
  });
});

test.describe("a typo", () => {
  // The demo data says "Relocating to …" (and "relocations" once), never "relocation": the
  // closest word it knows to "relocaton" is "relocating", which finds the same advisors.
  for (const [typo, meant, known] of [
    ["relocaton", "relocating", "relocation"],
    ["germny", "germany", "germany"],
  ] as const) {
    test(`"${typo}" lists the advisors of "${known}" and offers "${meant}"`, async ({ page }) => {
      const right = await listing(page, known);
      expect(right.names.length).toBeGreaterThan(0);
      await expect(page.getByText(/^Did you mean/)).toHaveCount(0);

      expect(await listing(page, typo)).toEqual(right);
      await gotoHydrated(page, advisorSearchUrl(typo));
      await expect(page.getByText(`Did you mean ${meant}?`)).toBeVisible();
      await expect(page.getByText(`Showing results for ${meant}`)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole("link", { name: meant, exact: true }).click();
      await expect(page).toHaveURL(isListingOf(meant));
      await expect(page.getByRole("combobox", { name: "Search advisors" })).toHaveValue(meant);
      await expect(page.getByText(/^Did you mean/)).toHaveCount(0);
      await expect(page.getByText(/^Showing results for/)).toHaveCount(0);
      expect((await listing(page, meant)).names).toEqual(right.names);
    });
  }
});

/** What the server suggests for `typed`, in order. */
async function suggested(page: Page, typed: string): Promise<string[]> {
  const response = await page.request.get(`/api/advisors/suggestions?q=${typed}`);
  return ((await response.json()) as SuggestionsAnswer).suggestions.map((s) => s.text);
}

test("the suggestions API answers JSON anyone may share, nothing for nothing typed", async ({
  request,
}) => {
  const ask = async (q: string) => {
    const response = await request.get(`/api/advisors/suggestions?q=${encodeURIComponent(q)}`);
    expect(response.status(), q).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=1");
    return ((await response.json()) as SuggestionsAnswer).suggestions;
  };
  expect(await ask("")).toEqual([]);
  expect(await ask("   ")).toEqual([]);
  const dubai = await ask("  dub ");
  expect(dubai).toContainEqual({ text: "Dubai", kind: "location" });
  expect(dubai.length).toBeLessThanOrEqual(8);
  // Only the first 100 characters count: "dub" and 97 spaces, then anything.
  expect(await ask(`dub${" ".repeat(97)}zzzz`)).toEqual(dubai);
});

for (const width of [1280, 375]) {
  test.describe(`suggestions as you type at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('typing "reloc" in the hero box suggests; ArrowDown and Enter search for one', async ({
      page,
    }) => {
      const expected = await suggested(page, "reloc");
      expect(expected.length).toBeGreaterThan(0);
      for (const text of expected) expect(text).toMatch(/(^|\s)reloc/i);

      await gotoHydrated(page, "/");
      const box = page.getByRole("combobox", { name: "What advice are you seeking?" });
      await expect(box).toHaveAttribute("aria-expanded", "false");
      await box.pressSequentially("reloc");
      const list = page.locator(`#${await box.getAttribute("aria-controls")}`);
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      const options = list.getByRole("option");
      await expect(options).toHaveCount(expected.length);
      for (const [i, text] of expected.entries()) await expect(options.nth(i)).toContainText(text);
      await expect(page.getByRole("status").filter({ hasText: /suggestions?$/ })).toHaveText(
        `${expected.length} ${expected.length === 1 ? "suggestion" : "suggestions"}`,
      );
      expect(await sidewaysOverflow(page)).toBeNull();
      expect(await axeViolations(page)).toEqual([]);

      // Escape closes the list and keeps the text; ArrowDown opens it on the first suggestion.
      await box.press("Escape");
      await expect(box).toHaveAttribute("aria-expanded", "false");
      await expect(box).toHaveValue("reloc");
      await box.press("ArrowDown");
      await expect(box).toHaveAttribute("aria-expanded", "true");
      const first = options.first();
      await expect(first).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
      // ArrowUp from the first wraps to the last, ArrowDown back to the first.
      await box.press("ArrowUp");
      await expect(options.last()).toHaveAttribute("aria-selected", "true");
      await box.press("ArrowDown");
      await expect(first).toHaveAttribute("aria-selected", "true");

      await box.press("Enter");
      await expect(page).toHaveURL(isListingOf(expected[0]!));
      await expect(page.getByRole("combobox", { name: "Search advisors" })).toHaveValue(
        expected[0]!,
      );
      await expect(statusLine(page)).toHaveText(/^[1-9]\d* advisors? found$/);
    });

    test("the listing's box suggests too: Escape closes, then clears; a click searches", async ({
      page,
    }) => {
      await gotoHydrated(page, "/advisors");
      const box = page.getByRole("combobox", { name: "Search advisors" });
      const list = page.locator(`#${await box.getAttribute("aria-controls")}`);
      const dubai = list.getByRole("option", { name: /^Dubai\b/ });
      await box.pressSequentially("dub");
      await expect(dubai).toContainText("City");
      expect(await sidewaysOverflow(page)).toBeNull();
      expect(await axeViolations(page)).toEqual([]);
      await box.press("Escape");
      await expect(list).toBeHidden();
      await expect(box).toHaveValue("dub");
      await box.press("Escape");
      await expect(box).toHaveValue("");
      await expect(page).toHaveURL(/\/advisors$/);

      await box.pressSequentially("dub");
      await dubai.click();
      await expect(page).toHaveURL(/\/advisors\?search=Dubai$/);
      await expect(box).toHaveValue("Dubai");
      await expect(list).toBeHidden();
      await expect(box).toBeFocused();

      await box.press("End");
      await box.pressSequentially(" zzzqx");
      await expect(page.getByRole("status").filter({ hasText: /suggestions$/ })).toHaveText(
        "No suggestions",
      );
      await expect(box).toHaveAttribute("aria-expanded", "false");
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the hero box still searches, and the listing still explains", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "What advice are you seeking?" });
    await box.fill("germny");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/advisors\?search=germny$/);
    await expect(page.getByText("Did you mean germany?")).toBeVisible();
  });
});
