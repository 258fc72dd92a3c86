import { describe, expect, it } from "vitest";
import { AdvisorSearchIndex, type SearchExplanation, type SearchableAdvisor } from "./search";
import { searchable } from "./search-fixture.test-support";
import { seededRandom } from "./seeded-random.test-support";

const advisor = (firstName: string, fields: Partial<SearchableAdvisor> = {}) =>
  searchable({ id: `id-${firstName.toLowerCase()}`, firstName, lastName: "Test", ...fields });

const people = [
  advisor("Asha", { workLocations: ["Bengaluru"], jobTitle: "Engineering Manager" }),
  advisor("Bilal", { workLocations: ["Bangalore, India"] }),
  advisor("Chen", { skills: ["H-1B visa"], workLocations: ["USA"] }),
  advisor("Dev", { careerAdviceTopics: ["Salary negotiation"] }),
  advisor("Esha", { about: "I negotiated salaries at three companies." }),
  advisor("Farah", { jobTitle: "Product Manager", currentCompany: "Flipkart" }),
  advisor("Gopal", { jobTitle: "Senior PM" }),
  advisor("Hana", { jobTitle: "UX Designer" }),
  advisor("Ira", { jobTitle: "HR Business Partner" }),
  // Shaped like the demo's: topics say "Relocating", only a story says "relocation".
  advisor("Jay", {
    careerAdviceTopics: ["MS in US"],
    personalAdviceTopics: ["Relocating to the US"],
    about: "My own relocation took two years.",
  }),
  advisor("Kiran", { workLocations: ["Germany"], skills: ["EU Blue Card"] }),
  advisor("Leela", { workLocations: ["São Paulo"] }),
  advisor("Mo", { businessAdviceTopics: ["Mergers & Acquisitions"] }),
  advisor("Nina", { workLocations: ["Dubai"] }),
  advisor("Omar", { workLocations: ["Mumbai"] }),
  advisor("Pari", { about: "Moved from Bombay in 2019." }),
  advisor("Quinn", { skills: ["C++"] }),
  // Shaped like the demo's Prakash Shrestha and Harsh Shah: "Product" and "Managing" apart, and
  // a product leader.
  advisor("Arun", {
    careerAdviceTopics: ["Services to Product Switch"],
    personalAdviceTopics: ["Managing Time Zones"],
  }),
  advisor("Rhea", { jobTitle: "Director of Product", careerAdviceTopics: ["Product Leadership"] }),
];
const index = new AdvisorSearchIndex(people);
const found = (query: string) =>
  index.search(query).ranked.map((r) => `${r.advisor.firstName} ${r.score}`);

const NOTHING: SearchExplanation = {
  showingResultsFor: null,
  didYouMean: null,
  showingAll: false,
};

