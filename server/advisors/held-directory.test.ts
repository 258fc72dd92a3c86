import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TEAM_ADVISOR_ID } from "../config.server";
import { type ChangeFeed, startChangeFeed } from "../db/change-feed.server";
import type { Db } from "../db/client.server";
import { advisors } from "../db/schema";
import { createTestDatabase } from "../db/test-database";
import { createAdvisor } from "../db/test-factories";
import { whenFeed } from "../db/test-feed";
import {
  type AdvisorDirectory,
  createAdvisorDirectory,
  type DirectoryFeed,
} from "./advisor-directory.server";

/*
 * With a listening change feed the directory is held in memory (advisor-directory.server.ts);
 * without it every call queries. Both must give the same answers, the held copy must make no
 * query until the feed's version moves, and it must follow a change as soon as the feed
 * reports it. Each test has a database and people of its own.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: ChangeFeed;
let bare: AdvisorDirectory;
let held: AdvisorDirectory;
let clockSkew: number; // moves the feed's clock forward
let ids: string[];
const QUERIES = ["", "dubai", "product manager", "salary negotiation", "xylophone"];

async function answers(directory: AdvisorDirectory) {
  const team = TEAM_ADVISOR_ID;
  return {
    searches: await Promise.all(
      QUERIES.flatMap((query) =>
        [1, 2].map((page) => directory.search({ query, page, pageSize: 3, teamAdvisorId: team })),
      ),
    ),
    landing: await directory.listApproved({ limit: 4, teamAdvisorId: team }),
    profiles: await Promise.all([...ids, TEAM_ADVISOR_ID].map((id) => directory.findApproved(id))),
  };
}

/** The database, counting every statement begun through it. */
function countingDb(db: Db) {
  const begun = { statements: 0 };
  const starts = new Set([
    "select",
    "selectDistinct",
    "selectDistinctOn",
    "execute",
    "transaction",
  ]);
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== "string" || !starts.has(key) || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        begun.statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: counted, begun };
}

/** A feed the test moves by hand. */
function handFeed() {
  let version = 0;
  const feed: DirectoryFeed & { move(): void; listening: boolean } = {
    listening: true,
    stamp: () => String(version),
    move: () => void (version += 1),
  };
  return feed;
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
  await createAdvisor(db, { id: TEAM_ADVISOR_ID, jobTitle: "Product Manager" });
  feed = await startChangeFeed(database, { now: () => Date.now() + clockSkew });
  bare = createAdvisorDirectory({ db });
  held = createAdvisorDirectory({ db, feed });
});

afterEach(async () => {
  await feed?.stop();
  await database?.destroy();
});

describe("the directory held in memory", () => {
  it("answers search, the landing grid and profiles exactly as the database does", async () => {
    const queried = await answers(bare);
    expect(await answers(held)).toEqual(queried);
    expect(queried.searches[2]!.total).toBe(2); // "dubai": Meera, then Arjun by his about text
    expect(queried.profiles.at(-1)?.id).toBe(TEAM_ADVISOR_ID); // public page, never listed
  });

  it("makes no query until the feed's version moves, then loads once", async () => {
    const { db, begun } = countingDb(database.db);
    const feed = handFeed();
    const directory = createAdvisorDirectory({ db, feed });
    const id = await createAdvisor(database.db, { jobTitle: "Cartographer" });
    await answers(directory);
    const load = begun.statements;
    expect(load).toBeGreaterThan(0);

    await database.db.update(advisors).set({ jobTitle: "Surveyor" }).where(eq(advisors.id, id));
    await answers(directory);
    // Unchanged version: the old title, straight from memory.
    expect((await directory.findApproved(id))?.jobTitle).toBe("Cartographer");
    expect(begun.statements).toBe(load);

    feed.move();
    expect((await directory.findApproved(id))?.jobTitle).toBe("Surveyor");
    await answers(directory);
    expect(begun.statements).toBe(2 * load);
  });

  it("queries every read while the feed is not listening", async () => {
    const { db, begun } = countingDb(database.db);
    const feed = handFeed();
    feed.listening = false;
    const directory = createAdvisorDirectory({ db, feed });
    const id = await createAdvisor(database.db, { jobTitle: "Archivist" });
    expect((await directory.findApproved(id))?.jobTitle).toBe("Archivist");
    const one = begun.statements;
    await database.db.update(advisors).set({ jobTitle: "Librarian" }).where(eq(advisors.id, id));
    expect((await directory.findApproved(id))?.jobTitle).toBe("Librarian");
    expect(begun.statements).toBe(2 * one);
  });

  it("follows a change as soon as the feed reports it", async () => {
    expect(await held.findApproved(ids[5]!)).toBeNull(); // pending, not listed
    const before = feed.stamp(["directory"]);
    await database.db
      .update(advisors)
      .set({ profileStatus: "approved" })
      .where(eq(advisors.id, ids[5]!));
    await whenFeed(feed, () => feed.stamp(["directory"]) !== before);
    expect((await held.findApproved(ids[5]!))?.firstName).toBe("Pia");
    const found = await held.search({
      query: "product designer",
      page: 1,
      pageSize: 3,
      teamAdvisorId: TEAM_ADVISOR_ID,
    });
    // Both words for Pia, one for the others; the team's own profile is never listed.
    expect(found.advisors.map((a) => a.firstName)).toEqual(["Pia", "Arjun", "Ravi"]);
  });

  it("reloads once it is five minutes old, even without a notification", async () => {
    // Turning triggers off takes the server's own user, not the app's role.
    const db = database.privileged;
    const title = async () => (await held.findApproved(ids[0]!))?.jobTitle;
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
  });
});
