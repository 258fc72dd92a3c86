import { getViewer, type Viewer } from "../../server/auth/session.server";
import type { AppContext } from "../load-context";

/**
 * Helpers for the JSON endpoints the booking steps call with fetch: a signed-out caller gets
 * 401 (the page itself sends them to sign in), a body that is not JSON gets 400.
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

export async function readJson(request: Request): Promise<unknown> {
  if (request.method !== "POST") throw json({ error: "Method not allowed" }, 405);
  try {
    return await request.json();
  } catch {
    throw json({ error: "Invalid request body" }, 400);
  }
}
