// Advisor search (ADR 5, ADR 71). The spec's scoring:
// - each query word found in name / job title / company / topics scores 100;
// - only advisors with no such hit get 25 per word found in about / short intro;
// - score 0 is dropped; ties are ordered by full name, then id.
// A word is "found" as the spec says (inside a word of the field), and also through its
// normalised form, its English stem (a word of an alias phrase: the phrase's), an alias, or,
// when it finds nothing, the closest word the index knows. An inverted index answers all of it
// without a scan of every advisor; a query's scores are counted over sets of advisors as bits
// (search-bits.ts), and the bits each word finds are kept for the next query until an advisor
// changes.

import { fullName } from "./format";
import { ALIAS_GROUPS, type AliasGroup, SHORT_FORMS } from "./search-aliases";
import { editDistance, stemOf, wordsOf } from "./search-text";
import {
  BitCounter,
  type Bits,
  bitsFor,
  countBits,
  forEachBit,
  hasBit,
  setBit,
} from "./search-bits";
import { deletionsOf, SubstringIndex } from "./search-vocabulary";

export interface SearchableAdvisor {
  id: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  currentCompany: string | null;
  skills: readonly string[];
  careerAdviceTopics: readonly string[];
  personalAdviceTopics: readonly string[];
  businessAdviceTopics: readonly string[];
  workLocations: readonly string[];
  about: string | null;
  shortIntro: string | null;
}

export interface RankedAdvisor<T> {
  advisor: T;
  score: number;
}

export type SearchExplanation = {
  /** The query as understood when an alias or a correction changed a word. */
  showingResultsFor: string | null;
  /** The corrected query, when a word with a typo was replaced. */
  didYouMean: string | null;
  /** A query was typed but none of its words could be used: every advisor is listed. */
  showingAll: boolean;
};

export type SearchResult<T> = {
  /** How many advisors the query finds. */
  total: number;
  /** The advisors found, best first: all of them, or the window asked for. */
  ranked: RankedAdvisor<T>[];
  explanation: SearchExplanation;
};

/** The part of the ranked list wanted (a page): ordering only that part is cheaper. */
export type SearchWindow = { offset?: number; limit?: number };

export type SearchSuggestion = { text: string; kind: "topic" | "company" | "location" | "title" };

export const STOP_WORDS: ReadonlySet<string> = new Set([
  "and",
  "the",
  "or",
  "of",
  "in",
  "for",
  "to",
  "with",
  "by",
]);
export const MIN_WORD_LENGTH = 3;
export const PRIMARY_HIT_SCORE = 100;
export const SECONDARY_HIT_SCORE = 25;
/** A word this long that finds nothing is replaced by the closest known word. */
const MIN_CORRECTED_LENGTH = 5;
const SUGGESTIONS = 8;

const PRIMARY = 0;
const SECONDARY = 1;
type Tier = typeof PRIMARY | typeof SECONDARY;

function primaryFields(a: SearchableAdvisor): string[] {
  return [
    a.firstName,
    a.lastName,
    a.jobTitle ?? "",
    a.currentCompany ?? "",
    ...a.skills,
    ...a.careerAdviceTopics,
    ...a.personalAdviceTopics,
    ...a.businessAdviceTopics,
    ...a.workLocations,
  ];
}

function suggestible(a: SearchableAdvisor): [string, SearchSuggestion["kind"]][] {
  return [
    ...[
      ...a.skills,
      ...a.careerAdviceTopics,
      ...a.personalAdviceTopics,
      ...a.businessAdviceTopics,
    ].map((t): [string, SearchSuggestion["kind"]] => [t, "topic"]),
    ...(a.currentCompany ? [[a.currentCompany, "company"] as [string, "company"]] : []),
    ...a.workLocations.map((l): [string, "location"] => [l, "location"]),
    ...(a.jobTitle ? [[a.jobTitle, "title"] as [string, "title"]] : []),
  ];
}

