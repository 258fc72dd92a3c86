import { ADVISORS_PAGE_SIZE, parseAdvisorSearch } from "../../../core/advisor-search-params";
import { searchAdvisors } from "../../../server/advisors/advisor-directory.server";
import type { Route } from "./+types/advisors";

/** GET /api/advisors?search=&page= — the listing as JSON, public fields only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { search, page } = parseAdvisorSearch(new URL(request.url).searchParams);
  const result = await searchAdvisors(context.db, {
    query: search,
    page,
    pageSize: ADVISORS_PAGE_SIZE,
    teamAdvisorId: context.config.discoveryAdvisorId,
  });
  return Response.json(result, { headers: { "Cache-Control": "public, max-age=30" } });
}
