import { redirect } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { isUuid } from "../../../core/ids";
import { CONVERSATION_MESSAGES as M } from "../../../core/messages/conversations";
import { getViewer } from "../../../server/auth/session.server";
import { openConversation } from "../../../server/conversations/conversations.server";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/open";

export const handle: CacheHandle = { cache: NOT_KEPT };

const text = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * POST /messages/open: the "Message" buttons. A seeker sends `advisorId` (an advisor's profile,
 * a session), an advisor `seekerId` (one of their sessions); the pair's conversation is found
 * or made and opened. A visitor signs in first and comes back to the advisor's profile.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const advisorId = form.get("advisorId");
  const seekerId = form.get("seekerId");
  const viewer = await getViewer(request, context);
  if (!viewer) {
    const back =
      typeof advisorId === "string" && isUuid(advisorId) ? `/advisor/${advisorId}` : "/messages";
    return redirect(`/auth?redirect=${encodeURIComponent(back)}`);
  }
  const other =
    typeof advisorId === "string" && advisorId !== ""
      ? { advisorId }
      : typeof seekerId === "string" && seekerId !== ""
        ? { seekerId }
        : null;
  if (!other) return text(M.invalid, 400);
  const opened = await openConversation(context.db, viewer, other, context.now());
  if (!opened.ok) return text(M.cannotOpen, 404);
  return redirect(`/messages/${opened.conversationId}`);
}
