import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TEAM_ADVISOR_ID } from "../config.server";
import { type ChangeFeed, startChangeFeed } from "../db/change-feed.server";
import { advisors } from "../db/schema";
import { createTestDatabase } from "../db/test-database";
import { createAdvisor } from "../db/test-factories";
import { whenFeed } from "../db/test-feed";
import {
  findApprovedAdvisor,
  listApprovedAdvisors,
  searchAdvisors,
} from "./advisor-directory.server";

/*
 * With the change feed the directory is held in memory (advisor-directory.server.ts); without
 * it every call queries. Both must give the same answers, and the held copy must follow a
 * change as soon as the feed reports it. Each test has a database and people of its own.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: ChangeFeed | undefined;
let clockSkew: number; // moves the feed's clock forward
let ids: string[];
const QUERIES = ["", "dubai", "product manager", "salary negotiation", "xylophone"];

async function answers() {
  const db = database.db;
  const team = TEAM_ADVISOR_ID;
  return {
    searches: await Promise.all(
      QUERIES.flatMap((query) =>
        [1, 2].map((page) => searchAdvisors(db, { query, page, pageSize: 3, teamAdvisorId: team })),
      ),
    ),
    landing: await listApprovedAdvisors(db, { limit: 4, teamAdvisorId: team }),
    profiles: await Promise.all([...ids, TEAM_ADVISOR_ID].map((id) => findApprovedAdvisor(db, id))),
  };
}

/** Starts holding the directory in memory, on a clock the test can move. */
async function holdDirectory() {
  feed = await startChangeFeed(database, { now: () => Date.now() + clockSkew });
  return feed;
}

beforeEach(async () => {
  database = await createTestDatabase();
  feed = undefined;
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
});

afterEach(async () => {
  await feed?.stop();
  await database?.destroy();
});

describe("the directory held in memory", () => {
  it("answers search, the landing grid and profiles exactly as the database does", async () => {
    const queried = await answers();
    await holdDirectory();
    expect(await answers()).toEqual(queried);
    expect(queried.searches[2]!.total).toBe(2); // "dubai": Meera, then Arjun by his about text
    expect(queried.profiles.at(-1)?.id).toBe(TEAM_ADVISOR_ID); // public page, never listed
  });

  it("follows a change as soon as the feed reports it", async () => {
    const feed = await holdDirectory();
    expect(await findApprovedAdvisor(database.db, ids[5]!)).toBeNull(); // pending, not listed
    const before = feed.stamp(["directory"]);
    await database.db
      .update(advisors)
      .set({ profileStatus: "approved" })
      .where(eq(advisors.id, ids[5]!));
    await whenFeed(feed, () => feed.stamp(["directory"]) !== before);
    expect((await findApprovedAdvisor(database.db, ids[5]!))?.firstName).toBe("Pia");
    const found = await searchAdvisors(database.db, {
      query: "product designer",
      page: 1,
      pageSize: 3,
      teamAdvisorId: TEAM_ADVISOR_ID,
    });
    // Both words for Pia, one for the others; the team's own profile is never listed.
    expect(found.advisors.map((a) => a.firstName)).toEqual(["Pia", "Arjun", "Ravi"]);
  });

  it("reloads once it is five minutes old, even without a notification", async () => {
    const db = database.db;
    await holdDirectory();
    expect((await findApprovedAdvisor(db, ids[0]!))?.jobTitle).toBe("HR Manager");
    // A change whose notification never comes (triggers off for this transaction).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(advisors).set({ jobTitle: "Chief of Staff" }).where(eq(advisors.id, ids[0]!));
    });
    expect((await findApprovedAdvisor(db, ids[0]!))?.jobTitle).toBe("HR Manager");
    clockSkew += 4 * 60_000;
    expect((await findApprovedAdvisor(db, ids[0]!))?.jobTitle).toBe("HR Manager");
    clockSkew += 60_000;
    expect((await findApprovedAdvisor(db, ids[0]!))?.jobTitle).toBe("Chief of Staff");
  });
});
