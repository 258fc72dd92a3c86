import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "./client.server";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped again by `destroy`).
 */
export async function createTestDatabase(): Promise<
  Database & {
    destroy(): Promise<void>;
    /** Set on a real server: for a second instance. */ url?: string;
  }
> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const empty = await createEmptyServerDatabase(serverUrl);
  const database = await openDatabase({ url: empty.url });
  await database.migrate();
  return {
    ...database,
    url: empty.url,
    async destroy() {
      await database.close();
      await empty.destroy();
    },
  };
}

/** A new, empty database (not migrated) on the server at `serverUrl`, and how to drop it. */
export async function createEmptyServerDatabase(serverUrl: string) {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    destroy: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export { sqlState } from "./sql-state";
