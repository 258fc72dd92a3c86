import { COMPANIES, FIRST, LAST, PLACES, TITLES, TOPICS } from "./marketplace-data";

/**
 * Searches as people type them, each asked once: what a search costs when no kept answer can
 * serve it. A query is two or three phrases about the generated advisors (bench/marketplace-
 * data.ts): job titles, companies, places, topics and names, each phrase in one of the forms
 * people type, joined by a space or a connecting word ("PM at Google in Bangalore", "salaries
 * Dubaï data scientists"). A seeded walk through every such query never repeats one.
 */
type Kind = "role" | "company" | "place" | "topic" | "name";

/** The word that may join a company or a place to the phrase before it (else a space). */
const CONNECTOR: Partial<Record<Kind, string>> = { company: "at", place: "in" };

/**
 * What people type for the generated data's values besides the value as stored and in lower
 * case: aliases and old names, other word forms, typos, capitals and accents.
 */
const TYPED: Record<string, readonly string[]> = {
  "Product Manager": ["PM", "pm", "product managers", "product management", "produt manager"],
  "Data Scientist": ["data scientists", "data science", "data scientst", "ML"],
  "Software Engineer": [
    "SDE",
    "SWE",
    "software engineers",
    "software engineering",
    "sofware engineer",
  ],
  Consultant: ["consultants", "consulting", "consultnt"],
  Designer: ["designers", "UX designer", "UX", "design", "desiger"],
  Google: ["GOOGLE", "gogle"],
  Infosys: ["infosis"],
  Flipkart: ["flipcart"],
  Deloitte: ["deloite"],
  Amazon: ["AMAZON", "amazn"],
  Zomato: ["zomatto"],
  Dubai: ["DUBAI", "Dubaï"],
  Bengaluru: ["Bangalore", "bangalore", "banglore"],
  London: ["londn"],
  Singapore: ["singapre", "SINGAPORE"],
  Berlin: ["Berlín", "berln"],
  Pune: ["PUNE"],
  "Salary Negotiation": [
    "salaries",
    "salary",
    "negotiating salary",
    "negotiation",
    "salary negotiaton",
  ],
  Relocation: ["relocating", "relocate", "relocaton", "moving abroad"],
  "Study Abroad": ["studying abroad", "study abrod", "MS", "MBA", "masters"],
  "Career Switch": ["switching careers", "career change", "carrer switch", "careers"],
  Interviews: ["interview", "interviewing", "interview prep", "intervews"],
};

/** What people ask for that the generated advisors never list (the demo data may). */
const ELSEWHERE: { kind: Kind; forms: readonly string[] }[] = [
  { kind: "place", forms: ["Mumbai", "Bombay", "bombay"] },
  { kind: "place", forms: ["US", "USA", "America"] },
  { kind: "place", forms: ["UK", "England", "Britain"] },
  { kind: "place", forms: ["Germany", "germny"] },
  { kind: "topic", forms: ["H1B", "h1b", "H-1B", "work visa"] },
  { kind: "topic", forms: ["HR", "human resources"] },
];

type Concept = { kind: Kind; forms: readonly string[] };

const stored = (kind: Kind, values: readonly string[]): Concept[] =>
  values.map((value) => ({
    kind,
    forms: [...new Set([value, value.toLowerCase(), ...(TYPED[value] ?? [])])],
  }));

/** One concept per meaning: a query never holds two forms of one. */
const CONCEPTS: Concept[] = [
  ...stored("role", TITLES),
  ...stored("company", COMPANIES),
  ...stored("place", PLACES),
  ...stored("topic", TOPICS),
  { kind: "name", forms: [...FIRST, ...LAST.map((name) => name.toLowerCase())] },
  ...ELSEWHERE,
];

const FORMS = CONCEPTS.flatMap((concept, id) =>
  concept.forms.map((text) => ({ text, id, kind: concept.kind })),
);

/** Every phrase of the mix in every form, as typed into a search box. */
export const MIX_PHRASES: readonly string[] = FORMS.map((form) => form.text);

/** Queries of two phrases and of three: each phrase's form and how each joins the previous. */
const PAIRS = FORMS.length ** 2 * 2;
const TRIPLES = FORMS.length ** 3 * 4;

/**
 * Query number `k` of those with `phrases` phrases, or null if it is none: two forms of one
 * concept, or a connecting word asked for where there is none (the same query as with a space).
 */
function decode(k: number, phrases: number): string | null {
  const joins = k % 2 ** (phrases - 1);
  let rest = Math.floor(k / 2 ** (phrases - 1));
  const words: string[] = [];
  const concepts = new Set<number>();
  for (let p = 0; p < phrases; p++) {
    const form = FORMS[rest % FORMS.length]!;
    rest = Math.floor(rest / FORMS.length);
    if (concepts.has(form.id)) return null;
    concepts.add(form.id);
    const joined = p > 0 && (joins & (1 << (p - 1))) !== 0;
    const connector = CONNECTOR[form.kind];
    if (joined && !connector) return null;
    words.push(joined ? `${connector} ${form.text}` : form.text);
  }
  return words.join(" ");
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Visits 0..size-1 each once in a scattered order: steps of a stride near size/φ that shares
 * no factor with size, from a seeded start.
 */
function walk(size: number, seed: number) {
  let stride = Math.floor(size * 0.6180339887);
  while (gcd(stride, size) !== 1) stride++;
  let at = (seed * 7_919) % size;
  let visited = 0;
  return {
    get done() {
      return visited >= size;
    },
    next() {
      visited++;
      at = (at + stride) % size;
      return at;
    },
  };
}

/**
 * A never-ending source of distinct queries: one in five of two phrases (while those last:
 * there are some 27,000), the rest of three. Two sources with the same seed give the same
 * queries.
 */
export function searchMix(seed: number) {
  const pairs = walk(PAIRS, seed);
  const triples = walk(TRIPLES, seed);
  let count = 0;
  function next(): string {
    const twoPhrases = count++ % 5 === 0 && !pairs.done;
    const source = twoPhrases ? pairs : triples;
    for (;;) {
      const query = decode(source.next(), twoPhrases ? 2 : 3);
      if (query !== null) return query;
    }
  }
  return { next, take: (n: number) => Array.from({ length: n }, next) };
}

/** The mix in a sentence, for bench/RESULTS.md. */
export const SEARCH_MIX_DESCRIPTION = `Each query is two phrases (one in five) or three, joined by a
space (or by "at" before a company, "in" before a place), each phrase one of ${CONCEPTS.length} things
people look for (the generated advisors' job titles, companies, places and topics, their
names, and a few places and topics no generated advisor lists, such as Mumbai, the US, H1B or
HR) in one of the ${FORMS.length} forms people type them: as stored or in lower case, aliases
and old names (Bangalore, Bombay, PM, SDE, UX, MS, MBA, H1B), other word forms (salaries,
negotiating, designers, consulting), typos (relocaton, singapre, germny), capitals and accents
(DUBAI, Dubaï, Berlín); e.g. ${searchMix(1)
  .take(30)
  .filter((_, i) => i % 7 === 5)
  .map((query) => `"${query}"`)
  .join(", ")}. A seeded walk through every such query
never asks one twice in a server's life (a wrk thread that runs past the queries it was given
adds a word found nowhere), so no kept answer serves any of them.`;
