import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * Lighthouse (the npm package) on a running app: its default configuration, which is the mobile
 * form factor with simulated throttling (a mid-range phone: 4x CPU slowdown, 150 ms RTT and
 * 1.6 Mbps), performance and accessibility only. One headless Chromium is started for all the
 * pages and closed at the end; each page is a fresh, cold-cache Lighthouse navigation.
 */
export type LighthouseResult = {
  path: string;
  /** 0-100, as the report shows them. */
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** "category: audit id (score)" for every scored audit short of full marks. */
  failedAudits: string[];
};

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  { chromePath = process.env.CHROME_PATH ?? CHROMIUM_PATH } = {},
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const results: LighthouseResult[] = [];
    for (const path of paths) {
      const url = new URL(path, baseUrl).href;
      const run = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const lhr = run?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const failedAudits: string[] = [];
      for (const [name, category] of Object.entries(lhr.categories)) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            failedAudits.push(`${name}: ${ref.id} (${audit.score}) ${audit.displayValue ?? ""}`);
        }
      }
      results.push({
        path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcpMs: metric("first-contentful-paint"),
        lcpMs: metric("largest-contentful-paint"),
        tbtMs: metric("total-blocking-time"),
        cls: metric("cumulative-layout-shift"),
        speedIndexMs: metric("speed-index"),
        failedAudits,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
