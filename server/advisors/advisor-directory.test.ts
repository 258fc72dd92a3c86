import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_ADVISOR_ID } from "../config.server";
import { advisors } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor } from "../db/factories.test-support";
import { type AdvisorDirectory, createAdvisorDirectory } from "./advisor-directory.server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** Without a change feed: every read queries the database. */
let directory: AdvisorDirectory;
const ids: Record<string, string> = {};

type Fixture = Partial<typeof advisors.$inferInsert> & { first: string; last: string };
const FIXTURES: Record<string, Fixture> = {
  dubaiHr: {
    first: "Meera",
    last: "Nair",
    jobTitle: "HR Manager",
    currentCompany: "Emirates",
    workLocations: ["Dubai"],
    skills: ["Hiring"],
    about: "Moved to the Gulf in 2012.",
  },
  dubaiAbout: {
    first: "Arjun",
    last: "Mehta",
    jobTitle: "Engineer",
    currentCompany: "Infosys",
    about: "I spent two years in Dubai on a project.",
  },
  dubaiSalary: {
    first: "Zoya",
    last: "Khan",
    jobTitle: "Recruiter",
    careerAdviceTopics: ["Relocating to Dubai", "Salary Negotiation"],
  },
  pending: {
    first: "Pending",
    last: "Person",
    jobTitle: "Dubai expert",
    profileStatus: "pending",
  },
  team: { first: "BeenThere", last: "Team", jobTitle: "Matching", about: "Dubai and more." },
};

beforeAll(async () => {
  database = await createTestDatabase();
  directory = createAdvisorDirectory({ db: database.db });
  for (const [key, { first, last, ...rest }] of Object.entries(FIXTURES)) {
    ids[key] = await createAdvisor(
      database.db,
      {
        phone: "+91 98450 00000",
        bankAccountNumber: "enc:secret",
        ...rest,
        ...(key === "team" ? { id: TEAM_ADVISOR_ID } : {}),
      },
      { firstName: first, lastName: last },
    );
  }
});
afterAll(() => database.destroy());

const search = (query: string, page = 1, pageSize = 10) =>
  directory.search({ query, page, pageSize, teamAdvisorId: TEAM_ADVISOR_ID });

describe("advisor search through the database", () => {
  it("ranks by the search scores of ADR 5 and drops non-matches, pending and the team", async () => {
    const result = await search("salary in dubai");
    expect(result.advisors.map((a) => a.id)).toEqual([
      ids.dubaiSalary,
      ids.dubaiHr,
      ids.dubaiAbout,
    ]);
    expect(result.total).toBe(3);
  });

  it("returns every listed advisor, by full name, for a query of stop words", async () => {
    const result = await search("to the of");
    expect(result.total).toBe(3);
    expect(result.advisors.map((a) => a.firstName)).toEqual(["Arjun", "Meera", "Zoya"]);
  });

  it("pages the ranked list and clamps a page past the end", async () => {
    const first = await search("", 1, 2);
    const second = await search("", 2, 2);
    expect(first).toMatchObject({ total: 3, page: 1, pageCount: 2 });
    expect(second.advisors).toHaveLength(1);
    expect((await search("", 99, 2)).page).toBe(2);
  });

  it("sees an approval as soon as it happens (the cached index is refreshed)", async () => {
    expect((await search("expert")).total).toBe(0);
    await database.db
      .update(advisors)
      .set({ profileStatus: "approved" })
      .where(eq(advisors.id, ids.pending!));
    expect((await search("expert")).advisors.map((a) => a.id)).toEqual([ids.pending]);
    await database.db
      .update(advisors)
      .set({ profileStatus: "pending" })
      .where(eq(advisors.id, ids.pending!));
    expect((await search("expert")).total).toBe(0);
  });

  it("understands what people type and says how (ADR 71)", async () => {
    const understood = async (text: string) => {
      const found = await directory.searchFor(
        new URLSearchParams({ search: text }),
        TEAM_ADVISOR_ID,
      );
      return [found.advisors.map((a) => a.firstName), found.explanation];
    };
    const none = { showingResultsFor: null, didYouMean: null, showingAll: false };
    expect(await understood("salaries")).toEqual([["Zoya"], none]);
    expect(await understood("HR")).toEqual([
      ["Meera"],
      { ...none, showingResultsFor: "human resources" },
    ]);
    expect(await understood("relocatng")).toEqual([
      ["Zoya"],
      { showingResultsFor: "relocating", didYouMean: "relocating", showingAll: false },
    ]);
    expect(await understood("🙂")).toEqual([
      ["Arjun", "Meera", "Zoya"],
      { ...none, showingAll: true },
    ]);
  });

  it("suggests from the listed advisors only, never the pending or the team", async () => {
    expect(await directory.suggest("dub", TEAM_ADVISOR_ID)).toEqual([
      { text: "Dubai", kind: "location" },
      { text: "Relocating to Dubai", kind: "topic" },
    ]);
    expect(await directory.suggest("salary neg", TEAM_ADVISOR_ID)).toEqual([
      { text: "Salary Negotiation", kind: "topic" },
    ]);
    expect(await directory.suggest("expert", TEAM_ADVISOR_ID)).toEqual([]);
    expect(await directory.suggest("match", TEAM_ADVISOR_ID)).toEqual([]);
  });

  it("loads the searchable fields once per version of the listing, not per search", async () => {
    await search("hiring");
    const [row] = await database.db
      .select({ updatedAt: advisors.updatedAt })
      .from(advisors)
      .where(eq(advisors.id, ids.dubaiHr!));
    // A change that keeps the version (same count, same latest change) is not seen...
    const title = (jobTitle: string) =>
      database.db
        .update(advisors)
        .set({ jobTitle, updatedAt: row!.updatedAt })
        .where(eq(advisors.id, ids.dubaiHr!));
    await title("Lighthouse Keeper");
    try {
      expect((await search("lighthouse")).total).toBe(0);
    } finally {
      await title("HR Manager");
    }
  });

  it("exposes public fields only", async () => {
    const [advisor] = (await search("emirates")).advisors;
    const keys = Object.keys(advisor!);
    for (const secret of ["email", "phone", "bankAccountNumber", "profileStatus", "userId"]) {
      expect(keys).not.toContain(secret);
    }
    expect(JSON.stringify(advisor)).not.toContain("enc:secret");
  });
});

describe("public profiles", () => {
  it("finds an approved advisor and hides a pending one", async () => {
    expect((await directory.findApproved(ids.dubaiHr!))?.firstName).toBe("Meera");
    expect(await directory.findApproved(ids.pending!)).toBeNull();
  });

  it("lists approved advisors for the landing page without the team", async () => {
    const rows = await directory.listApproved({
      limit: 9,
      teamAdvisorId: TEAM_ADVISOR_ID,
    });
    expect(rows.map((r) => r.id).sort()).toEqual(
      [ids.dubaiHr, ids.dubaiAbout, ids.dubaiSalary].sort(),
    );
  });
});
