import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { startBareServer } from "./bare-server";
import {
  BENCH_SECONDS,
  CONNECTIONS,
  measure,
  type Measurement,
  ROUNDS,
  WARMUP_SECONDS,
} from "./measure";
import { bodySize, loadOf, readPaths } from "./read-paths";
import { say } from "./stats";

/**
 * The public read paths of one built app on one database, each at 10 and 50 in flight; and
 * the bare node:http ceiling for the same body sizes.
 */
export type AppTarget = {
  /** e.g. "current" or "baseline 091c077". */
  build: string;
  /** e.g. "PostgreSQL 15". */
  database: string;
  /** Directory of the checkout whose build/ runs. */
  cwd: string;
  /** DATABASE_URL or DATA_DIR, and the generated advisors' ids in that database. */
  env: Record<string, string>;
  advisorIds: readonly string[];
};

export type PathFigures = {
  name: string;
  bodyBytes: number;
  /** Every sampled URL answered 200 before the load. */
  answered: boolean;
  byConnections: Record<number, Measurement>;
};

export type TargetFigures = { target: AppTarget; paths: PathFigures[] };

/**
 * One client (wrk on loopback) sends every request, so the per-client render limit is lifted
 * (ADR 62): the bench measures what a render costs, not the limit.
 */
export const APP_ENV = {
  RATE_LIMIT_SCALE: "100",
  PUBLIC_RENDERS_PER_MINUTE: "100000000",
  LOG_LEVEL: "info",
};

export function startTarget(target: AppTarget, nodeArgs: string[] = []): Promise<AppProcess> {
  return startAppProcess({ ...APP_ENV, ...target.env }, { cwd: target.cwd, nodeArgs });
}

/**
 * Each target's figures for every path, the targets (builds) measured in turns: for each path
 * and number in flight, every build is measured `ROUNDS` times, the order reversed each round
 * (A B, B A, ...), and its best run counts. Back-to-back runs of one build on this shared
 * machine differed by up to 15-20%; measured in turns, such drift hits all builds alike, and
 * the best run is the one least disturbed.
 */
export async function benchTargets(targets: AppTarget[]): Promise<TargetFigures[]> {
  say(`${targets.map((t) => t.build).join(" and ")} on ${targets[0]!.database}, in turns:`);
  const apps: AppProcess[] = [];
  try {
    for (const target of targets) apps.push(await startTarget(target));
    const lists = await Promise.all(
      apps.map((app, i) => readPaths(app.url, targets[i]!.advisorIds)),
    );
    const figures: TargetFigures[] = targets.map((target) => ({ target, paths: [] }));
    for (const [p, path] of lists[0]!.entries()) {
      const bodies = await Promise.all(
        apps.map((app, i) => bodySize(app.url, lists[i]![p]!.paths)),
      );
      say(
        `  ${path.name} (${bodies.map((b) => `${b.bytes} bytes${b.ok ? "" : ", NOT 200"}`).join(" / ")})`,
      );
      const byConnections = apps.map(() => ({}) as Record<number, Measurement>);
      for (const connections of CONNECTIONS)
        for (let round = 0; round < ROUNDS; round++) {
          const order = apps.map((_, i) => i);
          if (round % 2 === 1) order.reverse();
          for (const i of order) {
            const run = await measure(apps[i]!.url, apps[i]!.pid, loadOf(lists[i]![p]!), {
              connections,
              seconds: BENCH_SECONDS,
              warmupSeconds: WARMUP_SECONDS,
            });
            const best = byConnections[i]![connections];
            if (!best || run.perSecond > best.perSecond) byConnections[i]![connections] = run;
          }
        }
      figures.forEach((f, i) =>
        f.paths.push({
          name: path.name,
          bodyBytes: bodies[i]!.bytes,
          answered: bodies[i]!.ok,
          byConnections: byConnections[i]!,
        }),
      );
    }
    return figures;
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
  }
}

/** The bare server answering each path's body size, keyed by size. */
export async function benchCeiling(sizes: readonly number[]) {
  say("bare node:http ceiling:");
  const server = await startBareServer();
  const figures = new Map<number, Record<number, Measurement>>();
  try {
    for (const size of new Set(sizes)) {
      say(`  ${size} bytes`);
      const byConnections: Record<number, Measurement> = {};
      const load = { paths: [`/${size}`], variation: "repeat" as const };
      for (const connections of CONNECTIONS)
        byConnections[connections] = await measure(server.url, server.pid, () => load, {
          connections,
          seconds: BENCH_SECONDS,
          warmupSeconds: WARMUP_SECONDS,
        });
      figures.set(size, byConnections);
    }
  } finally {
    server.stop();
  }
  return figures;
}
