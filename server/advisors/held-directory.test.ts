import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitReview } from "../bookings/review.server";
import { TEAM_ADVISOR_ID } from "../config.server";
import { ChangeFeed, startChangeFeed } from "../db/change-feed.server";
import type { Db } from "../db/client.server";
import { advisors, users } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import { whenFeed } from "../db/feed.test-support";
import { type AdvisorDirectory, createAdvisorDirectory } from "./advisor-directory.server";
import { type DirectoryRows, directoryRows } from "./directory-rows.server";

/*
 * With a listening change feed the directory is held in memory (advisor-directory.server.ts);
 * without it every call queries. Both must give the same answers; the held copy is loaded once,
 * in the background while the database answers, and then reads again only the advisors the
 * feed names (ADR 79), or, when the feed cannot name them, those whose fingerprint differs
 * from the database's. Each test has a database and people of its own.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: ChangeFeed;
let bare: AdvisorDirectory;
let held: AdvisorDirectory;
let watched: ReturnType<typeof watchedRows>;
let clockSkew: number; // moves the feed's clock forward
let ids: string[];
const team = TEAM_ADVISOR_ID;
const QUERIES = ["", "dubai", "product manager", "salary negotiation", "xylophone"];

async function answers(directory: AdvisorDirectory) {
  return {
    searches: await Promise.all(
      QUERIES.flatMap((query) =>
        [1, 2].map((page) => directory.search({ query, page, pageSize: 3, teamAdvisorId: team })),
      ),
    ),
    landing: await directory.listApproved({ limit: 4, teamAdvisorId: team }),
    profiles: await Promise.all([...ids, team].map((id) => directory.findApproved(id))),
  };
}

const search = (directory: AdvisorDirectory, query: string) =>
  directory.search({ query, page: 1, pageSize: 10, teamAdvisorId: team });

/**
 * What the directory reads, counted: full loads, advisors read by id, fingerprint checks and
 * searchable rows. `holdFullLoad` keeps every full load waiting until `release()`.
 */
function watchedRows(db: Db, { holdFullLoad = false } = {}) {
  const real = directoryRows(db);
  const reads = { all: 0, some: [] as string[][], fingerprints: 0, searchable: 0 };
  let release = () => {};
  const gate = holdFullLoad ? new Promise<void>((r) => (release = r)) : null;
  const rows: DirectoryRows = {
    ...real,
    async all() {
      reads.all += 1;
      await gate;
      return real.all();
    },
    some(ids) {
      reads.some.push([...ids].sort());
      return real.some(ids);
    },
    fingerprints() {
      reads.fingerprints += 1;
      return real.fingerprints();
    },
    searchable(teamAdvisorId) {
      reads.searchable += 1;
      return real.searchable(teamAdvisorId);
    },
  };
  return { rows, reads, release };
}

/** Waits until the feed has taken in what was committed so far (PGlite: at once). */
async function heard(change: () => Promise<unknown>) {
  const before = feed.stamp(["directory"]);
  await change();
  await whenFeed(feed, () => feed.stamp(["directory"]) !== before);
}

let sessions = 0;
/** A completed session of `advisorId` with a new seeker, reviewed by them. */
async function review(advisorId: string, stars: 1 | 2 | 3 | 4 | 5, words: string, seeker = "") {
  const userId = await createSeeker(database.db, { firstName: seeker || "Kavya" });
  sessions += 1;
  const datetime = new Date(Date.UTC(2026, 0, 5, 10 + sessions));
  const booking = await createBooking(database.db, {
    advisorId,
    userId,
    datetime,
    status: "completed",
  });
  const actor = { userId, advisorId: null, isAdmin: false };
  const input = {
    ratingHelpfulness: stars,
    ratingActionability: stars,
    recommendAdvisor: "yes" as const,
    writtenFeedback: words,
  };
  expect(await submitReview(database.db, { actor, bookingId: booking!.id, review: input })).toEqual(
    { ok: true },
  );
  return userId;
}

