// The advisor search rule before the index (ADR 5), kept only as the oracle of
// search.oracle.test.ts: core/search.ts is what the app uses.
//
// - each query word found in name / job title / company / topics scores 100;
// - only advisors with no such hit get 25 per word found in about / short intro;
// - score 0 is dropped; ties are ordered by full name, then id.

import { fullName } from "./format";
import {
  MIN_WORD_LENGTH,
  PRIMARY_HIT_SCORE,
  type RankedAdvisor,
  SECONDARY_HIT_SCORE,
  STOP_WORDS,
  type SearchableAdvisor,
} from "./search";

/**
 * Usable words of a query: lower-cased, split on whitespace, without stop words or
 * words shorter than MIN_WORD_LENGTH. Duplicates are removed, so "dubai dubai"
 * scores like "dubai".
 */
export function searchTerms(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => Array.from(w).length >= MIN_WORD_LENGTH && !STOP_WORDS.has(w));
  return [...new Set(words)];
}

// Fields joined with a newline: query words never contain whitespace, so a match
// can never straddle two fields.
function haystack(parts: ReadonlyArray<string | null>): string {
  return parts
    .filter((p): p is string => p !== null && p !== "")
    .join("\n")
    .toLowerCase();
}

function primaryHaystack(a: SearchableAdvisor): string {
  return haystack([
    a.firstName,
    a.lastName,
    a.jobTitle,
    a.currentCompany,
    ...a.skills,
    ...a.careerAdviceTopics,
    ...a.personalAdviceTopics,
    ...a.businessAdviceTopics,
    ...a.workLocations,
  ]);
}

function countHits(text: string, terms: readonly string[]): number {
  let hits = 0;
  for (const term of terms) if (text.includes(term)) hits++;
  return hits;
}

// Case-insensitive but accent-aware, with a fixed locale so order does not depend on
// the server's default locale.
const nameCollator = new Intl.Collator("en", { sensitivity: "accent" });

/**
 * Advisors prepared for searching: lower-cased haystacks built once, in tie-break order (full
 * name, then id). Build it when the advisors change and reuse it for every query; ranking
 * 10,000 advisors then costs string scans only (see bench/RESULTS.md).
 */
export interface SearchIndex<T extends SearchableAdvisor> {
  readonly entries: ReadonlyArray<{ advisor: T; primary: string; secondary: string }>;
}

export function buildSearchIndex<T extends SearchableAdvisor>(
  advisors: readonly T[],
): SearchIndex<T> {
  const entries = advisors.map((advisor) => ({
    advisor,
    name: fullName(advisor.firstName, advisor.lastName),
    primary: primaryHaystack(advisor),
    secondary: haystack([advisor.about, advisor.shortIntro]),
  }));
  entries.sort(
    (a, b) =>
      nameCollator.compare(a.name, b.name) ||
      (a.advisor.id < b.advisor.id ? -1 : a.advisor.id > b.advisor.id ? 1 : 0),
  );
  return { entries };
}

export function rankAdvisors<T extends SearchableAdvisor>(
  source: readonly T[] | SearchIndex<T>,
  query: string,
): Array<RankedAdvisor<T>> {
  const { entries } = Array.isArray(source) ? buildSearchIndex(source) : (source as SearchIndex<T>);
  const terms = searchTerms(query);
  if (terms.length === 0) return entries.map(({ advisor }) => ({ advisor, score: 0 }));

  const scored: Array<RankedAdvisor<T> & { order: number }> = [];
  entries.forEach(({ advisor, primary, secondary }, order) => {
    const primaryHits = countHits(primary, terms);
    // The about/intro tier only counts for advisors without a primary hit.
    const score =
      primaryHits > 0
        ? primaryHits * PRIMARY_HIT_SCORE
        : countHits(secondary, terms) * SECONDARY_HIT_SCORE;
    if (score > 0) scored.push({ advisor, score, order });
  });
  // Entries are in tie-break order already, so equal scores keep it.
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map(({ advisor, score }) => ({ advisor, score }));
}
