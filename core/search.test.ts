import { describe, it, expect } from "vitest";
import { AdvisorSearchIndex, type SearchableAdvisor } from "./search";
import { searchable } from "./search-fixture.test-support";
import { STOP_WORDS } from "./search";
import { buildSearchIndex, rankAdvisors, searchTerms } from "./search-reference.test-support";

let nextId = 0;
function advisor(overrides: Partial<SearchableAdvisor> = {}): SearchableAdvisor {
  nextId++;
  const id = `id-${String(nextId).padStart(5, "0")}`;
  return searchable({ id, firstName: "Test", lastName: `Person${nextId}`, ...overrides });
}

type Rank = <T extends SearchableAdvisor>(
  list: T[],
  query: string,
) => { advisor: T; score: number }[];
const ids = (results: Array<{ advisor: SearchableAdvisor }>) => results.map((r) => r.advisor.id);

// The spec's scoring, which the index (core/search.ts) keeps and today's rule
// (core/search-reference.test-support.ts, the oracle of search.oracle.test.ts) defines.
const implementations: [string, Rank][] = [
  ["today's rule", (list, query) => rankAdvisors(list, query)],
  ["the index", (list, query) => new AdvisorSearchIndex(list).search(query).ranked],
];

describe("today's searchTerms", () => {
  it("lower-cases and splits on any whitespace", () => {
    expect(searchTerms("  Product\tMANAGER\n  Mumbai ")).toEqual(["product", "manager", "mumbai"]);
  });

  it("drops stop words", () => {
    expect(searchTerms("advice for the career of women in tech and startups")).toEqual([
      "advice",
      "career",
      "women",
      "tech",
      "startups",
    ]);
    for (const w of ["and", "the", "or", "of", "in", "for", "to", "with", "by"]) {
      expect(STOP_WORDS.has(w)).toBe(true);
    }
  });

  it("drops words of 2 characters or fewer", () => {
    expect(searchTerms("uk usa a ai ml abc")).toEqual(["usa", "abc"]);
  });

  it("dedupes repeated words", () => {
    expect(searchTerms("dubai Dubai DUBAI")).toEqual(["dubai"]);
  });

  it("returns nothing for an empty or stop-word-only query", () => {
    expect(searchTerms("")).toEqual([]);
    expect(searchTerms("   ")).toEqual([]);
    expect(searchTerms("the and of to")).toEqual([]);
  });
});

