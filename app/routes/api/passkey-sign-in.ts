import { SECURITY_MESSAGES as M } from "../../../core/messages/security";
import { passkeySignIn, passkeySignInOptions } from "../../../server/auth/second-factor.server";
import { json } from "../../lib/json-api.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/passkey-sign-in";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/*
 * Passkey sign-in (ADR 92), called by the sign-in page's and the second step's button.
 * GET: WebAuthn request options (and the challenge cookie). POST `{ response }`: the
 * authenticator's answer; a good one gets the session cookie.
 */
export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await passkeySignInOptions(context, {
    headers: request.headers,
    clientIp: context.clientIp,
  });
  if (!(response instanceof Response)) return json({ ok: false, message: response.message }, 429);
  return withNoStore(response);
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = (await readJson(request, { maxBytes: 16 * 1024 })) as { response?: unknown };
  const answer = body?.response;
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) {
    return json({ ok: false, message: M.passkeyFailed }, 400);
  }
  const result = await passkeySignIn(
    context,
    { response: answer as Record<string, unknown> },
    { headers: request.headers, clientIp: context.clientIp },
  );
  if (!result.ok) return json({ ok: false, message: result.message }, 400);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return Response.json({ ok: true }, { headers });
}

function withNoStore(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, headers });
}
