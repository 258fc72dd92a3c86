import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Database, type Db, openDatabase } from "./client.server";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped again by `destroy`). On a server
 * the tests run as the app does in production (ADR 77): the database belongs to an owner role
 * that migrates, and `db` connects as a role that owns nothing. `privileged` is the server's
 * own user, for a test that breaks the schema on purpose (PGlite: the same `db`).
 */
export async function createTestDatabase(): Promise<
  Database & {
    destroy(): Promise<void>;
    privileged: Db;
    /** Set on a real server: for a second instance. */ url?: string;
    migrationUrl?: string;
  }
> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
    return { ...database, privileged: database.db, destroy: () => database.close() };
  }
  const empty = await createEmptyServerDatabase(serverUrl);
  const database = await openDatabase({ url: empty.url, migrationUrl: empty.migrationUrl });
  await database.migrate();
  const privileged = new pg.Pool({ connectionString: empty.privilegedUrl, max: 2 });
  // An idle connection ended by the server (the drop below forces them out) is no failure.
  privileged.on("error", () => {});
  return {
    ...database,
    url: empty.url,
    migrationUrl: empty.migrationUrl,
    privileged: drizzle({ client: privileged }) as unknown as Db,
    async destroy() {
      await Promise.all([database.close(), privileged.end()]);
      await empty.destroy();
    },
  };
}

/** The roles every test database on a server uses: the tables' owner and the app's. */
export const TEST_ROLES = { owner: "bt_test_owner", app: "bt_test_app" } as const;
const TEST_ROLE_PASSWORD = "bt-test-role";

/**
 * A new, empty database (not migrated) on the server at `serverUrl`, owned by the test owner
 * role, and how to drop it: `url` connects as the app's role, `migrationUrl` as the owner,
 * `privilegedUrl` as `serverUrl`'s user (who must be allowed to create roles and databases).
 */
export async function createEmptyServerDatabase(serverUrl: string) {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await ensureTestRoles(serverUrl);
  await adminQuery(serverUrl, `create database ${name} owner ${TEST_ROLES.owner}`);
  const on = (user?: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    if (user) {
      url.username = user;
      url.password = TEST_ROLE_PASSWORD;
    }
    return url.toString();
  };
  return {
    url: on(TEST_ROLES.app),
    migrationUrl: on(TEST_ROLES.owner),
    privilegedUrl: on(),
    destroy: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Roles belong to the whole server: made once, by whichever test file comes first. */
async function ensureTestRoles(serverUrl: string) {
  for (const role of Object.values(TEST_ROLES))
    await adminQuery(
      serverUrl,
      `do $$ begin
         create role ${role} login password '${TEST_ROLE_PASSWORD}';
       exception when duplicate_object or unique_violation then null;
       end $$`,
    );
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
