import { getViewer, type Viewer } from "../../server/auth/session.server";
import type { AppContext } from "../../server/http/app-context";

/**
 * Helpers for the JSON endpoints the booking steps call with fetch: a signed-out caller gets
 * 401 (the page itself sends them to sign in). Bodies are read with request-body.ts.
 */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function viewerOr401(
  request: Request,
  context: AppContext,
): Promise<Viewer | Response> {
  const viewer = await getViewer(request, context);
  return viewer ?? json({ error: "Please sign in to continue." }, 401);
}
