import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangeFeed, startChangeFeed } from "./change-feed.server";
import { advisors, users } from "./schema";
import { createTestDatabase } from "./test-database";
import { createAdvisor, createSeeker } from "./test-factories";

/*
 * The database's change notifications (migration 0005) as an app instance sees them, on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where they arrive on a connection of their
 * own, a moment after the commit).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: ChangeFeed;

async function eventually(check: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("did not happen in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  feed = await startChangeFeed(database);
});

afterAll(async () => {
  await feed?.stop();
  await database?.destroy();
});

describe("the change feed", () => {
  it("moves the directory when an advisor's profile or name changes", async () => {
    let before = feed.stamp(["directory"]);
    const advisorId = await createAdvisor(database.db);
    await eventually(() => feed.stamp(["directory"]) !== before);

    before = feed.stamp(["directory"]);
    const [row] = await database.db
      .select({ userId: advisors.userId })
      .from(advisors)
      .where(eq(advisors.id, advisorId));
    await database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, row!.userId));
    await eventually(() => feed.stamp(["directory"]) !== before);
  });

  it("leaves both topics alone when a seeker signs up or changes their name", async () => {
    const before = feed.stamp(["directory", "calendar"]);
    const seekerId = await createSeeker(database.db);
    await database.db.update(users).set({ firstName: "Asha" }).where(eq(users.id, seekerId));
    // A change that does notify, committed after: once it is in, nothing else came.
    await database.db.execute(sql`select pg_notify('public_change', 'bookings')`);
    await eventually(() => feed.stamp(["calendar"]) !== before.split(".")[1]);
    expect(feed.stamp(["directory"])).toBe(before.split(".")[0]);
  });

  it("moves every topic for a table it does not know, and on listening again", () => {
    const local = new ChangeFeed();
    local.setListening(true);
    const before = local.stamp(["directory", "calendar"]);
    local.changed("something_new");
    const after = local.stamp(["directory", "calendar"]);
    expect(after.split(".").map(Number)).toEqual(before.split(".").map((v) => Number(v) + 1));
    local.setListening(false);
    expect(local.listening).toBe(false);
    local.setListening(true);
    expect(local.stamp(["directory", "calendar"])).not.toBe(after);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "stops vouching while its connection is gone, and listens again after a reconnect",
    async () => {
      const before = { directory: feed.stamp(["directory"]), calendar: feed.stamp(["calendar"]) };
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where query ilike 'LISTEN%' and datname = current_database()`,
      );
      await eventually(() => !feed.listening);
      await eventually(() => feed.listening, 5000);
      // Whatever happened while it was deaf, nothing cached before is trusted.
      expect(feed.stamp(["directory"])).not.toBe(before.directory);
      expect(feed.stamp(["calendar"])).not.toBe(before.calendar);
      // And it hears changes again.
      const now = feed.stamp(["calendar"]);
      await database.db.execute(sql`select pg_notify('public_change', 'bookings')`);
      await eventually(() => feed.stamp(["calendar"]) !== now);
    },
  );
});