beforeEach(async () => {
  database = await createTestDatabase();
  clockSkew = 0;
  ids = [];
  const db = database.db;
  const people: [string, string, Partial<typeof advisors.$inferInsert>][] = [
    ["Meera", "Nair", { jobTitle: "HR Manager", workLocations: ["Dubai"] }],
    ["Arjun", "Mehta", { jobTitle: "Product Manager", about: "Two years in Dubai." }],
    ["Zoya", "Khan", { careerAdviceTopics: ["Salary Negotiation"] }],
    ["Ravi", "Shah", { jobTitle: "Product Manager", skills: ["Salary Negotiation"] }],
    ["Anil", "Kumar", { jobTitle: "Engineer" }],
    ["Pia", "Sen", { jobTitle: "Product Designer", profileStatus: "pending" }],
  ];
  for (const [firstName, lastName, profile] of people) {
    ids.push(await createAdvisor(db, profile, { firstName, lastName }));
  }
  await createAdvisor(db, { id: team, jobTitle: "Product Manager" });
  feed = await startChangeFeed(database, { now: () => Date.now() + clockSkew });
  bare = createAdvisorDirectory({ db });
  watched = watchedRows(db);
  held = createAdvisorDirectory({ db, feed, rows: watched.rows });
});

afterEach(async () => {
  await feed?.stop();
  await database?.destroy();
});

