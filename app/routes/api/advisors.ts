import type { Route } from "./+types/advisors";
import { type CacheHandle, DIRECTORY, SEARCH_PARAMS, SHARED } from "../../../core/cache-contract";

export const handle: CacheHandle = { cache: { ...SHARED, ...DIRECTORY, params: SEARCH_PARAMS } };

/** GET /api/advisors?search=&page= — the listing as JSON, public fields only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const result = await context.directory.searchFor(searchParams, context.config.discoveryAdvisorId);
  return Response.json(result);
}
