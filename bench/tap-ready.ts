import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * When a profile's booking panel answers a tap on a throttled phone. Chromium (playwright-core,
 * /usr/bin/chromium), a fresh context per run (cold cache), a 375 × 812 touch screen, and over
 * CDP a 400 kbit/s link both ways with 400 ms of latency per request
 * (`Network.emulateNetworkConditions`) and a CPU four times slower
 * (`Emulation.setCPUThrottlingRate`). The page is opened and, as soon as its first topic chip is
 * in the HTML, brought into view and tapped every 100 ms until a tap is answered: the chip shows
 * as chosen (its check mark is displayed), whoever drew it: the stylesheet, from the native box,
 * before the page hydrates, or the page's script after. The run then waits for the URL to take
 * the topic (the page, once hydrated, takes a box ticked before; no new document may load). Times are from the navigation's start (the page's `performance.now()`); the figure is
 * when the chip showed the answer.
 */
export type TapRun = {
  /** The tap that was answered. */
  tapMs: number;
  /** The chip showed it chosen (drawn by the stylesheet or by the page's script). */
  answeredMs: number;
  /** The URL took the topic (the router settles the navigation first); NaN when it did not. */
  urlMs: number;
  /** The root layout's effect marked the page hydrated (`<html data-hydrated>`). */
  hydratedMs: number;
  /** The last script arrived (`responseEnd`). */
  scriptsLoadedMs: number;
  /** Bytes of script on the wire (`transferSize`) and decoded. */
  scriptTransfer: number;
  scriptBytes: number;
  scripts: number;
};

export const PHONE = {
  latencyMs: 400,
  kbps: 400,
  cpuSlowdown: 4,
  width: 375,
  height: 812,
};

/**
 * Recorded in the page before any of its own scripts run: the taps (clicks), the page's answer
 * (the first frame after a tap in which the first topic chip's check mark is displayed), the URL
 * taking the topic
 * (history.pushState/replaceState: the router writes it once it has settled the navigation), and
 * the hydration mark.
 */
const RECORDER = `(() => {
  const record = { taps: [], answered: null, url: null, hydrated: null };
  window.__tapReady = record;
  const mark = () => document.querySelector(${JSON.stringify(`form label:has(input[type="checkbox"]) svg`)});
  const watch = () => {
    if (record.answered) return;
    const shown = mark();
    if (shown && getComputedStyle(shown).display !== "none")
      record.answered = { at: performance.now(), tap: record.taps.at(-1) ?? null };
    else requestAnimationFrame(watch);
  };
  addEventListener("click", () => { record.taps.push(performance.now()); requestAnimationFrame(watch); }, true);
  for (const name of ["pushState", "replaceState"]) {
    const original = history[name];
    history[name] = function (...args) {
      const result = original.apply(this, args);
      if (!record.url && /[?&]topics=/.test(location.search)) record.url = performance.now();
      return result;
    };
  }
  new MutationObserver(() => {
    if (!record.hydrated && document.documentElement.dataset.hydrated === "true")
      record.hydrated = performance.now();
  }).observe(document, { attributes: true, childList: true, subtree: true });
})();`;

type Recorded = {
  taps: number[];
  answered: { at: number; tap: number | null } | null;
  url: number | null;
  hydrated: number | null;
};

const FIRST_TOPIC = 'form input[type="checkbox"]';

type Browser = Awaited<ReturnType<typeof chromium.launch>>;

/** A fresh context (cold cache) on the throttled phone, and its page. */
async function throttledPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const bytesPerSecond = (PHONE.kbps * 1000) / 8;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
  return { context, page };
}

const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });

/** An early booking on the same phone: a topic and Continue tapped as soon as they are shown. */
export type EarlyContinueRun = {
  /** When Continue was tapped, from the navigation's start. */
  tapMs: number;
  /** When the next step (Select Date & Time) was on the screen with the topic kept. */
  answeredMs: number;
  /** Whether the page's scripts answered (false: the plain form, the server's next page). */
  hydrated: boolean;
};

/**
 * The reported failure, timed: on the throttled phone a person ticks the first topic and taps
 * Continue the moment the panel shows (long before the scripts arrive). Answered is when the
 * next step is on the screen with the topic in its address, whichever answered it: the plain
 * form (the server renders the next step, ADR 85) or, had it hydrated by then, the page's
 * script. Wall-clock times from the navigation's start.
 */
