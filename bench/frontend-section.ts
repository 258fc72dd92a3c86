import type { LighthouseResult } from "./lighthouse";
import { runLighthouse } from "./lighthouse";
import { measurePageWeight, type PageWeight } from "./page-weight";
import { say } from "./stats";
import {
  type EarlyContinueRun,
  measureEarlyContinue,
  median,
  measureTapReady,
  PHONE,
  type TapRun,
} from "./tap-ready";

/**
 * The pages a visitor lands on, per build: what their HTML makes the browser load (gzip level
 * 9) and Lighthouse's mobile scores, `runs` times each (scores move between runs, so each run
 * is shown), and when a profile's booking panel answers a tap on a throttled phone
 * (bench/tap-ready.ts), `tapRuns` times.
 */
export type FrontendFigures = {
  build: string;
  weights: PageWeight[];
  lighthouse: LighthouseResult[][];
  taps: TapRun[];
  early: EarlyContinueRun[];
};

export async function benchFrontend(
  build: string,
  baseUrl: string,
  paths: string[],
  runs: number,
  tapRuns: number,
): Promise<FrontendFigures> {
  say(`pages of the ${build} build:`);
  const weights = await measurePageWeight(baseUrl, paths);
  const lighthouse: LighthouseResult[][] = [];
  for (let run = 1; run <= runs; run++) {
    say(`  lighthouse run ${run} of ${runs}`);
    lighthouse.push(await runLighthouse(baseUrl, paths));
  }
  const profile = paths.find((p) => p.startsWith("/advisor/"));
  say(`  booking panel on a throttled phone, ${tapRuns} runs`);
  const taps = profile ? await measureTapReady(new URL(profile, baseUrl).href, tapRuns) : [];
  say(`  an early topic and Continue on a throttled phone, ${tapRuns} runs`);
  const early = profile
    ? await measureEarlyContinue(new URL(profile, baseUrl).href, tapRuns).catch((error) => {
        // A build whose early tap loses the booking (the reported defect) has no figure.
        say(`    ${String(error).split("\n")[0]}`);
        return [];
      })
    : [];
  return { build, weights, lighthouse, taps, early };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

export function frontendSection(figures: FrontendFigures[]): string {
  const rows = figures.flatMap(({ build, weights, lighthouse }) =>
    weights.map((w, i) => {
      const runs = lighthouse.map((run) => run[i]!);
      const list = (pick: (r: LighthouseResult) => string) => runs.map(pick).join(", ");
      const page = w.path.startsWith("/advisor/") ? "/advisor/{id}" : w.path;
      return `| ${build} | ${page} | ${kB(w.jsGzip)} | ${kB(w.cssGzip)} | ${kB(w.htmlGzip)} | ${list((r) => String(r.performance))} | ${list((r) => String(r.accessibility))} | ${list((r) => seconds(r.fcpMs))} | ${list((r) => seconds(r.lcpMs))} | ${list((r) => r.tbtMs.toFixed(0))} | ${list((r) => r.cls.toFixed(3))} |`;
    }),
  );
  return `## Pages: weight and Lighthouse

What each page's HTML makes the browser load, gzipped at level 9 (scripts include everything
the page's scripts import statically; code loaded on demand, such as dialogs, is not counted;
CSS inline in the page counts under CSS and under HTML), and Lighthouse 12
(the \`lighthouse\` package driving /usr/bin/chromium, mobile profile with simulated throttling),
one figure per run. Times in s, TBT in ms.

| build | page | JS kB | CSS kB | HTML kB | performance | accessibility | FCP | LCP | TBT | CLS |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}
${tapSection(figures)}`;
}

/** When the URL took the topic, of the runs where it did (a box ticked early may not move it). */
function urlMedian(taps: TapRun[]): string {
  const moved = taps.map((t) => t.urlMs).filter(Number.isFinite);
  return moved.length === 0 ? "—" : `${seconds(median(moved))} (${moved.length} of ${taps.length})`;
}

function tapSection(figures: FrontendFigures[]): string {
  const measured = figures.filter((f) => f.taps.length > 0);
  if (measured.length === 0) return "";
  const s = (values: number[]) => seconds(median(values));
  const rows = measured.map(
    ({ build, taps }) =>
      `| ${build} | ${taps.length} | **${s(taps.map((t) => t.answeredMs))}** | ${taps.map((t) => seconds(t.answeredMs)).join(", ")} | ${s(taps.map((t) => t.hydratedMs))} | ${s(taps.map((t) => t.scriptsLoadedMs))} | ${urlMedian(taps)} | ${kB(median(taps.map((t) => t.scriptTransfer)))} |`,
  );
  return `
### A profile's booking panel on a throttled phone

When the booking panel of \`/advisor/{id}\` answers a tap (bench/tap-ready.ts): Chromium
(playwright-core) with a cold cache, a ${PHONE.width} × ${PHONE.height} touch screen, and over CDP
${PHONE.kbps} kbit/s both ways with ${PHONE.latencyMs} ms of latency per request
(\`Network.emulateNetworkConditions\`) and a CPU ${PHONE.cpuSlowdown}× slower
(\`Emulation.setCPUThrottlingRate\`). From the moment the first topic chip is in the HTML it is
tapped every 100 ms; "answered" is the first frame in which the chip shows as chosen, whoever
drew it: the stylesheet from the native box before hydration, or the page's script after
(the baseline drew it only from the script), from the navigation's start.
"hydrated" is the root layout's mark, "scripts in" the last script's arrival, "URL" when the
topic reached the address bar (the router first asks the server for its route manifest, one
round trip), "JS on the wire" what the page's scripts took of the link. Seconds, median of the runs.

| build | runs | answered | each run | hydrated | scripts in | URL | JS on the wire kB |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

The reported failure, timed on the same phone (\`measureEarlyContinue\`): the first topic and
Continue tapped the moment the panel shows, long before the scripts arrive. "Next step" is when
Select Date & Time is on the screen with the topic in the address, whoever answered: the plain
form (the server renders the next step, ADR 85) or the page's script. A build with no figure lost
the booking (the page reloaded at its top on step 1). Seconds from the navigation's start, median.

| build | runs | tapped | next step | each run | answered by |
|---|---|---|---|---|---|
${figures
  .map(({ build, early }) =>
    early.length === 0
      ? `| ${build} | 0 | | lost | | |`
      : `| ${build} | ${early.length} | ${s(early.map((e) => e.tapMs))} | **${s(early.map((e) => e.answeredMs))}** | ${early.map((e) => seconds(e.answeredMs)).join(", ")} | ${early.every((e) => !e.hydrated) ? "the plain form" : early.every((e) => e.hydrated) ? "the page's script" : "both"} |`,
  )
  .join("\n")}
`;
}
