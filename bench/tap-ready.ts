import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * When a profile's booking panel answers a tap on a throttled phone. Chromium (playwright-core,
 * /usr/bin/chromium), a fresh context per run (cold cache), a 375 × 812 touch screen, and over
 * CDP a 400 kbit/s link both ways with 400 ms of latency per request
 * (`Network.emulateNetworkConditions`) and a CPU four times slower
 * (`Emulation.setCPUThrottlingRate`). The page is opened and, as soon as its first topic chip is
 * in the HTML, brought into view and tapped every 100 ms until a tap is answered: the page's
 * script draws the chip as chosen. Before the page hydrates a tap only ticks the bare checkbox,
 * which draws nothing. The run then waits for the URL to take the topic (no new document may
 * load). Times are from the navigation's start (the page's `performance.now()`); the figure is
 * when the chip showed the answer.
 */
export type TapRun = {
  /** The tap that was answered. */
  tapMs: number;
  /** The chip showed it chosen: the page's script answered. */
  answeredMs: number;
  /** The URL took the topic (the router settles the navigation first). */
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
 * (the first topic chip re-rendered as chosen: its check mark appears, which only the page's
 * script draws; a bare checkbox ticked before hydration draws none), the URL taking the topic
 * (history.pushState/replaceState: the router writes it once it has settled the navigation), and
 * the hydration mark.
 */
const RECORDER = `(() => {
  const record = { taps: [], answered: null, url: null, hydrated: null };
  window.__tapReady = record;
  addEventListener("click", () => record.taps.push(performance.now()), true);
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
    if (!record.answered && document.querySelector(${JSON.stringify(`form label:has(input[type="checkbox"]) svg`)}))
      record.answered = { at: performance.now(), tap: record.taps.at(-1) ?? null };
  }).observe(document, { attributes: true, childList: true, subtree: true });
})();`;

type Recorded = {
  taps: number[];
  answered: { at: number; tap: number | null } | null;
  url: number | null;
  hydrated: number | null;
};

const FIRST_TOPIC = 'form input[type="checkbox"]';

export async function measureTapReady(
  pageUrl: string,
  runs: number,
  { timeoutMs = 60_000 } = {},
): Promise<TapRun[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const results: TapRun[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: PHONE.width, height: PHONE.height },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      try {
        const page = await context.newPage();
        await page.addInitScript(RECORDER);
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
          recorded = await page.evaluate(
            () => (window as unknown as { __tapReady: Recorded }).__tapReady,
          );
          if (recorded.answered) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        if (!recorded?.answered) throw new Error(`${pageUrl}: no tap was answered`);
        await page.waitForURL(/[?&]topics=/, { timeout: timeoutMs, waitUntil: "commit" });
        const url = await page.evaluate(
          () => (window as unknown as { __tapReady: Recorded }).__tapReady.url,
        );
        // Recorded by the document the run opened: a new document would start a new record.
        if (url === null) throw new Error(`${pageUrl}: the tap loaded a new document`);
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
          urlMs: url,
          hydratedMs: recorded.hydrated ?? Number.NaN,
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
