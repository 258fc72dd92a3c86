import type { LighthouseResult } from "./lighthouse";
import { runLighthouse } from "./lighthouse";
import { measurePageWeight, type PageWeight } from "./page-weight";
import { say } from "./stats";

/**
 * The pages a visitor lands on, per build: what their HTML makes the browser load (gzip level
 * 9) and Lighthouse's mobile scores, `runs` times each (scores move between runs, so each run
 * is shown).
 */
export type FrontendFigures = {
  build: string;
  weights: PageWeight[];
  lighthouse: LighthouseResult[][];
};

export async function benchFrontend(
  build: string,
  baseUrl: string,
  paths: string[],
  runs: number,
): Promise<FrontendFigures> {
  say(`pages of the ${build} build:`);
  const weights = await measurePageWeight(baseUrl, paths);
  const lighthouse: LighthouseResult[][] = [];
  for (let run = 1; run <= runs; run++) {
    say(`  lighthouse run ${run} of ${runs}`);
    lighthouse.push(await runLighthouse(baseUrl, paths));
  }
  return { build, weights, lighthouse };
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
`;
}
