import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDraft } from "../advisors/application.server";
import { createBankCipher } from "../advisors/bank-crypto.server";
import { saveBankDetails } from "../advisors/bank-details.server";
import { ChangeFeed, startChangeFeed, type Topic } from "./change-feed.server";
import { LISTENER_NAME } from "./listener.server";
import { advisors, bookings, users } from "./schema";
import { createTestDatabase } from "./test-database";
import { createAdvisor, createBooking, createSeeker } from "./test-factories";
import { whenFeed } from "./test-feed";

/*
 * The database's change notifications (migrations 0005, 0006) as an app instance sees them, on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where they arrive on a connection of their
 * own, a moment after the commit).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: ChangeFeed;

/**
 * Waits until every change committed so far has been heard: the database delivers
 * notifications in commit order, so once one sent now has arrived, all before it have. The
 * one sent names a table no test here writes, so the notification that arrives is this one (a
 * change still in flight would otherwise pass for it and arrive after the caller's look).
 */
async function heardAllSoFar(topic: Topic) {
  const probe = topic === "directory" ? "reviews" : "blocked_slots";
  let arrived = false;
  const { changed } = feed;
  feed.changed = (table) => {
    changed.call(feed, table);
    if (table === probe) arrived = true;
  };
  try {
    await database.db.execute(sql`select pg_notify('public_change', ${probe})`);
    await whenFeed(feed, () => arrived);
  } finally {
    feed.changed = changed;
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
    await whenFeed(feed, () => feed.stamp(["directory"]) !== before);

    before = feed.stamp(["directory"]);
    const [row] = await database.db
      .select({ userId: advisors.userId })
      .from(advisors)
      .where(eq(advisors.id, advisorId));
    await database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, row!.userId));
    await whenFeed(feed, () => feed.stamp(["directory"]) !== before);
  });

  it("leaves both topics alone when a seeker signs up or changes their name", async () => {
    const before = feed.stamp(["directory", "calendar"]);
    const seekerId = await createSeeker(database.db);
    await database.db.update(users).set({ firstName: "Asha" }).where(eq(users.id, seekerId));
    // A change that does notify, committed after: once it is in, nothing else came.
    await database.db.execute(sql`select pg_notify('public_change', 'bookings')`);
    await whenFeed(feed, () => feed.stamp(["calendar"]) !== before.split(".")[1]);
    expect(feed.stamp(["directory"])).toBe(before.split(".")[0]);
  });

  it("stays still for bank details, application drafts and an applicant's name, and moves for an approved profile's edit", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db);
    const applicant = await createSeeker(db);
    await heardAllSoFar("directory");
    const before = feed.stamp(["directory"]);

    const cipher = createBankCipher("a-test-key-that-is-long-enough-for-aes-256");
    const saved = await saveBankDetails(db, cipher, advisorId, {
      bankAccountHolderName: "Asha Rao",
      bankName: "HDFC Bank",
      bankAccountNumber: "50100123456789",
      bankIfscCode: "HDFC0000123",
      bankBranch: "Baner, Pune",
    });
    expect(saved.ok).toBe(true);
    const draft = { currentStep: 1, completedSteps: [], values: { firstName: "Asha" } };
    expect(await saveDraft(db, applicant, draft)).toMatchObject({ ok: true }); // makes the row
    draft.values.firstName = "Asha Rani";
    expect(await saveDraft(db, applicant, draft)).toMatchObject({ ok: true }); // changes it
    await db.update(users).set({ firstName: "Asha Rani" }).where(eq(users.id, applicant));
    await heardAllSoFar("calendar");
    expect(feed.stamp(["directory"])).toBe(before);

    await db
      .update(advisors)
      .set({ jobTitle: "Head of Product" })
      .where(eq(advisors.id, advisorId));
    await whenFeed(feed, () => feed.stamp(["directory"]) !== before);
  });

  it("moves the calendar when a booking takes or frees time, not for its link or review flag", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db);
    const seekerId = await createSeeker(db);
    await createBooking(db, {
      advisorId,
      seekerId,
      start: "2030-01-07T10:00:00Z",
      status: "confirmed",
    });
    await heardAllSoFar("directory");
    const before = feed.stamp(["calendar"]);

    await db
      .update(bookings)
      .set({ videoCallLink: "https://meet.example.com/abc", reviewSubmitted: true })
      .where(eq(bookings.advisorId, advisorId));
    await heardAllSoFar("directory");
    expect(feed.stamp(["calendar"])).toBe(before);

    await db
      .update(bookings)
      .set({ status: "cancelled", cancellationReason: "Plans changed" })
      .where(eq(bookings.advisorId, advisorId));
    await whenFeed(feed, () => feed.stamp(["calendar"]) !== before);
  });

  it("moves every version once they are older than the maximum age, without a notification", () => {
    let now = 1_000_000;
    const local = new ChangeFeed({ maxAgeMs: 60_000, now: () => now });
    const first = local.stamp(["directory", "calendar"]);
    now += 59_999;
    expect(local.stamp(["directory", "calendar"])).toBe(first);
    now += 1;
    const second = local.stamp(["directory", "calendar"]);
    expect(second).not.toBe(first);
    now += 59_999;
    expect(local.stamp(["directory", "calendar"])).toBe(second);
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
             where application_name = ${LISTENER_NAME} and datname = current_database()`,
      );
      await whenFeed(feed, () => !feed.listening);
      await whenFeed(feed, () => feed.listening);
      // Whatever happened while it was deaf, nothing cached before is trusted.
      expect(feed.stamp(["directory"])).not.toBe(before.directory);
      expect(feed.stamp(["calendar"])).not.toBe(before.calendar);
      // And it hears changes again.
      const now = feed.stamp(["calendar"]);
      await database.db.execute(sql`select pg_notify('public_change', 'bookings')`);
      await whenFeed(feed, () => feed.stamp(["calendar"]) !== now);
    },
  );
});