describe("search understands what people type", () => {
  it.each<[string, string[], Partial<SearchExplanation>?]>([
    // Cities' old and new names, both ways
    ["Bangalore", ["Asha 100", "Bilal 100"], { showingResultsFor: "Bengaluru" }],
    ["bengaluru", ["Asha 100", "Bilal 100"]],
    ["Bombay", ["Omar 100", "Pari 25"], { showingResultsFor: "Mumbai" }],
    // Hyphens, dots, spaces inside a term, case
    ["H1B", ["Chen 100"]],
    ["h1b", ["Chen 100"]],
    ["H-1B", ["Chen 100"]],
    ["h1 b", ["Chen 100"]],
    // Word forms by the English stemmer
    ["salaries", ["Dev 100", "Esha 25"]],
    ["salary", ["Dev 100", "Esha 25"]],
    ["negotiating", ["Dev 100", "Esha 25"]],
    // Two-letter forms in the alias table count; the long form finds the short one, and a
    // narrower one ("Director of Product") as one of its words. A phrase's words count as the
    // spec counts them, not by their own stems ("Managing" is not "manager" in it)
    ["PM", ["Farah 100", "Gopal 100", "Rhea 100"], { showingResultsFor: "product manager" }],
    ["product manager", ["Farah 200", "Gopal 200", "Arun 100", "Asha 100", "Rhea 100"]],
    [
      "product managers",
      ["Farah 200", "Gopal 200", "Arun 100", "Rhea 100"],
      { showingResultsFor: "product manager" },
    ],
    ["UX", ["Hana 100"], { showingResultsFor: "user experience" }],
    ["HR", ["Ira 100"], { showingResultsFor: "human resources" }],
    ["MS in US", ["Jay 200", "Chen 100"], { showingResultsFor: "masters in USA" }],
    ["Blue Card", ["Kiran 200"]],
    // A region finds the places in it, not the other way round
    ["UAE", ["Nina 100"]],
    ["united arab emirates", ["Nina 100"], { showingResultsFor: "UAE" }],
    ["Dubai", ["Nina 100"]],
    // Accents and "&"
    ["sao paulo", ["Leela 200"]],
    ["São", ["Leela 100"]],
    ["mergers and acquisitions", ["Mo 200"]],
    ["mergers & acquisitions", ["Mo 200"]],
    // The spec's words as typed still count when normalising leaves nothing
    ["c++", ["Quinn 100"]],
    // Typos in words of five letters or more
    ["germny", ["Kiran 100"], { showingResultsFor: "germany", didYouMean: "germany" }],
    ["relocaton", ["Jay 100"], { showingResultsFor: "relocation", didYouMean: "relocation" }],
    ["blue crad", ["Kiran 100"]], // "crad" is under five letters: not corrected
  ])("%j finds %j", (query, expected, explanation = {}) => {
    expect(found(query)).toEqual(expected);
    expect(index.search(query).explanation).toEqual({ ...NOTHING, ...explanation });
  });

  it.each(["🙂", "ab", "go", "the of", "  🙂 ab  "])(
    "lists every advisor for %j and says so",
    (query) => {
      const { ranked, explanation } = index.search(query);
      expect(ranked).toHaveLength(people.length);
      expect(explanation).toEqual({ ...NOTHING, showingAll: true });
    },
  );

  it("says nothing for an empty query, which lists everyone too", () => {
    expect(index.search("  ").explanation).toEqual(NOTHING);
    expect(index.search("").ranked).toHaveLength(people.length);
  });

  it("keeps the rest of the query as typed around a replaced word", () => {
    expect(index.search("Salary in Bangalore").explanation.showingResultsFor).toBe(
      "Salary in Bengaluru",
    );
    expect(index.search("moving to germny").explanation.didYouMean).toBe("moving to germany");
  });

  it("corrects to a word of a story only when advisors are listed under its stem", () => {
    // "negotiated" is only in Esha's about text, but Dev's topic is "Salary negotiation".
    expect(index.search("negotiatex").explanation.didYouMean).toBe("negotiated");
    // "moved" is only in Pari's about text, and no advisor is listed under its stem.
    expect(index.search("movex").explanation.didYouMean).toBeNull();
    expect(index.search("salarey").explanation.didYouMean).toBe("salary");
  });

  it("corrects a nine-letter word by up to two edits and a shorter one by one", () => {
    expect(index.search("relcaton").explanation.didYouMean).toBeNull(); // 8 letters, 2 edits
    expect(index.search("acquistons").explanation.didYouMean).toBe("acquisitions");
    expect(index.search("germ").explanation.didYouMean).toBeNull(); // under five letters
  });
});