describe.each(implementations)("the spec's scoring, by %s", (_name, rank) => {
  const scoreOf = (a: SearchableAdvisor, query: string) => rank([a], query)[0]?.score ?? 0;

  describe("scoring", () => {
    it.each<[string, Partial<SearchableAdvisor>]>([
      ["first name", { firstName: "Priya" }],
      ["last name", { lastName: "Priyadarshini" }],
      ["job title", { jobTitle: "Priya's Assistant" }],
      ["company", { currentCompany: "Priya Labs" }],
      ["skills", { skills: ["Negotiation", "Priya method"] }],
      ["career topics", { careerAdviceTopics: ["priya"] }],
      ["personal topics", { personalAdviceTopics: ["PRIYA"] }],
      ["business topics", { businessAdviceTopics: ["Priya"] }],
      ["work locations", { workLocations: ["Priya Nagar"] }],
    ])("scores 100 for a word in %s", (_field, fields) => {
      expect(scoreOf(advisor(fields), "priya")).toBe(100);
    });

    it("matches case-insensitively on both sides", () => {
      expect(scoreOf(advisor({ workLocations: ["Dubai"] }), "DUBAI")).toBe(100);
    });

    it("matches substrings", () => {
      expect(scoreOf(advisor({ jobTitle: "Product Manager" }), "product")).toBe(100);
      expect(scoreOf(advisor({ jobTitle: "Product Manager" }), "manage")).toBe(100);
    });

    it("counts a word once per advisor, however many fields contain it", () => {
      const a = advisor({
        jobTitle: "Product Manager",
        currentCompany: "Product Co",
        skills: ["product strategy", "product design"],
      });
      expect(scoreOf(a, "product")).toBe(100);
    });

    it("adds up multiple words", () => {
      const a = advisor({ jobTitle: "Product Manager", workLocations: ["Bengaluru"] });
      expect(scoreOf(a, "product bengaluru")).toBe(200);
      expect(scoreOf(a, "product bengaluru dubai")).toBe(200);
    });

    it("scores 25 per word in about / short intro when there is no 100-hit", () => {
      expect(scoreOf(advisor({ about: "I coach founders" }), "founders")).toBe(25);
      expect(scoreOf(advisor({ shortIntro: "Ex-Founder" }), "founder")).toBe(25);
      const a = advisor({ about: "Fundraising for founders", shortIntro: "Based in Pune" });
      expect(scoreOf(a, "fundraising pune")).toBe(50);
    });

    it("ignores about / short intro once there is any 100-hit", () => {
      const a = advisor({ jobTitle: "Founder", about: "Fundraising in Pune", shortIntro: "Pune" });
      expect(scoreOf(a, "founder fundraising pune")).toBe(100);
    });

    it("does not match across field boundaries", () => {
      // "Rao" + "Product": no field contains "raoproduct" or "rao product".
      expect(scoreOf(advisor({ lastName: "Rao", jobTitle: "Product" }), "raoproduct")).toBe(0);
    });

    it("ignores stop words and short words when scoring", () => {
      const a = advisor({ jobTitle: "Head of Sales", workLocations: ["Goa"] });
      expect(scoreOf(a, "head of the go")).toBe(100);
      expect(scoreOf(advisor({ workLocations: ["USA"] }), "usa")).toBe(100);
    });

    it("treats null fields as empty", () => {
      expect(scoreOf(advisor(), "null")).toBe(0);
    });
  });

  describe("ordering", () => {
    it("drops advisors with score 0 and sorts by score, highest first", () => {
      const none = advisor({ jobTitle: "Lawyer" });
      const low = advisor({ about: "Product and marketing" });
      const mid = advisor({ jobTitle: "Product Lead" });
      const high = advisor({ jobTitle: "Product Designer" });
      const results = rank([none, low, mid, high], "product designer");
      expect(results.map((r) => [r.advisor.id, r.score])).toEqual([
        [high.id, 200],
        [mid.id, 100],
        [low.id, 25],
      ]);
    });

    it("orders ties by full name (case-insensitive), then id", () => {
      const zoe = advisor({ firstName: "Zoe", lastName: "Khan", skills: ["finance"] });
      const amitLower = advisor({ firstName: "amit", lastName: "shah", skills: ["finance"] });
      const bela = advisor({ firstName: "Bela", lastName: "Das", skills: ["finance"] });
      const amitB = advisor({ id: "b", firstName: "Amit", lastName: "Shah", skills: ["finance"] });
      const amitA = advisor({ id: "a", firstName: "Amit", lastName: "Shah", skills: ["finance"] });
      const results = rank([zoe, amitB, bela, amitLower, amitA], "finance");
      expect(results.every((r) => r.score === 100)).toBe(true);
      // "amit shah" and "Amit Shah" compare equal, so the ids decide.
      expect(ids(results)).toEqual(["a", "b", amitLower.id, bela.id, zoe.id]);
    });

    it("sorts by first name before last name", () => {
      const a = advisor({ firstName: "Anil", lastName: "Zaveri", skills: ["tax"] });
      const b = advisor({ firstName: "Arun", lastName: "Agarwal", skills: ["tax"] });
      expect(ids(rank([b, a], "tax"))).toEqual([a.id, b.id]);
    });

    it("returns every advisor sorted by name with score 0 for a query with no usable words", () => {
      const c = advisor({ firstName: "Chitra", lastName: "Iyer" });
      const a = advisor({ firstName: "Arjun", lastName: "Mehta" });
      const b = advisor({ firstName: "bhavna", lastName: "Joshi" });
      for (const query of ["", "   ", "the of and", "go in"]) {
        const results = rank([c, a, b], query);
        expect(ids(results)).toEqual([a.id, b.id, c.id]);
        expect(results.every((r) => r.score === 0)).toBe(true);
      }
    });

    it("returns an empty list when nothing matches", () => {
      expect(rank([advisor({ jobTitle: "Doctor" })], "astronaut")).toEqual([]);
    });

    it("returns the caller's advisor objects untouched", () => {
      const a = { ...advisor({ skills: ["marketing"] }), hourlyRateInr: 2500 };
      const [result] = rank([a], "marketing");
      expect(result?.advisor).toBe(a);
      expect(result?.advisor.hourlyRateInr).toBe(2500);
    });
  });
});

describe("today's buildSearchIndex", () => {
  it("ranks exactly as the plain list does, for query after query", () => {
    const list = [
      advisor({ firstName: "Zara", jobTitle: "Product Manager", about: "Moved to Dubai" }),
      advisor({ firstName: "Kabir", shortIntro: "Product person in Dubai" }),
      advisor({ firstName: "Asha", careerAdviceTopics: ["Relocation to Dubai"] }),
      advisor({ firstName: "Meera", currentCompany: "Google", skills: ["product"] }),
    ];
    const index = buildSearchIndex(list);
    for (const query of ["", "dubai", "product dubai", "google product", "nothing-here"]) {
      expect(rankAdvisors(index, query)).toEqual(rankAdvisors(list, query));
    }
  });
});
