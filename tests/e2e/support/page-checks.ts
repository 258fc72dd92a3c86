import AxeBuilder from "@axe-core/playwright";
import type { ConsoleMessage, Page, Request, Response } from "@playwright/test";

/**
 * Every WCAG 2.x A/AA rule and every best practice (axe's "best-practice" tag: landmarks,
 * headings, ARIA roles that suit their elements…), plus Label in Name, which axe ships
 * switched off (experimental). Every journey's accessibility check goes through here. Motion is
 * reduced first: a toast mid-fade would be measured as low-contrast text.
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const AXE_TAGS = [...WCAG_TAGS, "best-practice"];

export async function axeViolations(page: Page, include?: string) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder)
    .withTags(AXE_TAGS)
    .options({
      resultTypes: ["violations"],
      rules: {
        "label-content-name-mismatch": { enabled: true },
        "aria-allowed-role": { enabled: true },
      },
    })
    .analyze();
  return violations.map((v) => ({
    rule: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}

/**
 * How wide the page is, when wider than the window (something sticks out sideways), else
 * null; an open dialog counts too (it is fixed, so the page's own width never shows it).
 */
export function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const widest = Math.max(
      document.documentElement.scrollWidth,
      ...[...document.querySelectorAll('[role="dialog"]')].map(
        (dialog) => dialog.getBoundingClientRect().left + dialog.scrollWidth,
      ),
    );
    return widest > window.innerWidth ? widest : null;
  });
}

/**
 * Our own words broken inside a word although they would have fit the width their container
 * gives: a column heading, a list's term, button, label, tab, badge or e-mail address squeezed
 * to "PHOT / O", "Pendin / g" or ".co / m". Only a
 * run of letters or digits counts as a word (a line may break after a hyphen or a dot); a
 * word in a token wider than its box must break (a 3,000-letter topic in a checkbox label).
 * What people write may break anywhere and is not looked at.
 */
export function brokenWords(page: Page) {
  return page.evaluate(() => {
    const LABELS = 'thead th, dt, button, label, [role="tab"], [data-label], [data-email]';
    const found: string[] = [];
    const range = document.createRange();
    const rectsOf = (node: Text, from: number, to: number) => {
      range.setStart(node, from);
      range.setEnd(node, to);
      return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    };
    // The width a word could have had: that of the nearest box whose width its container
    // gives it (not a table cell, an inline block or a flex or grid item, which "anywhere"
    // can squeeze below their words).
    const roomOf = (element: Element) => {
      let box = element;
      while (box.parentElement && box.parentElement !== document.body) {
        const own = getComputedStyle(box).display;
        const parent = getComputedStyle(box.parentElement).display;
        if (/^(block|flow-root|list-item|flex|grid)$/.test(own) && !/flex|grid/.test(parent)) break;
        box = box.parentElement;
      }
      const style = getComputedStyle(box);
      const sides = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"] as const;
      return (
        box.getBoundingClientRect().width - sides.reduce((w, k) => w + parseFloat(style[k]), 0)
      );
    };
    for (const label of document.querySelectorAll(LABELS)) {
      if (!label.checkVisibility() || label.getBoundingClientRect().width < 2) continue;
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (
        let node = walker.nextNode() as Text | null;
        node;
        node = walker.nextNode() as Text | null
      ) {
        if (node.parentElement?.closest(LABELS) !== label) continue; // a label inside: its own turn
        for (const token of node.data.matchAll(/\S+/g)) {
          for (const word of token[0].matchAll(/[\p{L}\p{N}]{2,}/gu)) {
            const start = token.index + word.index;
            const rects = rectsOf(node, start, start + word[0].length);
            if (new Set(rects.map((r) => Math.round(r.top))).size < 2) continue;
            const width = rectsOf(node, token.index, token.index + token[0].length).reduce(
              (w, r) => w + r.width,
              0,
            );
            if (width <= roomOf(label) + 0.5) {
              found.push(`"${word[0].slice(0, 30)}" in <${label.tagName.toLowerCase()}>`);
            }
          }
        }
      }
    }
    return found.slice(0, 20);
  });
}

/**
 * Collects the browser's console errors, uncaught exceptions, failed requests and error
 * answers while a page is used. `expected` is the status the page's own document should
 * answer with (403, 404); the console line Chromium logs for it is not a problem.
 */
export function watchForProblems(page: Page, path: string, expected: number) {
  const problems: string[] = [];
  const isDocument = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search === path;
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    if (expected >= 400 && message.text().includes(`status of ${expected}`)) return;
    problems.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error) => problems.push(`exception: ${error.message}`);
  const onFailed = (request: Request) => {
    const error = request.failure()?.errorText ?? "";
    // Cancelled because the page moved on (a page's own timed redirect racing the next
    // visit): nothing failed. A server's failure shows as an HTTP status below.
    if (error === "net::ERR_ABORTED") return;
    problems.push(`failed: ${request.url()} ${error}`);
  };
  const onResponse = (response: Response) => {
    const status = response.status();
    if (status < 400 || (isDocument(response.url()) && status === expected)) return;
    problems.push(`HTTP ${status}: ${response.url()}`);
  };
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  page.on("requestfailed", onFailed);
  page.on("response", onResponse);
  return {
    problems,
    stop() {
      page.off("console", onConsole);
      page.off("pageerror", onPageError);
      page.off("requestfailed", onFailed);
      page.off("response", onResponse);
    },
  };
}

/** What is wrong with the page as it is now: axe violations, sideways overflow. */
export async function pageProblems(page: Page) {
  const problems: Record<string, unknown> = {};
  const violations = await axeViolations(page);
  if (violations.length > 0) problems.axe = violations;
  const overflow = await sidewaysOverflow(page);
  if (overflow !== null) problems.overflow = overflow;
  const broken = await brokenWords(page);
  if (broken.length > 0) problems.brokenWords = broken;
  return problems;
}
