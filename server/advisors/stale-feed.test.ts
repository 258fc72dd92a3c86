import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangeFeed, startChangeFeed } from "../db/change-feed.server";
import { type Database, openDatabase, queryRows } from "../db/client.server";
import { LISTENER_NAME } from "../db/listener.server";
import { advisors } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor } from "../db/factories.test-support";
import { whenFeed } from "../db/feed.test-support";
import { startSilencingProxy } from "../db/proxy.test-support";
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
let heartbeat = () => {};

/** Resolves at the listening connection's next heartbeat. */
const nextHeartbeat = () => new Promise<void>((resolve) => (heartbeat = resolve));

/** Waits until the feed has lost its connection since `drops` and listens again. */
const listeningAgain = (drops: number) =>
  whenFeed(feed, () => feed.listening && feed.status().drops > drops);

/** Waits until the held directory has heard of what was committed so far. */
async function heard() {
  const before = feed.stamp(["directory"]);
  await database.db.execute(sql`select pg_notify('public_change', 'advisors')`);
  await whenFeed(feed, () => feed.stamp(["directory"]) !== before);
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
    // The feed listens through the proxy; the test hears its heartbeats too.
    const listen: Database["listen"] = (channel, handlers, options) =>
      proxied.listen(
        channel,
        {
          ...handlers,
          onHeartbeat: () => {
            handlers.onHeartbeat?.();
            heartbeat();
          },
        },
        options,
      );
    feed = await startChangeFeed({ ...database, listen }, { listen: FAST });
    directory = createAdvisorDirectory({ db: database.db, feed });
  });

  afterAll(async () => {
    await feed?.stop();
    await proxied?.close();
    await proxy?.close();
    await database?.destroy();
  });

  it("shows a change once it listens again after its listening backend is terminated", async () => {
    const id = await createAdvisor(database.db, { jobTitle: "Engineer" });
    await heard();
    expect(await jobTitleOf(id)).toBe("Engineer");
    const drops = feed.status().drops;

    const terminated = await queryRows(
      database.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    expect(terminated).toHaveLength(1);
    await retitle(id, "Staff Engineer"); // while nobody listens: its notification is lost

    await listeningAgain(drops);
    expect(await jobTitleOf(id)).toBe("Staff Engineer"); // the held copy was reloaded
  });

  it("shows a change once it listens again after its connection silently stops carrying bytes", async () => {
    await whenFeed(feed, () => feed.listening);
    const id = await createAdvisor(database.db, { jobTitle: "Designer" });
    await heard();
    expect(await jobTitleOf(id)).toBe("Designer");
    const drops = feed.status().drops;

    proxy.goSilent(); // both sockets stay open; nothing arrives any more
    await retitle(id, "Design Lead");

    await listeningAgain(drops);
    expect(await jobTitleOf(id)).toBe("Design Lead");
    const since = feed.status().since!;
    // It listens on a new connection, and its heartbeats come back again.
    await nextHeartbeat();
    expect(feed.status().lastHeartbeat!.getTime()).toBeGreaterThanOrEqual(since.getTime());
  });

  it("reports a listening connection only while its heartbeats come back", async () => {
    await whenFeed(feed, () => feed.listening);
    const drops = feed.status().drops;
    proxy.goSilent();
    await whenFeed(feed, () => !feed.listening);
    expect(feed.status()).toMatchObject({ listening: false, since: null });
    expect(feed.status().drops).toBeGreaterThan(drops);
    await listeningAgain(drops);
  });

  it("ignores other instances' heartbeats on the channel", async () => {
    await whenFeed(feed, () => feed.listening);
    const before = feed.stamp(["directory", "calendar"]);
    await database.db.execute(sql`select pg_notify('public_change', 'heartbeat 0a1b2c 7')`);
    const calendar = feed.stamp(["calendar"]);
    await database.db.execute(sql`select pg_notify('public_change', 'bookings')`);
    await whenFeed(feed, () => feed.stamp(["calendar"]) !== calendar);
    expect(feed.stamp(["directory"])).toBe(before.split(".")[0]);
  });
});
