import { data, redirect } from "react-router";
import { AUTH_MESSAGES as MESSAGES } from "../../../core/messages/auth";
import { offlineSafe } from "../../lib/offline-safe";
import { signOut } from "../../../server/auth/accounts.server";
import { requireViewer } from "../../../server/auth/session.server";
import type { Route } from "./+types/logout";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/**
 * POST only: signing out by a link would let any page sign people out (and the cross-site
 * check refuses a post from another site). Without a session there is nothing to end.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireViewer(request, context);
  try {
    const cookies = await signOut(context.auth, request.headers);
    const headers = new Headers();
    for (const cookie of cookies.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirect("/", { headers });
  } catch (error) {
    context.logger.error({ err: error }, "sign-out failed");
    return data({ error: MESSAGES.signOutFailed }, { status: 500 });
  }
}

/** A sign-out that never reached the server keeps the page and says so. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { error: MESSAGES.signOutFailed });
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export function loader() {
  return redirect("/");
}