describe("the directory held in memory", () => {
  it("answers search, the landing grid and profiles exactly as the database does", async () => {
    const queried = await answers(bare);
    expect(await answers(held)).toEqual(queried); // from the database, while it loads
    await held.warm();
    expect(await answers(held)).toEqual(queried);
    expect(queried.searches[2]!.total).toBe(2); // "dubai": Meera, then Arjun by his about text
    expect(queried.profiles.at(-1)?.id).toBe(team); // public page, never listed
    expect(watched.reads).toMatchObject({ all: 1, fingerprints: 0 });
  });

  it("answers a restart's first search from the database while the held copy still loads", async () => {
    const slow = watchedRows(database.db, { holdFullLoad: true });
    const restarted = createAdvisorDirectory({ db: database.db, feed, rows: slow.rows });
    const found = await search(restarted, "dubai");
    expect(found).toEqual(await search(bare, "dubai"));
    expect(found.advisors.map((a) => a.firstName)).toEqual(["Meera", "Arjun"]);
    expect(await restarted.findApproved(ids[0]!)).toEqual(await bare.findApproved(ids[0]!));
    // The full load began with the first read, and is still waiting.
    expect(slow.reads).toMatchObject({ all: 1, searchable: 1 });
    let loaded = false;
    const warm = restarted.warm().then(() => (loaded = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(loaded).toBe(false);

    slow.release();
    await warm;
    const someBefore = slow.reads.some.length;
    expect(await search(restarted, "dubai")).toEqual(found);
    expect(slow.reads).toMatchObject({ all: 1, searchable: 1 }); // now from memory
    expect(slow.reads.some).toHaveLength(someBefore);
  });

  it("warms up before the first visitor: after warm() a search reads nothing", async () => {
    await held.warm(team);
    // The index was built from the searchable rows while the held copy loaded.
    expect(watched.reads).toMatchObject({ all: 1, searchable: 1, some: [] });
    expect(await search(held, "dubai")).toEqual(await search(bare, "dubai"));
    expect(await held.suggest("dub", team)).toEqual(await bare.suggest("dub", team));
    expect(watched.reads).toMatchObject({ all: 1, searchable: 1, some: [], fingerprints: 0 });
  });

  it("takes a review's new rating into the held directory and search, reading that advisor only", async () => {
    await held.warm();
    const arjun = ids[1]!;
    expect((await held.findApproved(arjun))?.rating).toBeNull();
    const meera = await held.findApproved(ids[0]!);

    await heard(() => review(arjun, 4, "Clear next steps.", "Kavya"));
    const rating = { average: 4, count: 1, recommendPercent: 100 };
    const latest = { feedback: "Clear next steps.", firstName: "Kavya" };
    expect(await held.findApproved(arjun)).toMatchObject({ rating: { ...rating, latest } });
    const found = await search(held, "product manager");
    expect(found.advisors.find((a) => a.id === arjun)?.rating).toMatchObject(rating);
    expect(await held.findApproved(ids[0]!)).toBe(meera); // the others untouched
    expect(watched.reads).toMatchObject({ all: 1, fingerprints: 0, some: [[arjun]] });
    expect(await answers(held)).toEqual(await answers(bare));
  });

  it("reads again only the advisor whose profile or name changed", async () => {
    await held.warm();
    const [meera, arjun] = [ids[0]!, ids[1]!];
    const others = await Promise.all(ids.slice(2).map((id) => held.findApproved(id)));
    await heard(() =>
      database.db.update(advisors).set({ jobTitle: "Cartographer" }).where(eq(advisors.id, meera)),
    );
    expect((await search(held, "cartographer")).advisors.map((a) => a.id)).toEqual([meera]);
    expect((await search(held, "hr manager")).advisors.map((a) => a.id)).not.toContain(meera);
    expect(watched.reads.some).toEqual([[meera]]);

    const [row] = await database.db
      .select({ userId: advisors.userId })
      .from(advisors)
      .where(eq(advisors.id, arjun));
    await heard(() =>
      database.db.update(users).set({ firstName: "Arjuna" }).where(eq(users.id, row!.userId)),
    );
    expect((await held.findApproved(arjun))?.firstName).toBe("Arjuna");
    expect((await search(held, "arjuna")).advisors.map((a) => a.id)).toEqual([arjun]);
    expect(watched.reads).toMatchObject({ all: 1, fingerprints: 0, some: [[meera], [arjun]] });
    expect(await Promise.all(ids.slice(2).map((id) => held.findApproved(id)))).toEqual(others);
  });

  it("takes in an approval and a removal one advisor at a time, the landing grid too", async () => {
    await held.warm();
    const pia = ids[5]!;
    const approve = (profileStatus: "approved" | "rejected") =>
      heard(() => database.db.update(advisors).set({ profileStatus }).where(eq(advisors.id, pia)));
    await approve("approved");
    expect((await held.findApproved(pia))?.firstName).toBe("Pia");
    const found = await search(held, "product designer");
    // Both words for Pia, one for the others; the team's own profile is never listed.
    expect(found.advisors.map((a) => a.firstName)).toEqual(["Pia", "Arjun", "Ravi"]);
    const landing = await held.listApproved({ limit: 9, teamAdvisorId: team });
    expect(landing.map((a) => a.firstName)).toEqual([
      "Meera",
      "Arjun",
      "Zoya",
      "Ravi",
      "Anil",
      "Pia",
    ]);

    await approve("rejected");
    expect(await held.findApproved(pia)).toBeNull();
    expect((await search(held, "designer")).total).toBe(0);
    expect(await held.listApproved({ limit: 9, teamAdvisorId: team })).toHaveLength(5);
    expect(watched.reads).toMatchObject({ all: 1, fingerprints: 0, some: [[pia], [pia]] });
  });

  it("stops listing an advisor hidden for no-shows, keeps their profile, and lists them again when restored", async () => {
    await held.warm();
    const arjun = ids[1]!;
    const hide = (at: Date | null) =>
      heard(() =>
        database.db.update(advisors).set({ hiddenForNoShowsAt: at }).where(eq(advisors.id, arjun)),
      );
    await hide(new Date("2026-03-01T00:00:00Z"));
    for (const directory of [held, bare]) {
      // Meera is an HR Manager: one word.
      expect((await search(directory, "product manager")).advisors.map((a) => a.firstName)).toEqual(
        ["Ravi", "Meera"],
      );
      const landing = await directory.listApproved({ limit: 9, teamAdvisorId: team });
      expect(landing.map((a) => a.firstName)).toEqual(["Meera", "Zoya", "Ravi", "Anil"]);
      expect((await directory.findApproved(arjun))?.firstName).toBe("Arjun");
    }
    expect(watched.reads).toMatchObject({ all: 1, some: [[arjun]] });

    await hide(null);
    for (const directory of [held, bare]) {
      const found = await search(directory, "product manager");
      expect(found.advisors.map((a) => a.firstName).sort()).toEqual(["Arjun", "Meera", "Ravi"]);
      expect(await directory.listApproved({ limit: 9, teamAdvisorId: team })).toHaveLength(5);
    }
  });

  it("checks every advisor's fingerprint after a change too big to name them, and reads the changed", async () => {
    await held.warm();
    // More advisors than one notification can name (8000 bytes): it names the table only.
    const many = await database.db
      .insert(users)
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          firstName: "Bulk",
          lastName: `Person ${i}`,
          email: `bulk.${i}@example.com`,
        })),
      )
      .returning({ id: users.id });
    await heard(() =>
      database.db
        .insert(advisors)
        .values(
          many.map((u) => ({ userId: u.id, profileStatus: "approved" as const, jobTitle: "Bulk" })),
        ),
    );
    expect((await search(held, "bulk")).total).toBe(230);
    expect(watched.reads).toMatchObject({ all: 2, fingerprints: 1, some: [] });

    // A bulk edit the notification can name: read by id, no check.
    const edited = ids.slice(0, 4);
    await heard(() =>
      database.db.update(advisors).set({ hourlyRateInr: 2500 }).where(inArray(advisors.id, edited)),
    );
    expect((await held.findApproved(ids[0]!))?.hourlyRateInr).toBe(2500);
    expect(watched.reads).toMatchObject({ all: 2, fingerprints: 1, some: [[...edited].sort()] });
    expect(await answers(held)).toEqual(await answers(bare));
  });

  it("queries every read while the feed is not listening", async () => {
    await held.warm();
    const id = ids[4]!;
    feed.setListening(false, "test");
    const reads = watched.reads.some.length;
    await database.db.update(advisors).set({ jobTitle: "Librarian" }).where(eq(advisors.id, id));
    expect((await held.findApproved(id))?.jobTitle).toBe("Librarian");
    expect((await search(held, "librarian")).advisors.map((a) => a.id)).toEqual([id]);
    expect(watched.reads.some.length).toBeGreaterThan(reads);
  });

  it("checks fingerprints once it is five minutes old, even without a notification", async () => {
    // Turning triggers off takes the server's own user, not the app's role.
    const db = database.privileged;
    const title = async () => (await held.findApproved(ids[0]!))?.jobTitle;
    await held.warm();
    expect(await title()).toBe("HR Manager"); // held from here on
    // A change whose notification never comes (triggers off for this transaction).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(advisors).set({ jobTitle: "Chief of Staff" }).where(eq(advisors.id, ids[0]!));
    });
    expect(await title()).toBe("HR Manager");
    clockSkew += 4 * 60_000;
    expect(await title()).toBe("HR Manager");
    clockSkew += 60_000;
    expect(await title()).toBe("Chief of Staff");
    expect((await search(held, "chief of staff")).advisors[0]?.id).toBe(ids[0]);
    // Only the advisor that differs was read again.
    expect(watched.reads).toMatchObject({ all: 1, fingerprints: 1, some: [[ids[0]]] });

    // Nothing changed: five minutes later the check reads fingerprints only.
    const before = await answers(held);
    clockSkew += 5 * 60_000;
    expect(await answers(held)).toEqual(before);
    expect(watched.reads).toMatchObject({ all: 1, fingerprints: 2, some: [[ids[0]]] });
  });

  it("never trusts what it held before a reconnect: it checks fingerprints", async () => {
    const local = new ChangeFeed();
    local.setListening(true);
    const directory = createAdvisorDirectory({ db: database.db, feed: local, rows: watched.rows });
    await directory.warm();
    local.setListening(false, "test");
    await database.db
      .update(advisors)
      .set({ about: "Back from Oslo." })
      .where(eq(advisors.id, ids[2]!));
    local.setListening(true);
    expect((await directory.findApproved(ids[2]!))?.about).toBe("Back from Oslo.");
    expect(watched.reads).toMatchObject({ all: 1, fingerprints: 1, some: [[ids[2]]] });
  });
});
