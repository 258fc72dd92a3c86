import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { startBareServer } from "./bare-server";
import { BENCH_SECONDS, CONNECTIONS, measure, type Measurement, WARMUP_SECONDS } from "./measure";
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

export async function benchTarget(target: AppTarget): Promise<TargetFigures> {
  say(`${target.build} build on ${target.database}:`);
  const app = await startTarget(target);
  try {
    const list = await readPaths(app.url, target.advisorIds);
    const paths: PathFigures[] = [];
    for (const path of list) {
      const body = await bodySize(app.url, path.paths);
      say(`  ${path.name} (${body.bytes} bytes${body.ok ? "" : ", NOT 200"})`);
      const byConnections: Record<number, Measurement> = {};
      for (const connections of CONNECTIONS)
        byConnections[connections] = await measure(app.url, app.pid, loadOf(path), {
          connections,
          seconds: BENCH_SECONDS,
          warmupSeconds: WARMUP_SECONDS,
        });
      paths.push({ name: path.name, bodyBytes: body.bytes, answered: body.ok, byConnections });
    }
    return { target, paths };
  } finally {
    await app.stop();
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