/** What one advisor put into the index, kept so an update can take it out again. */
type Entry<T> = {
  advisor: T;
  name: string;
  /** Position in tie-break order (full name, then id). */
  rank: number;
  /** Its bit in a set of advisors (search-bits.ts); a removed advisor's slot is reused. */
  slot: number;
  /** Per tier: the spec's words (lower case, split at spaces) and the normalised words. */
  raw: [string[], string[]];
  words: [string[], string[]];
  /** Per tier: " stem stem | stem " with fields apart, for phrases. */
  stemText: [string, string];
  phrases: string[];
};

type Postings<T> = Map<string, [Set<Entry<T>>, Set<Entry<T>>]>;
/** Per tier, the sets of advisors a word is found in (one advisor may be in several). */
type Found<T> = [Set<Entry<T>>[], Set<Entry<T>>[]];
/** Per tier, the advisors a term is found in, as bits. */
type FoundBits = [Bits, Bits];
/** At most this many bytes of terms' found bits are kept between queries (3,300 terms at
 * 10,000 advisors); the index forgets them all when an advisor changes. */
const KEPT_BITS_BYTES = 16 * 2 ** 20;
const isEmpty = <T>(found: Found<T>) => found.every((sets) => sets.every((set) => set.size === 0));

/** One usable word of a query and how it is to be found. */
type Term<T> = {
  /** The normalised word, or the spec's word as typed when normalising leaves nothing usable. */
  word: string;
  literal: boolean;
  group?: AliasGroup;
  /** Its place in an alias phrase the query names, if it is one word of one. */
  phrase?: PhrasePlace;
  corrected?: boolean;
  /** The word as typed, when a typo was corrected to `word`. */
  original?: string;
  /** The advisors found, once looked up. */
  found?: Found<T>;
};

/** The query's words in order, each with the words the person typed it from. */
type QueryWord = {
  word: string;
  stem: string;
  typed: number[];
  group?: AliasGroup;
  phrase?: PhrasePlace;
};
/** A word of an alias phrase ("product manager") is found as the spec finds it and through the
 * phrase's forms (each word counts for them), not its own stem: "manager" in it does not find
 * "Managing Time Zones" beside some "Product". The group's narrower forms count for the first
 * usable word only, so a "Director of Product" ranks below those with both words. */
type PhrasePlace = "first" | "rest";

const ALIAS_FORMS = ALIAS_GROUPS.flatMap((group) =>
  [...group.forms, ...(group.includes ?? [])].map((form) => ({
    group,
    form,
    words: form.split(" "),
    stems: form.split(" ").map(stemOf),
    isForm: group.forms.includes(form),
  })),
);
/** The alias forms of several words, as the stems an advisor's field must hold in order. */
const PHRASE_FORMS = ALIAS_FORMS.filter((f) => f.words.length > 1).map((f) => ({
  form: f.form,
  needle: ` ${f.stems.join(" ")} `,
}));

/** The forms a query can name, by their first word's stem (a short form by the word itself). */
const FORMS_BY_START = new Map<string, typeof ALIAS_FORMS>();
for (const form of ALIAS_FORMS.filter((f) => f.isForm)) {
  const start =
    form.words.length === 1 && form.form.length < MIN_WORD_LENGTH ? form.form : form.stems[0]!;
  FORMS_BY_START.set(
    start,
    [...(FORMS_BY_START.get(start) ?? []), form].sort((a, b) => b.words.length - a.words.length),
  );
}

const nameCollator = new Intl.Collator("en", { sensitivity: "accent" });
const byName = (a: { name: string; advisor: { id: string } }, b: typeof a) =>
  nameCollator.compare(a.name, b.name) ||
  (a.advisor.id < b.advisor.id ? -1 : a.advisor.id > b.advisor.id ? 1 : 0);

const usable = (word: string) =>
  SHORT_FORMS.has(word) || (Array.from(word).length >= MIN_WORD_LENGTH && !STOP_WORDS.has(word));

/**
 * The searchable advisors, indexed by their words (as typed, normalised and stemmed), with
 * substring and typo structures over the vocabulary. Updated one advisor at a time.
 */
