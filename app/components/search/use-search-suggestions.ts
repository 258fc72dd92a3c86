import { useEffect, useState } from "react";
import {
  advisorSuggestionsUrl,
  type SuggestionsAnswer,
  suggestionQuery,
} from "../../../core/advisor-search-url";
import type { SearchSuggestion } from "../../../core/search";

/** A pause short enough to feel instant, long enough to skip most keystrokes of a fast typist. */
const TYPING_PAUSE_MS = 120;

type Answer = { query: string; suggestions: SearchSuggestion[] };

/**
 * Suggestions for what is typed, asked for once typing pauses while `enabled`. Until the answer
 * for the current text arrives the last one stays (the list does not flicker as letters are
 * added); `query` is what is looked up, and `settled` says whether the list is the current text's. A newer text aborts the older
 * request, so a slow answer never replaces a newer one.
 */
export function useSearchSuggestions(typed: string, enabled: boolean) {
  const query = suggestionQuery(typed);
  const [answer, setAnswer] = useState<Answer>({ query: "", suggestions: [] });
  const wanted = enabled && query !== "" && query !== answer.query;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(advisorSuggestionsUrl(query), {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then((response) => (response.ok ? (response.json() as Promise<SuggestionsAnswer>) : null))
        .then((body) => {
          if (body && !controller.signal.aborted)
            setAnswer({ query, suggestions: body.suggestions });
        })
        // Offline or refused: no suggestions, and the search itself still works.
        .catch(() => {});
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, query]);

  if (query === "") return { query, suggestions: [], settled: true };
  return { query, suggestions: answer.suggestions, settled: answer.query === query };
}
