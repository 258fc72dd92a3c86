import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDraft } from "../advisors/application.server";
import { createBankCipher } from "../security/bank-cipher.server";
import { saveBankDetails } from "../repositories/bank-details.server";
import { ChangeFeed, startChangeFeed, type Topic } from "./change-feed.server";
import { LISTENER_NAME } from "./listener.server";
import { advisors, bookings, reviews, users } from "./schema";
import { createTestDatabase } from "./database.test-support";
import { createAdvisor, createBooking, createSeeker } from "./factories.test-support";
import { whenFeed } from "./feed.test-support";

/*
 * The database's change notifications (migrations 0005, 0006, 0015) as an app instance sees them, on
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

/** The payloads of the directory's notifications that `change` causes (the probe left out). */
async function directoryPayloads(change: () => Promise<unknown>): Promise<string[]> {
  const payloads: string[] = [];
  const { changed } = feed;
  feed.changed = (payload) => {
    changed.call(feed, payload);
    payloads.push(payload);
  };
  try {
    await change();
    await heardAllSoFar("directory");
  } finally {
    feed.changed = changed;
  }
  const directory = ["advisors", "users", "reviews"];
  return payloads.filter((p) => p !== "reviews" && directory.includes(p.split(" ")[0]!));
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
      userId: seekerId,
      datetime: new Date("2030-01-07T10:00:00Z"),
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

  it("names the advisor a profile edit, a review or a person's new name touched", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db);
    const seekerId = await createSeeker(db);
    const [advisor] = await db
      .select({ userId: advisors.userId })
      .from(advisors)
      .where(eq(advisors.id, advisorId));
    const booking = await createBooking(db, {
      advisorId,
      userId: seekerId,
      datetime: new Date("2030-02-04T10:00:00Z"),
      status: "completed",
    });
    await heardAllSoFar("directory");

    expect(
      await directoryPayloads(() =>
        db.update(advisors).set({ jobTitle: "Head of Data" }).where(eq(advisors.id, advisorId)),
      ),
    ).toEqual([`advisors ${advisorId}`]);
    expect(
      await directoryPayloads(() =>
        db.insert(reviews).values({
          bookingId: booking.id,
          advisorId,
          userId: seekerId,
          ratingHelpfulness: 5,
          ratingActionability: 4,
          recommendAdvisor: true,
        }),
      ),
    ).toEqual([`reviews ${advisorId}`]);
    // The advisor's own name, and a reviewer's (shown under their review).
    expect(
      await directoryPayloads(() =>
        db.update(users).set({ lastName: "Iyer" }).where(eq(users.id, advisor!.userId)),
      ),
    ).toEqual([`users ${advisorId}`]);
    expect(
      await directoryPayloads(() =>
        db.update(users).set({ firstName: "Kavya" }).where(eq(users.id, seekerId)),
      ),
    ).toEqual([`users ${advisorId}`]);
    // Neither a private column nor a name nobody sees.
    expect(
      await directoryPayloads(async () => {
        await db
          .update(advisors)
          .set({ phone: "+91 98450 11111" })
          .where(eq(advisors.id, advisorId));
        await db
          .update(users)
          .set({ firstName: "Asha" })
          .where(eq(users.id, await createSeeker(db)));
      }),
    ).toEqual([]);
  });

  it("sends one notification for a bulk change, naming its advisors while they fit in 8000 bytes", async () => {
    const db = database.db;
    const people = async (n: number) =>
      db
        .insert(users)
        .values(
          Array.from({ length: n }, () => ({
            firstName: "Bulk",
            lastName: "Advisor",
            email: `bulk.${randomUUID()}@example.com`,
          })),
        )
        .returning({ id: users.id });
    const insert = (rows: { id: string }[]) =>
      db
        .insert(advisors)
        .values(rows.map((u) => ({ userId: u.id, profileStatus: "approved" as const })))
        .returning({ id: advisors.id });
    let few: { id: string }[] = [];
    const named = await directoryPayloads(async () => (few = await insert(await people(3))));
    expect(named).toHaveLength(1);
    expect(named[0]!.split(" ").slice(1).sort()).toEqual(few.map((a) => a.id).sort());
    // 216 ids take 8000 bytes with the table's name: too many to name.
    const many = await people(216);
    expect(await directoryPayloads(() => insert(many))).toEqual(["advisors"]);
  });

  it("says which advisors changed since a version, or that any may have", () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const local = new ChangeFeed();
    local.setListening(true);
    const start = local.directoryChanges(null);
    expect(start.advisorIds).toBeNull(); // nothing held yet: everything is new
    local.changed(`advisors ${a}`);
    local.changed(`reviews ${b} ${a}`);
    local.changed("bookings");
    const later = local.directoryChanges(start.version);
    expect(later.version).toBe(start.version + 2);
    expect([...later.advisorIds!].sort()).toEqual([a, b].sort());
    expect(local.directoryChanges(later.version).advisorIds).toEqual(new Set());
    local.changed(`users ${c}`);
    expect([...local.directoryChanges(later.version).advisorIds!]).toEqual([c]);

    // A bare table name, or anything that is not an advisor's id: any may have changed.
    for (const payload of ["reviews", "advisors not-an-id", "something_new"]) {
      const before = local.directoryChanges(null).version;
      local.changed(payload);
      expect(local.directoryChanges(before).advisorIds).toBeNull();
      expect(local.directoryChanges(before + 1).advisorIds).toEqual(new Set());
    }
    // So after a reconnect.
    const before = local.directoryChanges(null).version;
    local.setListening(false);
    local.setListening(true);
    expect(local.directoryChanges(before).advisorIds).toBeNull();
  });

  it("forgets the oldest named advisors beyond a thousand: asked about them, any may have changed", () => {
    const local = new ChangeFeed();
    const since = local.directoryChanges(null).version;
    for (let i = 0; i < 1000; i++) local.changed(`advisors ${randomUUID()}`);
    expect(local.directoryChanges(since).advisorIds!.size).toBe(1000);
    local.changed(`advisors ${randomUUID()}`);
    expect(local.directoryChanges(since).advisorIds).toBeNull();
    expect(local.directoryChanges(since + 1).advisorIds!.size).toBe(1000);
  });

  it("checks its age when asked what changed, as when stamped", () => {
    let now = 1_000_000;
    const local = new ChangeFeed({ maxAgeMs: 60_000, now: () => now });
    const { version } = local.directoryChanges(null);
    local.changed(`advisors ${randomUUID()}`);
    now += 60_000;
    const aged = local.directoryChanges(version);
    expect(aged).toEqual({ version: version + 2, advisorIds: null });
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
