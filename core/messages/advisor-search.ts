import type { SearchSuggestion } from "../search";

/** The listing's and the search boxes' texts, each defined once. */
export const ADVISOR_SEARCH_MESSAGES = {
  /** The spec's "{n} advisors found", in the singular for one. */
  found: (total: number) => `${total} ${total === 1 ? "advisor" : "advisors"} found`,
  showingAll: "Showing all advisors",
  showingResultsFor: "Showing results for",
  didYouMean: "Did you mean",
  suggestionCount: (count: number) =>
    count === 0 ? "No suggestions" : `${count} ${count === 1 ? "suggestion" : "suggestions"}`,
  suggestionsLabel: "Suggestions",
} as const;

/** What each kind of suggestion is called beside it. */
export const SUGGESTION_KIND_LABELS: Record<SearchSuggestion["kind"], string> = {
  topic: "Topic",
  company: "Company",
  location: "City",
  title: "Role",
};
