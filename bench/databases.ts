import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startAppProcess } from "../tests/support/app-process";
import { openDatabase } from "../server/db/client.server";
import { insertAdvisors } from "./marketplace-data";
import { type PostgresServer } from "./postgres-server";
import { say } from "./stats";

/**
 * The benchmark's databases: the app migrates and seeds its demo data on first start, then
 * the generated advisors (with schedules and bookings) go in with the app stopped. Each is
 * prepared once and copied for the baseline build, so both builds read the same rows.
 */
export type PreparedDatabase = {
  label: string;
  advisorIds: string[];
  /** Environment that points the app at this database (copy `index`: 0 current, 1 baseline). */
  env: (copy: number) => Record<string, string>;
  cleanup: () => Promise<void>;
};

const CURRENT = "bench_current";
const COPY = "bench_copy";

async function seedWithApp(cwd: string, env: Record<string, string>) {
  const app = await startAppProcess({ RATE_LIMIT_SCALE: "100", ...env }, { cwd });
  await app.stop();
}

export async function preparePostgres(
  server: PostgresServer,
  cwd: string,
  advisorCount: number,
): Promise<PreparedDatabase> {
  say(`PostgreSQL ${server.version}: migrating and seeding, then ${advisorCount} advisors...`);
  await server.query(`create database ${CURRENT}`);
  await seedWithApp(cwd, { DATABASE_URL: server.database(CURRENT) });
  const advisorIds = await fillWithAdvisors({ url: server.database(CURRENT) }, advisorCount);
  // A template copy must have no open connections; the app and the pool above are closed.
  await server.query(`create database ${COPY} template ${CURRENT}`);
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "bench-pg-app-")));
  return {
    label: `PostgreSQL ${server.version}`,
    advisorIds,
    env: (copy) => ({
      DATABASE_URL: server.database(copy === 0 ? CURRENT : COPY),
      DATA_DIR: dataDirs[copy]!,
    }),
    cleanup: async () => {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function preparePglite(cwd: string, advisorCount: number): Promise<PreparedDatabase> {
  say(`PGlite: migrating and seeding, then ${advisorCount} advisors...`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pglite-"));
  await seedWithApp(cwd, { DATA_DIR: dataDir });
  // The app opens DATA_DIR/db; with the app stopped its lock is free.
  const advisorIds = await fillWithAdvisors({ dataDir: path.join(dataDir, "db") }, advisorCount);
  const copy = `${dataDir}-copy`;
  cpSync(dataDir, copy, { recursive: true });
  return {
    label: "PGlite (embedded)",
    advisorIds,
    env: (index) => ({ DATABASE_URL: "", DATA_DIR: index === 0 ? dataDir : copy }),
    cleanup: async () => {
      for (const dir of [dataDir, copy]) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Adds the generated advisors (with schedules and bookings) and returns their ids. */
async function fillWithAdvisors(
  where: Parameters<typeof openDatabase>[0],
  count: number,
): Promise<string[]> {
  const database = await openDatabase(where);
  const started = performance.now();
  try {
    return await insertAdvisors(database.db, count, { schedules: true });
  } finally {
    await database.close();
    say(`  inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
