import type { SearchSuggestion } from "./search";

/** The URL of a listing page, as the search box and the pager link to it (no zod: pages import it). */
export function advisorSearchUrl(search: string, page = 1): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set("search", search.trim());
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/advisors?${query}` : "/advisors";
}

/** The longest typed text suggestions are looked up for; longer text is cut. */
export const SUGGESTION_QUERY_MAX = 100;

/** What suggestions are looked up for: the typed text, trimmed and cut to its first characters. */
export function suggestionQuery(typed: string): string {
  return Array.from(typed.trim()).slice(0, SUGGESTION_QUERY_MAX).join("").trim();
}

/** GET /api/advisors/suggestions?q=: what the search boxes offer while someone types. */
export function advisorSuggestionsUrl(query: string): string {
  return `/api/advisors/suggestions?${new URLSearchParams({ q: query })}`;
}

/** The answer of GET /api/advisors/suggestions. */
export type SuggestionsAnswer = { suggestions: SearchSuggestion[] };