export async function measureEarlyContinue(
  pageUrl: string,
  runs: number,
  { timeoutMs = 60_000 } = {},
): Promise<EarlyContinueRun[]> {
  const browser = await launch();
  try {
    const results: EarlyContinueRun[] = [];
    for (let run = 0; run < runs; run++) {
      const { context, page } = await throttledPhone(browser);
      try {
        const start = Date.now();
        await page.goto(pageUrl, { waitUntil: "commit", timeout: timeoutMs });
        const panel = page.locator("#booking");
        const label = panel.locator('label:has(input[type="checkbox"])').first();
        await label.waitFor({ state: "visible", timeout: timeoutMs });
        await label.evaluate((el) => el.scrollIntoView({ block: "center" }));
        const box = await label.boundingBox();
        if (box) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        const next = panel.getByRole("button", { name: "Continue" }).first();
        await next.evaluate((el) => el.scrollIntoView({ block: "center" }));
        const nextBox = await next.boundingBox();
        if (!nextBox) throw new Error(`${pageUrl}: no Continue button`);
        const tapMs = Date.now() - start;
        await page.touchscreen.tap(nextBox.x + nextBox.width / 2, nextBox.y + nextBox.height / 2);
        await page
          .getByRole("heading", { name: "Select Date & Time" })
          .waitFor({ state: "visible", timeout: timeoutMs });
        const answeredMs = Date.now() - start;
        if (!/[?&]topics=0(&|$)/.test(new URL(page.url()).search))
          throw new Error(`${pageUrl}: the next step lost the topic (${page.url()})`);
        const hydrated = await page.evaluate(
          () => document.documentElement.dataset.hydrated === "true",
        );
        results.push({ tapMs, answeredMs, hydrated });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

export async function measureTapReady(
  pageUrl: string,
  runs: number,
  { timeoutMs = 60_000 } = {},
): Promise<TapRun[]> {
  const browser = await launch();
  try {
    const results: TapRun[] = [];
    for (let run = 0; run < runs; run++) {
      const { context, page } = await throttledPhone(browser);
      try {
        await page.addInitScript(RECORDER);

        const navigation = page.goto(pageUrl, { waitUntil: "commit", timeout: timeoutMs });
        await navigation;
        const chip = page.locator(FIRST_TOPIC).first();
        await chip.waitFor({ state: "attached", timeout: timeoutMs });
        // The chip's label is what a finger meets (the checkbox itself is visually hidden).
        const label = page.locator('form label:has(input[type="checkbox"])').first();
        await label.evaluate((el) => el.scrollIntoView({ block: "center" }));
        const deadline = Date.now() + timeoutMs;
        let recorded: Recorded | null = null;
        while (Date.now() < deadline) {
          const box = await label.boundingBox();
          if (box) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
          // Two frames: a chip drawn as chosen shows in the first one after the tap.
          recorded = await page.evaluate(async () => {
            for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done));
            return (window as unknown as { __tapReady: Recorded }).__tapReady;
          });
          if (recorded.answered) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        if (!recorded?.answered) throw new Error(`${pageUrl}: no tap was answered`);
        await page
          .waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
            timeout: timeoutMs,
          })
          .catch(() => {});
        // The URL takes the topic once the router has settled (a box ticked before hydration
        // is taken up without a move of its own, ADR 85): waited for briefly, else not shown.
        await page
          .waitForURL(/[?&]topics=/, { timeout: 5_000, waitUntil: "commit" })
          .catch(() => {});
        const { url, hydrated } = await page.evaluate(
          () => (window as unknown as { __tapReady: Recorded }).__tapReady,
        );
        const scripts = await page.evaluate(() =>
          (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
            .filter((r) => r.initiatorType === "script" || /\.js(\?|$)/.test(r.name))
            .map((r) => ({
              end: r.responseEnd,
              transfer: r.transferSize,
              bytes: r.decodedBodySize,
            })),
        );
        results.push({
          tapMs: recorded.answered.tap ?? Number.NaN,
          answeredMs: recorded.answered.at,
          urlMs: url ?? Number.NaN,
          hydratedMs: hydrated ?? Number.NaN,
          scriptsLoadedMs: Math.max(0, ...scripts.map((s) => s.end)),
          scriptTransfer: scripts.reduce((sum, s) => sum + s.transfer, 0),
          scriptBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
          scripts: scripts.length,
        });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
