import { z } from "zod";
import { suggestionQuery } from "./advisor-search-url";

export const ADVISORS_PAGE_SIZE = 12;

/** The listing's query string, tolerant of junk: a bad page number means page 1. */
const schema = z.object({
  search: z.string().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export function parseAdvisorSearch(params: URLSearchParams) {
  return schema.parse({ search: params.get("search") ?? "", page: params.get("page") ?? 1 });
}

/** The `q` of GET /api/advisors/suggestions, however long or padded it comes. */
export function parseSuggestionQuery(params: URLSearchParams): string {
  return suggestionQuery(params.get("q") ?? "");
}

export { advisorSearchUrl } from "./advisor-search-url";
