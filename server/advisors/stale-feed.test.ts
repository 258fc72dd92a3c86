import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangeFeed, startChangeFeed } from "../db/change-feed.server";
import { type Database, openDatabase, queryRows } from "../db/client.server";
import { LISTENER_NAME } from "../db/listener.server";
import { advisors } from "../db/schema";
import { createTestDatabase } from "../db/test-database";
import { createAdvisor } from "../db/test-factories";
import { startSilencingProxy } from "../db/test-proxy";
import { type AdvisorDirectory, createAdvisorDirectory } from "./advisor-directory.server";

/*
 * An instance whose listening connection is lost, loudly or silently, must still show a
 * change within seconds (ADR 63). PostgreSQL only: PGlite's notifications never leave the
 * process. The instance queries the server directly; its listening connection passes a proxy
 * that can go silent. Heartbeats are fast here; in production they come every 5 s.
 */
const SERVER = process.env.TEST_DATABASE_URL;
// On a loaded machine a late beat costs one more reconnect: drops are counted as "at least".
const FAST = { heartbeatMs: 100, heartbeatTimeoutMs: 1000, reconnectMs: 50, maxReconnectMs: 400 };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof startSilencingProxy>>;
let proxied: Database;
let feed: ChangeFeed;
let directory: AdvisorDirectory;

async function within(ms: number, check: () => Promise<boolean> | boolean) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const jobTitleOf = async (id: string) => (await directory.findApproved(id))?.jobTitle;

async function retitle(id: string, jobTitle: string) {
  await database.db.update(advisors).set({ jobTitle }).where(eq(advisors.id, id));
}

describe.skipIf(!SERVER)("the change feed on a lost connection", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await startSilencingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    proxied = await openDatabase({ url: url.toString() });
    feed = await startChangeFeed({ ...database, listen: proxied.listen }, { listen: FAST });
    directory = createAdvisorDirectory({ db: database.db, feed });
  });

  afterAll(async () => {
    await feed?.stop();
    await proxied?.close();
    await proxy?.close();
    await database?.destroy();
  });

  it("shows a change within 10 s when its listening backend is terminated", async () => {
    const id = await createAdvisor(database.db, { jobTitle: "Engineer" });
    await within(10_000, async () => (await jobTitleOf(id)) === "Engineer");
    const drops = feed.status().drops;

    const terminated = await queryRows(
      database.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    expect(terminated).toHaveLength(1);
    await retitle(id, "Staff Engineer"); // while nobody listens: its notification is lost

    await within(10_000, async () => (await jobTitleOf(id)) === "Staff Engineer");
    await within(10_000, () => feed.listening);
    expect(await jobTitleOf(id)).toBe("Staff Engineer"); // the held copy was reloaded
    expect(feed.status().drops).toBeGreaterThan(drops);
  });

  it("shows a change within 10 s when its connection silently stops carrying bytes", async () => {
    const id = await createAdvisor(database.db, { jobTitle: "Designer" });
    await within(10_000, async () => (await jobTitleOf(id)) === "Designer");
    await within(10_000, () => feed.listening);
    const drops = feed.status().drops;

    proxy.goSilent(); // both sockets stay open; nothing arrives any more
    await retitle(id, "Design Lead");

    await within(10_000, async () => (await jobTitleOf(id)) === "Design Lead");
    await within(10_000, () => feed.listening);
    expect(await jobTitleOf(id)).toBe("Design Lead");
    const status = feed.status();
    expect(status.drops).toBeGreaterThan(drops);
    expect(status.since).not.toBeNull();
    // It listens on a new connection, and its heartbeats come back again.
    const since = status.since!;
    await within(10_000, () => (feed.status().lastHeartbeat ?? since) > since);
  });

  it("reports a listening connection only while its heartbeats come back", async () => {
    await within(10_000, () => feed.listening);
    proxy.goSilent();
    await within(10_000, () => !feed.listening);
    expect(feed.status()).toMatchObject({ listening: false, since: null });
    await within(10_000, () => feed.listening);
  });

  it("ignores other instances' heartbeats on the channel", async () => {
    await within(10_000, () => feed.listening);
    const before = feed.stamp(["directory", "calendar"]);
    await database.db.execute(sql`select pg_notify('public_change', 'heartbeat 0a1b2c 7')`);
    const calendar = feed.stamp(["calendar"]);
    await database.db.execute(sql`select pg_notify('public_change', 'bookings')`);
    await within(10_000, () => feed.stamp(["calendar"]) !== calendar);
    expect(feed.stamp(["directory"])).toBe(before.split(".")[0]);
  });
});
