import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAppProcess } from "../tests/support/app-process";
import { measurePageWeight } from "./page-weight";
import { say } from "./stats";

/**
 * `node --import tsx bench/frontend.ts [--verbose] [--lighthouse] [--tap] [--runs N] [--url URL]`:
 * starts the built app (run `npm run build` first) and prints the page weight of `/`,
 * `/advisors` and the first listed advisor's profile (`--verbose`: file by file) and, with
 * `--lighthouse`, their Lighthouse scores and metrics, N runs each; with `--tap`, when the
 * profile's booking panel answers a tap on a throttled phone (bench/tap-ready.ts), N runs. With
 * `--url` it measures an app that is already running there instead.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

if (!value("--url") && !existsSync(path.join(ROOT, "build/server/index.js"))) {
  throw new Error("No build: run `npm run build` first");
}
const app = value("--url")
  ? { url: value("--url")!, stop: async () => {} }
  : await startAppProcess({ RATE_LIMIT_SCALE: "100" });
try {
  const listing = (await (await fetch(`${app.url}/api/advisors`)).json()) as {
    advisors: Array<{ id: string }>;
  };
  const advisorId = listing.advisors[0]?.id;
  if (!advisorId) throw new Error("The app lists no advisor");
  const paths = ["/", "/advisors", `/advisor/${advisorId}`];

  say("page weight (gzip -9 of what the HTML loads):");
  for (const page of await measurePageWeight(app.url, paths)) {
    say(
      `  ${page.path}: JS ${kb(page.jsGzip)} kB, CSS ${kb(page.cssGzip)} kB, HTML ${kb(page.htmlGzip)} kB`,
    );
    if (flag("--verbose")) {
      for (const a of [...page.scripts, ...page.styles])
        say(
          `    ${kb(a.gzip).padStart(6)} kB  ${URL.canParse(a.url) ? new URL(a.url).pathname : a.url}`,
        );
    }
  }

  if (flag("--lighthouse")) {
    const { runLighthouse } = await import("./lighthouse");
    const runs = Number(value("--runs") ?? 1);
    for (let run = 1; run <= runs; run++) {
      say(`lighthouse run ${run} of ${runs} (mobile, simulated throttling):`);
      for (const r of await runLighthouse(app.url, paths)) {
        say(
          `  ${r.path}: performance ${r.performance}, accessibility ${r.accessibility}, ` +
            `FCP ${r.fcpMs.toFixed(0)} ms, LCP ${r.lcpMs.toFixed(0)} ms, TBT ${r.tbtMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, SI ${r.speedIndexMs.toFixed(0)} ms`,
        );
        for (const failed of r.failedAudits) say(`    ${failed}`);
      }
    }
  }

  if (flag("--tap")) {
    const { measureTapReady, median } = await import("./tap-ready");
    const runs = Number(value("--runs") ?? 1);
    const profile = paths[2]!;
    say(`booking panel answers a tap (throttled phone), ${runs} runs of ${profile}:`);
    const results = await measureTapReady(new URL(profile, app.url).href, runs);
    for (const r of results)
      say(
        `  answered ${(r.answeredMs / 1000).toFixed(2)} s (tap at ${(r.tapMs / 1000).toFixed(2)} s, URL ${(r.urlMs / 1000).toFixed(2)} s), hydrated ${(r.hydratedMs / 1000).toFixed(2)} s, scripts in ${(r.scriptsLoadedMs / 1000).toFixed(2)} s: ${r.scripts} files, ${kb(r.scriptTransfer)} kB on the wire, ${kb(r.scriptBytes)} kB`,
      );
    say(`  median answered ${(median(results.map((r) => r.answeredMs)) / 1000).toFixed(2)} s`);
    const { measureEarlyContinue } = await import("./tap-ready");
    say(`a topic and Continue tapped as soon as shown (throttled phone), ${runs} runs:`);
    for (const r of await measureEarlyContinue(new URL(profile, app.url).href, runs))
      say(
        `  tapped ${(r.tapMs / 1000).toFixed(2)} s, next step shown ${(r.answeredMs / 1000).toFixed(2)} s (${r.hydrated ? "by the page's script" : "by the plain form"})`,
      );
  }
} finally {
  await app.stop();
}