describe("the index stays current one advisor at a time", () => {
  it("finds an advisor by their new words and no longer by their old ones", () => {
    const live = new AdvisorSearchIndex(people);
    live.upsert({ ...people[13]!, workLocations: ["Toronto"] });
    expect(live.search("dubai").ranked).toEqual([]);
    expect(live.search("toronto").ranked.map((r) => r.advisor.firstName)).toEqual(["Nina"]);
    live.remove(people[13]!.id);
    expect(live.search("toronto").ranked).toEqual([]);
    expect(live.size).toBe(people.length - 1);
  });

  it("answers as a fresh build does after updates and removals in any order", () => {
    const live = new AdvisorSearchIndex<SearchableAdvisor>();
    for (const a of [...people].reverse()) live.upsert({ ...a, workLocations: ["Nowhere"] });
    for (const a of people) live.upsert(a);
    live.remove("id-quinn");
    const fresh = new AdvisorSearchIndex(people.filter((a) => a.id !== "id-quinn"));
    for (const query of ["", "bangalore", "salary", "pm", "nowhere", "germny", "c++", "🙂"])
      expect(live.search(query), query).toEqual(fresh.search(query));
    expect(live.suggest("n")).toEqual(fresh.suggest("n"));
  });

  it("forgets what it found for a word when an advisor changes, and reuses a removed slot", () => {
    const live = new AdvisorSearchIndex(people);
    expect(live.search("toronto").total).toBe(0); // "toronto" found nobody, and is kept so
    live.remove(people[0]!.id);
    live.upsert(advisor("Zed", { workLocations: ["Toronto"] })); // takes Asha's slot
    expect(live.search("toronto").ranked.map((r) => r.advisor.firstName)).toEqual(["Zed"]);
    expect(live.search("bengaluru").ranked.map((r) => r.advisor.firstName)).toEqual(["Bilal"]);
    expect(live.search("engineering").total).toBe(0);
  });

  it("answers as a fresh build does through any mix of searches, updates and removals", () => {
    const random = seededRandom(71);
    const queries = ["bangalore", "salary", "pm", "toronto dubai", "manager", "germny", "us"];
    const places = ["Toronto", "Dubai", "Bengaluru", "Mumbai", "Berlin"];
    const live = new AdvisorSearchIndex(people);
    const now = new Map(people.map((a) => [a.id, a]));
    for (let step = 0; step < 300; step++) {
      const query = random.pick(queries);
      const window = { offset: random.int(0, 4), limit: random.int(1, 6) };
      expect(live.search(query, window), `step ${step}: ${query}`).toEqual(
        new AdvisorSearchIndex([...now.values()]).search(query, window),
      );
      const someone = random.pick(people);
      if (random.chance(0.3) && now.has(someone.id)) {
        live.remove(someone.id);
        now.delete(someone.id);
      } else {
        const changed = { ...someone, workLocations: [random.pick(places)] };
        live.upsert(changed);
        now.set(someone.id, changed);
      }
    }
  });
});

describe("suggestions as you type", () => {
  it("offers topics, companies, places and titles whose words start with what is typed", () => {
    expect(index.suggest("reloc")).toEqual([{ text: "Relocating to the US", kind: "topic" }]);
    expect(index.suggest("flip")).toEqual([{ text: "Flipkart", kind: "company" }]);
    expect(index.suggest("Sao")).toEqual([{ text: "São Paulo", kind: "location" }]);
    expect(index.suggest("product man")).toEqual([{ text: "Product Manager", kind: "title" }]);
    expect(index.suggest("man prod")).toEqual([{ text: "Product Manager", kind: "title" }]);
  });

  it("puts what more advisors offer first, and offers at most eight", () => {
    const many = new AdvisorSearchIndex([
      ...people,
      advisor("Ravi", { workLocations: ["Bengaluru"] }),
      ...Array.from({ length: 12 }, (_, i) => advisor(`Z${i}`, { skills: [`Banking ${i}`] })),
    ]);
    expect(many.suggest("b")[0]).toEqual({ text: "Bengaluru", kind: "location" });
    expect(many.suggest("b")).toHaveLength(8);
  });

  it("offers nothing for nothing typed, or for what no advisor has", () => {
    expect(index.suggest("  ")).toEqual([]);
    expect(index.suggest("🙂")).toEqual([]);
    expect(index.suggest("zzz")).toEqual([]);
  });
});
