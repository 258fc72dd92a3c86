import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { appRoleRisk, currentRole, grantAppRole } from "./app-role.server";
import { lockDataDir } from "./data-dir-lock.server";
import { type ListenHandlers, type ListenOptions, listenPostgres } from "./listener.server";
import * as schema from "./schema";

/** The one database type the rest of the server sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: services accept `Db | Tx` so they can join a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies pending migrations; safe to call on every start and from several instances. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance of the app runs start-up work on this database (a
   * PostgreSQL advisory lock; PGlite has one process by construction, ADR 70).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** True when every migration of this app is in the database's journal (for readiness). */
  migrated(): Promise<boolean>;
  /**
   * The connections behind `db`: a pool's open, idle and waiting counts; PGlite is one
   * in-process connection that queues queries inside itself, so only its one connection.
   */
  connections(): { total: number; idle?: number; waiting?: number };
  /**
   * Why the app's own role could change the append-only ledger and audit log (a superuser,
   * or the tables' owner), or null; always null for PGlite, which has one role (ADR 77).
   */
  appRoleRisk(): Promise<string | null>;
  /** True when a trivial query answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Delivers every NOTIFY on `channel` to `onNotify`. `onState(false)` says the listening
   * connection is gone (notifications may be missed until `onState(true)`: it reconnects).
   * Resolves after the first attempt to listen; the returned function stops. `options` time the
   * heartbeat and reconnects of a server connection (PGlite's in-process one needs neither).
   */
  listen(
    channel: string,
    handlers: ListenHandlers,
    options?: Partial<ListenOptions>,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const STARTUP_LOCK_ID = 7_246_101; // any constant shared by all instances of this app

/**
 * `url` set → node-postgres against a real server; unset → PGlite, persisted in `dataDir`
 * (or in memory when `dataDir` is "memory://", as the tests do). `migrationUrl` is the role
 * that owns the tables: it migrates, then grants `url`'s role what the app needs (ADR 77).
 */
export async function openDatabase(options: {
  url?: string;
  migrationUrl?: string;
  dataDir?: string;
}): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.migrationUrl)
    : openPglite(options.dataDir ?? "memory://");
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // One process per data directory: a second server refuses to start instead of corrupting it.
  const lock = inMemory ? null : lockDataDir(`${path.resolve(dataDir)}.lock`);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { extensions: { btree_gist, pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // PGlite is a single in-process connection: no other instance can race us.
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR }),
    exclusively: (work) => work(),
    migrated: () => allMigrationsApplied(db),
    connections: () => ({ total: client.closed ? 0 : 1 }),
    appRoleRisk: async () => null,
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    async listen(channel, { onNotify, onState }) {
      // The one in-process connection: it cannot drop, and it hears its own notifications.
      const stop = await client.listen(channel, onNotify);
      onState(true);
      return stop;
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, migrationUrl?: string): Promise<Database> {
  // Keepalive probes find an idle connection that a NAT or load balancer dropped silently.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => console.error(`idle database connection lost: ${error.message}`));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: "postgres",
    async exclusively(work) {
      // A session lock on a connection of its own: `work` may use the pool freely meanwhile.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
        return await work();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    // Concurrent starts of several instances migrate one at a time.
    migrate: () =>
      database.exclusively(async () => {
        if (!migrationUrl) {
          await migrateNodePg(drizzleNodePg({ client: pool }), {
            migrationsFolder: MIGRATIONS_DIR,
          });
          return;
        }
        const owner = new pg.Client({
          connectionString: migrationUrl,
          connectionTimeoutMillis: 5000,
        });
        await owner.connect();
        try {
          await migrateNodePg(drizzleNodePg({ client: owner }), {
            migrationsFolder: MIGRATIONS_DIR,
          });
          const app = await currentRole(pool);
          if (app !== (await currentRole(owner))) await grantAppRole(owner, app);
        } finally {
          await owner.end();
        }
      }),
    migrated: () => allMigrationsApplied(db),
    connections: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    appRoleRisk: () => appRoleRisk(pool),
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    listen: (channel, handlers, options) => listenPostgres(url, channel, handlers, options),
    close: () => pool.end(),
  };
  return database;
}

async function pingWith(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let appMigrations: MigrationMeta[] | undefined;

async function allMigrationsApplied(db: Db): Promise<boolean> {
  appMigrations ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  try {
    const journal = await queryRows<{ hash: string }>(
      db,
      sql`select hash from drizzle.__drizzle_migrations`,
    );
    const applied = new Set(journal.map((m) => m.hash));
    return appMigrations.every((m) => applied.has(m.hash));
  } catch {
    return false; // no journal yet, or no database to ask
  }
}

/** Runs raw SQL and returns its rows: both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `rows` in the order of `keys` (each row's key is one of them): UPDATE ... RETURNING gives
 * its rows in no defined order, so a job that claims a batch in order puts them back in it.
 */
export function inOrderOf<T>(keys: readonly string[], rows: T[], keyOf: (row: T) => string): T[] {
  const rank = new Map(keys.map((key, i) => [key, i]));
  return rows.sort((a, b) => rank.get(keyOf(a))! - rank.get(keyOf(b))!);
}
