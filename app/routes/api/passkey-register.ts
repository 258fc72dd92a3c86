import { passkeyNameSchema } from "../../../core/forms/security";
import { SECURITY_MESSAGES as M } from "../../../core/messages/security";
import {
  passkeyRegistrationOptions,
  registerPasskey,
} from "../../../server/accounts/security.server";
import { json, viewerOr401 } from "../../lib/json-api.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/passkey-register";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/*
 * Adding a passkey from Settings → Security (ADR 92), for the signed-in person only.
 * GET `?name=`: WebAuthn creation options (and the challenge cookie). POST `{ name, response }`:
 * the authenticator's answer, kept as a passkey of theirs.
 */
export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  const name = passkeyNameSchema.safeParse({
    name: new URL(request.url).searchParams.get("name") ?? "",
  });
  if (!name.success) return json({ ok: false, message: firstMessage(name.error) }, 400);
  const response = await passkeyRegistrationOptions(context, who(viewer, request), name.data.name);
  if (!response.ok) {
    const { code } = (await response.json().catch(() => ({}))) as { code?: string };
    const message = code === "SESSION_NOT_FRESH" ? M.passkeyNeedsFreshSignIn : M.passkeyAddFailed;
    return json({ ok: false, message }, 403);
  }
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 200, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  const body = (await readJson(request, { maxBytes: 16 * 1024 })) as {
    name?: unknown;
    response?: unknown;
  } | null;
  const name = passkeyNameSchema.safeParse({
    name: typeof body?.name === "string" ? body.name : "",
  });
  if (!name.success) return json({ ok: false, message: firstMessage(name.error) }, 400);
  const answer = body?.response;
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) {
    return json({ ok: false, message: M.passkeyAddFailed }, 400);
  }
  const result = await registerPasskey(context, who(viewer, request), {
    name: name.data.name,
    response: answer,
  });
  if (!result.ok) return json({ ok: false, message: result.message }, 400);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return Response.json({ ok: true, message: M.passkeyAdded(name.data.name) }, { headers });
}

const who = (viewer: { authUserId: string; email: string }, request: Request) => ({
  authUserId: viewer.authUserId,
  email: viewer.email,
  headers: request.headers,
});

function firstMessage(error: { issues: { message: string }[] }) {
  return error.issues[0]?.message ?? M.passkeyAddFailed;
}