export class AdvisorSearchIndex<T extends SearchableAdvisor> {
  readonly #entries = new Map<string, Entry<T>>();
  #ordered: Entry<T>[] = [];
  #ranksCurrent = true;
  readonly #raw: Postings<T> = new Map();
  readonly #words: Postings<T> = new Map();
  /** The known words by their stem. */
  readonly #wordsByStem = new Map<string, Set<string>>();
  /** Advisors by the alias phrases ("product manager") their fields hold, word for word. */
  readonly #phrasesHeld: Postings<T> = new Map();
  readonly #rawSubstrings = new SubstringIndex();
  readonly #wordSubstrings = new SubstringIndex();
  /** Known words (four letters or more) under themselves and each one-letter deletion: the
   * candidates one edit away from a word to correct. */
  readonly #deletions = new Map<string, Set<string>>();
  readonly #phrases = new Map<string, SearchSuggestion & { count: number; words: string[] }>();
  readonly #phrasesByWord = new Map<string, Set<string>>();
  #sortedWords: string[] | null = null;
  /** Advisors by slot (holes where one was removed), and the free slots. */
  readonly #slots: (Entry<T> | undefined)[] = [];
  readonly #freeSlots: number[] = [];
  /** Found bits of recent terms, by how they are found (as typed or alias group, and word),
   * valid until an advisor changes. */
  readonly #termBits = new Map<string, FoundBits>();

  constructor(advisors: Iterable<T> = []) {
    for (const advisor of advisors) this.upsert(advisor);
  }

  get size() {
    return this.#entries.size;
  }

