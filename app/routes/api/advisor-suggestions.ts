import type { Route } from "./+types/advisor-suggestions";
import { parseSuggestionQuery } from "../../../core/advisor-search-params";
import type { SuggestionsAnswer } from "../../../core/advisor-search-url";
import {
  type CacheHandle,
  DIRECTORY,
  SHARED,
  SUGGESTION_PARAMS,
} from "../../../core/cache-contract";

export const handle: CacheHandle = {
  cache: { ...SHARED, ...DIRECTORY, params: SUGGESTION_PARAMS },
};

/**
 * GET /api/advisors/suggestions?q= — the listed advisors' topics, companies, cities and job
 * titles whose words start with the typed ones, for the search boxes' suggestions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSuggestionQuery(new URL(request.url).searchParams);
  const answer: SuggestionsAnswer = {
    suggestions: query
      ? await context.directory.suggest(query, context.config.discoveryAdvisorId)
      : [],
  };
  return Response.json(answer);
}
