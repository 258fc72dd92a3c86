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