  /** Adds an advisor, or replaces what the index holds for them. */
  upsert(advisor: T) {
    this.remove(advisor.id);
    const tiers = [primaryFields(advisor), [advisor.about ?? "", advisor.shortIntro ?? ""]];
    const raw = tiers.map((fields) => [
      ...new Set(fields.flatMap((f) => f.toLowerCase().split(/\s+/)).filter(Boolean)),
    ]) as [string[], string[]];
    const fieldWords = tiers.map((fields) => fields.map(wordsOf));
    const words = fieldWords.map((fields) => [...new Set(fields.flat())]) as [string[], string[]];
    const stemText = fieldWords.map(
      (fields) => ` ${fields.map((ws) => ws.map(stemOf).join(" ")).join(" | ")} `,
    ) as [string, string];
    const entry: Entry<T> = {
      advisor,
      name: fullName(advisor.firstName, advisor.lastName),
      rank: 0,
      slot: this.#freeSlots.pop() ?? this.#slots.length,
      raw,
      words,
      stemText,
      phrases: [],
    };
    this.#slots[entry.slot] = entry;
    for (const tier of [PRIMARY, SECONDARY] as const) {
      for (const token of raw[tier])
        if (this.#post(this.#raw, token, tier, entry) && token.length >= 3)
          this.#rawSubstrings.add(token);
      for (const word of words[tier])
        if (this.#post(this.#words, word, tier, entry)) {
          this.#wordSubstrings.add(word);
          let sameStem = this.#wordsByStem.get(stemOf(word));
          if (!sameStem) this.#wordsByStem.set(stemOf(word), (sameStem = new Set()));
          sameStem.add(word);
          if (word.length >= MIN_CORRECTED_LENGTH - 1)
            for (const key of deletionsOf(word)) {
              let words = this.#deletions.get(key);
              if (!words) this.#deletions.set(key, (words = new Set()));
              words.add(word);
            }
        }
      for (const form of PHRASE_FORMS)
        if (stemText[tier].includes(form.needle))
          this.#post(this.#phrasesHeld, form.form, tier, entry);
    }
    for (const [text, kind] of suggestible(advisor)) this.#addPhrase(entry, text, kind);
    this.#entries.set(advisor.id, entry);
    this.#ordered.splice(this.#insertionPoint(entry), 0, entry);
    this.#ranksCurrent = false;
    this.#termBits.clear();
  }

  remove(id: string) {
    const entry = this.#entries.get(id);
    if (!entry) return;
    for (const tier of [PRIMARY, SECONDARY] as const) {
      for (const token of entry.raw[tier])
        if (this.#unpost(this.#raw, token, tier, entry)) this.#rawSubstrings.remove(token);
      for (const word of entry.words[tier])
        if (this.#unpost(this.#words, word, tier, entry)) {
          this.#wordSubstrings.remove(word);
          const sameStem = this.#wordsByStem.get(stemOf(word))!;
          sameStem.delete(word);
          if (sameStem.size === 0) this.#wordsByStem.delete(stemOf(word));
          if (word.length >= MIN_CORRECTED_LENGTH - 1)
            for (const key of deletionsOf(word)) {
              const words = this.#deletions.get(key)!;
              words.delete(word);
              if (words.size === 0) this.#deletions.delete(key);
            }
        }
      for (const form of PHRASE_FORMS) this.#unpost(this.#phrasesHeld, form.form, tier, entry);
    }
    for (const key of entry.phrases) this.#removePhrase(key);
    this.#entries.delete(id);
    this.#ordered.splice(this.#ordered.indexOf(entry), 1);
    this.#slots[entry.slot] = undefined;
    this.#freeSlots.push(entry.slot);
    this.#ranksCurrent = false;
    this.#termBits.clear();
  }

  /** Ranks the advisors for `query` and says how the query was understood. */
  search(query: string, window: SearchWindow = {}): SearchResult<T> {
    const { offset = 0, limit = Infinity } = window;
    const { terms, understood } = this.#understand(query);
    const corrected = terms.some((t) => t.corrected);
    const explanation: SearchExplanation = {
      showingResultsFor: corrected || understood.rewritten ? understood.text : null,
      didYouMean: corrected ? understood.text : null,
      showingAll: query.trim() !== "" && terms.length === 0,
    };
    if (terms.length === 0)
      return {
        total: this.#ordered.length,
        ranked: this.#ordered
          .slice(offset, offset + limit)
          .map(({ advisor }) => ({ advisor, score: 0 })),
        explanation,
      };
    const levels = this.#scoreLevels(terms);
    // Only the scores the window reaches are put in name order: by a walk through the
    // advisors in name order when the score holds many of them, else by sorting them.
    this.#updateRanks();
    const ranked: RankedAdvisor<T>[] = [];
    let total = 0;
    for (const score of [...levels.keys()].sort((a, b) => b - a)) {
      const bits = levels.get(score)!;
      const count = countBits(bits);
      const from = Math.max(0, offset - total);
      const to = Math.min(count, offset + limit - total);
      total += count;
      if (from >= to) continue;
      // A walk in name order meets the first `to` of them after about to × all / count
      // advisors; sorting them all costs about count × log(count).
      const walk = to * this.#ordered.length < count * count;
      const tied = walk ? this.#inNameOrder(bits, to) : this.#sorted(bits);
      for (const { advisor } of tied.slice(from, to)) ranked.push({ advisor, score });
    }
    return { total, ranked, explanation };
  }

  /**
   * The advisors the terms find, by score: per advisor, how many terms are found in the
   * fields above, and, for those with none there, how many in the about tier. A term counts
   * once however many of its forms match; a score can come from either tier (4 about-words tie
   * with 1 word above).
   */
  #scoreLevels(terms: Term<T>[]): Map<number, Bits> {
    const words = Math.ceil(this.#slots.length / 32);
    const found = terms.map((term) => this.#bitsOf(term));
    const primary = new BitCounter(words);
    const anyPrimary = new Uint32Array(words);
    for (const [bits] of found) {
      primary.add(bits);
      for (let i = 0; i < words; i++) anyPrimary[i]! |= bits[i]!;
    }
    const secondary = new BitCounter(words);
    for (const [, bits] of found) secondary.add(bits, anyPrimary);
    const levels = new Map<number, Bits>();
    for (let hits = terms.length; hits > 0; hits--)
      for (const [counter, points] of [
        [primary, PRIMARY_HIT_SCORE],
        [secondary, SECONDARY_HIT_SCORE],
      ] as const) {
        const bits = counter.exactly(hits);
        const level = levels.get(hits * points);
        if (level) for (let i = 0; i < words; i++) level[i]! |= bits[i]!;
        else levels.set(hits * points, bits);
      }
    return levels;
  }

  /** The first `count` advisors among `bits`, in name order. */
  #inNameOrder(bits: Bits, count: number): Entry<T>[] {
    const found: Entry<T>[] = [];
    for (const entry of this.#ordered) {
      if (!hasBit(bits, entry.slot)) continue;
      found.push(entry);
      if (found.length === count) break;
    }
    return found;
  }

  /** The advisors among `bits`, in name order. */
  #sorted(bits: Bits): Entry<T>[] {
    const found: Entry<T>[] = [];
    forEachBit(bits, (slot) => found.push(this.#slots[slot]!));
    return found.sort((a, b) => a.rank - b.rank);
  }

  /** The advisors a term is found in, per tier, as bits (kept for the next query). */
  #bitsOf(term: Term<T>): FoundBits {
    const how = term.literal
      ? "="
      : term.group
        ? `${ALIAS_GROUPS.indexOf(term.group)}${term.phrase ?? ""}`
        : "";
    const key = `${how}:${term.word}`;
    let bits = this.#termBits.get(key);
    if (bits) return bits;
    bits = [bitsFor(this.#slots.length), bitsFor(this.#slots.length)];
    const found = (term.found ??= this.#matches(term));
    for (const tier of [PRIMARY, SECONDARY] as const)
      for (const set of found[tier]) for (const entry of set) setBit(bits[tier], entry.slot);
    if ((this.#termBits.size + 1) * 2 * bits[0].byteLength > KEPT_BITS_BYTES)
      this.#termBits.clear();
    this.#termBits.set(key, bits);
    return bits;
  }

  /**
   * Topics, companies, places and job titles whose words start with the typed words, most
   * common first.
   */
  suggest(typed: string, limit = SUGGESTIONS): SearchSuggestion[] {
    const words = wordsOf(typed);
    const last = words.pop();
    if (!last) return [];
    const sorted = (this.#sortedWords ??= [...this.#phrasesByWord.keys()].sort());
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < last) low = middle + 1;
      else high = middle;
    }
    const keys = new Set<string>();
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(last); i++)
      for (const key of this.#phrasesByWord.get(sorted[i]!)!) keys.add(key);
    return [...keys]
      .map((key) => this.#phrases.get(key)!)
      .filter((p) => words.every((w) => p.words.some((pw) => pw.startsWith(w))))
      .sort(
        (a, b) =>
          b.count - a.count || a.text.length - b.text.length || a.text.localeCompare(b.text),
      )
      .slice(0, limit)
      .map(({ text, kind }) => ({ text, kind }));
  }

  /** The query's usable words, with their aliases, and the query as it was understood. */
  #understand(query: string) {
    const typed = query.split(/\s+/).filter(Boolean);
    const sequence: QueryWord[] = typed.flatMap((w, i) =>
      wordsOf(w).map((word) => ({ word, stem: stemOf(word), typed: [i] })),
    );
    // "h1 b": short pieces whose join is a known word read as that word.
    for (let i = 0; i < sequence.length; i++)
      for (let n = Math.min(3, sequence.length - i); n >= 2; n--) {
        const parts = sequence.slice(i, i + n);
        const joined = parts.map((p) => p.word).join("");
        if (!parts.every((p) => p.word.length < MIN_WORD_LENGTH)) continue;
        if (!this.#words.has(joined) && !ALIAS_FORMS.some((f) => f.form === joined)) continue;
        const typedFrom = [...new Set(parts.flatMap((p) => p.typed))];
        sequence.splice(i, n, { word: joined, stem: stemOf(joined), typed: typedFrom });
        break;
      }
    // Alias forms, longest first: every word of a phrase form carries its group.
    const spans: { from: number; to: number; group: AliasGroup; isForm: boolean }[] = [];
    for (let i = 0; i < sequence.length;) {
      const form = this.#aliasAt(sequence, i);
      if (!form) {
        i++;
        continue;
      }
      spans.push({ from: i, to: i + form.words.length, group: form.group, isForm: form.isForm });
      const words = sequence.slice(i, i + form.words.length);
      const first = words.find((q) => usable(q.word));
      for (const q of words) {
        q.group = form.group;
        if (words.length > 1) q.phrase = q === first ? "first" : "rest";
      }
      i += form.words.length;
    }
    const terms = new Map<string, Term<T>>();
    for (const q of sequence)
      if (usable(q.word))
        terms.set(q.word, { word: q.word, literal: false, group: q.group, phrase: q.phrase });
    // The spec's words that normalising leaves unusable ("c++") are still looked for as typed.
    const used = new Set(sequence.filter((q) => terms.has(q.word)).flatMap((q) => q.typed));
    typed.forEach((w, i) => {
      const lower = w.toLowerCase();
      if (usable(lower) && !used.has(i)) terms.set(lower, { word: lower, literal: true });
    });
    for (const term of terms.values()) this.#correct(term);

    // The query as understood: the typed words, with aliases and corrections in their place.
    const replaced = new Map<number, string>();
    let rewritten = false;
    for (const span of spans) {
      const spanWords = sequence.slice(span.from, span.to).map((q) => q.word);
      if (!span.isForm || spanWords.join(" ") === wordsOf(span.group.shown).join(" ")) continue;
      rewritten = true;
      const first = sequence[span.from]!.typed[0]!;
      replaced.set(first, span.group.shown);
      for (const q of sequence.slice(span.from, span.to))
        for (const i of q.typed) if (i !== first) replaced.set(i, "");
    }
    for (const term of terms.values())
      if (term.corrected)
        for (const q of sequence)
          if (q.word === term.original) for (const i of q.typed) replaced.set(i, term.word);
    const text = typed
      .map((w, i) => replaced.get(i) ?? w)
      .filter(Boolean)
      .join(" ");
    return { terms: [...terms.values()], understood: { text, rewritten } };
  }

  /** The alias form (longest first) that the query's words name from position `i`, if any. */
  #aliasAt(sequence: QueryWord[], i: number) {
    const { word, stem } = sequence[i]!;
    const candidates = [
      ...(FORMS_BY_START.get(word) ?? []),
      ...(stem === word ? [] : (FORMS_BY_START.get(stem) ?? [])),
    ].sort((a, b) => b.words.length - a.words.length);
    for (const form of candidates) {
      if (i + form.words.length > sequence.length) continue;
      const named =
        form.words.length === 1 && form.form.length < MIN_WORD_LENGTH
          ? form.form === word
          : form.stems.every((s, k) => s === sequence[i + k]!.stem);
      if (named) return form;
    }
    return null;
  }

  /**
   * A word of five letters or more that finds nothing becomes the closest known word whose
   * stem advisors are listed under (ties to the one more advisors are listed under).
   */
  #correct(term: Term<T>) {
    if (term.literal || term.group || term.word.length < MIN_CORRECTED_LENGTH) return;
    if (!isEmpty((term.found = this.#matches(term)))) return;
    const max = term.word.length >= 9 ? 2 : 1;
    // One edit: the words that share a one-letter deletion with it. Two: those of a similar
    // length that share a three-letter piece (checked in full below).
    const candidates = new Set<string>();
    for (const key of deletionsOf(term.word))
      for (const word of this.#deletions.get(key) ?? []) candidates.add(word);
    if (max === 2)
      for (const word of this.#wordSubstrings.sharingPieces(term.word))
        if (Math.abs(word.length - term.word.length) <= 2) candidates.add(word);
    let best: { word: string; distance: number; advisors: number } | null = null;
    for (const word of candidates) {
      // Only words advisors are listed under (name, title, company, topics), in some form: a
      // word met only in someone's story ("leaving") would turn a typo into noise, but a story's
      // "relocation" is the word meant when topics say "Relocating".
      const advisors = this.#words.get(word)![PRIMARY].size;
      if (advisors === 0 && !this.#listedUnderStemOf(word)) continue;
      const distance = editDistance(term.word, word, best?.distance ?? max);
      if (distance > max) continue;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance &&
          (advisors > best.advisors || (advisors === best.advisors && word < best.word)))
      )
        best = { word, distance, advisors };
    }
    if (!best) return;
    term.original = term.word;
    term.word = best.word;
    term.corrected = true;
    term.found = this.#matches(term);
  }

  /** Whether advisors are listed under a word of `word`'s stem (name, title, company, topics). */
  #listedUnderStemOf(word: string) {
    for (const same of this.#wordsByStem.get(stemOf(word)) ?? [])
      if (this.#words.get(same)![PRIMARY].size > 0) return true;
    return false;
  }

  /** The advisors in whose fields `term` is found, per tier (an advisor may repeat). */
  #matches(term: Term<T>): Found<T> {
    const found: Found<T> = [[], []];
    const take = (postings: [Set<Entry<T>>, Set<Entry<T>>] | undefined) => {
      if (!postings) return;
      found[PRIMARY].push(postings[PRIMARY]);
      found[SECONDARY].push(postings[SECONDARY]);
    };
    if (term.literal) {
      for (const token of this.#rawSubstrings.find(term.word)) take(this.#raw.get(token));
      return found;
    }
    // The known words that count as this one, each taken once: those it is inside of, those
    // with its stem (unless it is a phrase's: see PhrasePlace), and its aliases' (a short form
    // as itself, a longer one by its stem).
    const words = new Set<string>();
    const withStem = (stem: string) => this.#wordsByStem.get(stem)?.forEach((w) => words.add(w));
    if (term.word.length >= MIN_WORD_LENGTH) {
      for (const word of this.#wordSubstrings.find(term.word)) words.add(word);
      if (!term.phrase) withStem(stemOf(term.word));
    }
    const forms = term.group
      ? ALIAS_FORMS.filter((f) => f.group === term.group && (f.isForm || term.phrase !== "rest"))
      : [];
    for (const form of forms) {
      if (form.words.length > 1) take(this.#phrasesHeld.get(form.form));
      else if (form.form.length < MIN_WORD_LENGTH) words.add(form.form);
      else withStem(form.stems[0]!);
    }
    for (const word of words) take(this.#words.get(word));
    return found;
  }

  /** Posts `entry` under `key`; true when the key is new to the index. */
  #post(postings: Postings<T>, key: string, tier: Tier, entry: Entry<T>) {
    let lists = postings.get(key);
    const fresh = !lists;
    if (!lists) postings.set(key, (lists = [new Set(), new Set()]));
    lists[tier].add(entry);
    return fresh;
  }

  /** Takes `entry` off `key`; true when no advisor is left under it. */
  #unpost(postings: Postings<T>, key: string, tier: Tier, entry: Entry<T>) {
    const lists = postings.get(key);
    if (!lists) return false;
    lists[tier].delete(entry);
    if (lists[PRIMARY].size > 0 || lists[SECONDARY].size > 0) return false;
    postings.delete(key);
    return true;
  }

  #addPhrase(entry: Entry<T>, text: string, kind: SearchSuggestion["kind"]) {
    const words = wordsOf(text);
    const key = `${kind}:${words.join(" ")}`;
    if (words.length === 0 || entry.phrases.includes(key)) return;
    entry.phrases.push(key);
    const phrase = this.#phrases.get(key);
    if (phrase) {
      phrase.count++;
      return;
    }
    this.#phrases.set(key, { text: text.trim().replace(/\s+/g, " "), kind, count: 1, words });
    for (const word of words) {
      let keys = this.#phrasesByWord.get(word);
      if (!keys) {
        this.#phrasesByWord.set(word, (keys = new Set()));
        this.#sortedWords = null;
      }
      keys.add(key);
    }
  }

  #removePhrase(key: string) {
    const phrase = this.#phrases.get(key)!;
    if (--phrase.count > 0) return;
    this.#phrases.delete(key);
    for (const word of phrase.words) {
      const keys = this.#phrasesByWord.get(word)!;
      keys.delete(key);
      if (keys.size === 0) {
        this.#phrasesByWord.delete(word);
        this.#sortedWords = null;
      }
    }
  }

  #insertionPoint(entry: Entry<T>) {
    let low = 0;
    let high = this.#ordered.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byName(this.#ordered[middle]!, entry) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #updateRanks() {
    if (this.#ranksCurrent) return;
    this.#ordered.forEach((entry, rank) => (entry.rank = rank));
    this.#ranksCurrent = true;
  }
}
