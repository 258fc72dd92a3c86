import type { Route } from "./+types/advisors";

/** GET /api/advisors?search=&page= — the listing as JSON, public fields only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const result = await context.directory.searchFor(searchParams, context.config.discoveryAdvisorId);
  return Response.json(result);
}
