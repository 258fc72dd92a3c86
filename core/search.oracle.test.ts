import { describe, expect, it } from "vitest";
import { AdvisorSearchIndex, STOP_WORDS, type SearchableAdvisor } from "./search";
import { ALIAS_GROUPS } from "./search-aliases";
import { stemOf, wordsOf } from "./search-text";
import * as today from "./search-reference.test-support";
import { seededRandom, type SeededRandom } from "./seeded-random.test-support";

/**
 * For queries whose words need none of the understanding (plain words each found somewhere,
 * no word form, alias or typo involved), the index answers exactly as the spec's rule did
 * before it (core/search-reference.test-support.ts): the same advisors, scores and order. That holds for a
 * query naming an alias phrase as it is shown ("product manager") where advisors hold no other
 * form of it: its words count as the spec counts them, and not through their stems. Each case
 * has its own seed, printed on failure; rerun one with SEARCH_ORACLE_SEED=<seed>
 * SEARCH_ORACLE_CASES=1.
 */

const CASES = Number(process.env.SEARCH_ORACLE_CASES ?? 200);
const FIRST_SEED = Number(process.env.SEARCH_ORACLE_SEED ?? 20_261_124);
const CHUNK = 50;

const SYLLABLES = ["ka", "lo", "mi", "ru", "te", "zo", "pa", "vi", "no", "sha", "bo", "gu"];
const ALIAS_WORDS = new Set(ALIAS_GROUPS.flatMap((g) => g.forms.flatMap((f) => f.split(" "))));
/** A made-up word that is an alias word's stem ("emir" of "emirates") would name the alias. */
const ALIAS_STEMS = new Set([...ALIAS_WORDS].map(stemOf));
const SHORT = ["a", "x", "go", "ab", ...STOP_WORDS];
/** Alias phrases a query names as they are shown, so the page says nothing about them. */
const PHRASES = ALIAS_GROUPS.map((g) => wordsOf(g.shown).join(" ")).filter((p) => p.includes(" "));
const PHRASE_WORDS = [...new Set(PHRASES.flatMap((p) => p.split(" ")))];
/** Words sharing a phrase word's stem that the spec's rule does not find for it. */
const STEM_TWINS = ["managing", "management", "engine", "learned", "resource", "intelligent"];

/** Made-up words no stemmer shortens and no alias names, so only the spec's rule finds them. */
function vocabulary(random: SeededRandom): string[] {
  const words = new Set<string>();
  while (words.size < 40) {
    const word = Array.from({ length: random.int(2, 4) }, () => random.pick(SYLLABLES)).join("");
    if (stemOf(word) === word && !ALIAS_WORDS.has(word) && !ALIAS_STEMS.has(word)) words.add(word);
  }
  // No two short words join into a known one ("ka lo" is not "kalo").
  return [...words].filter((w) => !SHORT.some((s) => SHORT.some((t) => s + t === w)));
}

function phrase(random: SeededRandom, words: string[], max = 3) {
  return Array.from({ length: random.int(1, max) }, () => {
    const word = random.pick(words);
    return random.chance(0.3) ? word.toUpperCase() : random.chance(0.3) ? cap(word) : word;
  }).join(" ");
}
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

function advisors(random: SeededRandom, words: string[]): SearchableAdvisor[] {
  // Fields hold the phrases' words too, and a stem twin only alone: beside a phrase word it
  // would make a word form of the phrase ("product managing").
  const pool = [...words, ...PHRASE_WORDS];
  const text = (max?: number) =>
    random.chance(0.1) ? cap(random.pick(STEM_TWINS)) : phrase(random, pool, max);
  const maybe = () => (random.chance(0.7) ? text() : null);
  const list = () => Array.from({ length: random.int(0, 3) }, () => text());
  return Array.from({ length: random.int(5, 60) }, (_, i) => ({
    id: `id-${String(i).padStart(3, "0")}`,
    // Few names, so ties by name (then id) are common.
    firstName: cap(random.pick(words.slice(0, 5))),
    lastName: random.chance(0.5) ? cap(random.pick(words.slice(5, 8))) : "",
    jobTitle: maybe(),
    currentCompany: maybe(),
    skills: list(),
    careerAdviceTopics: list(),
    personalAdviceTopics: list(),
    businessAdviceTopics: list(),
    workLocations: list(),
    about: random.chance(0.6) ? text(12) : null,
    shortIntro: maybe(),
  }));
}

/**
 * Plain words each found in some advisor (whole or a piece of one), with short and stop words,
 * and alias phrases (in any case).
 */
function query(random: SeededRandom, found: string[]): string {
  return Array.from({ length: random.int(1, 4) }, () => {
    if (random.chance(0.2)) return random.pick(SHORT);
    if (random.chance(0.15)) return phrase(random, PHRASES, 1);
    const word = random.pick(found);
    if (random.chance(0.7) || word.length < 4) return word;
    const from = random.int(0, word.length - 3);
    const piece = word.slice(from, random.int(from + 3, word.length));
    const plain = stemOf(piece) === piece && !ALIAS_WORDS.has(piece) && !ALIAS_STEMS.has(piece);
    return plain ? piece : word;
  }).join(random.pick([" ", "  ", "\t"]));
}

describe("the index against today's rule (core/search-reference.test-support.ts)", () => {
  for (let chunk = 0; chunk < CASES; chunk += CHUNK) {
    const seeds = Array.from(
      { length: Math.min(CHUNK, CASES - chunk) },
      (_, i) => FIRST_SEED + chunk + i,
    );
    it(`ranks plain-word queries exactly as before (seeds ${seeds[0]}..${seeds.at(-1)})`, () => {
      for (const seed of seeds) {
        const random = seededRandom(seed);
        const words = vocabulary(random);
        const list = advisors(random, words);
        const index = new AdvisorSearchIndex(list);
        const used = words.filter((w) => today.rankAdvisors(list, w).length > 0);
        for (let q = 0; q < 20; q++) {
          const text = query(random, used);
          const expected = today.rankAdvisors(list, text);
          const got = index.search(text);
          const where = `seed ${seed}, query ${JSON.stringify(text)}`;
          expect(got.ranked, where).toEqual(expected);
          expect(got.total, where).toBe(expected.length);
          expect(got.explanation.showingResultsFor, where).toBeNull();
          // A page of it is that part of the whole list.
          const offset = random.int(0, list.length);
          const limit = random.int(1, 12);
          expect(
            index.search(text, { offset, limit }).ranked,
            `${where}, page at ${offset}`,
          ).toEqual(expected.slice(offset, offset + limit));
        }
      }
    });
  }
});
