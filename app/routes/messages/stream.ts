import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { CONVERSATION_MESSAGES as M } from "../../../core/messages/conversations";
import { requireViewer } from "../../../server/auth/session.server";
import { latestMessageId } from "../../../server/conversations/conversations.server";
import { messageEventStream } from "../../../server/conversations/event-stream.server";
import { loadConversation } from "../../../server/conversations/parties.server";
import type { Route } from "./+types/stream";

/** Never kept; held open for the page's life, outside the render slots (render-gate). */
export const handle: CacheHandle & { eventStream: true } = { cache: NOT_KEPT, eventStream: true };

const text = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** A message id as the browser sends it (Last-Event-ID, `after`): digits only. */
function messageId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * GET /messages/stream: Server-Sent Events of new messages (issue 39, point 2), for one
 * conversation (`?conversation=`, the messages as its reader sees them) or for the inbox (a
 * note per new message). After the browser's Last-Event-ID, else `after`, else from now.
 * `once=1` sends what is there and ends: a catch-up without a connection held open.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const conversationId = url.searchParams.get("conversation");
  const record =
    conversationId === null ? null : await loadConversation(context.db, conversationId, viewer);
  if (conversationId !== null && !record) return text(M.notFound, 404);
  const lastEventId = request.headers.get("Last-Event-ID");
  const afterParam = url.searchParams.get("after");
  const after = messageId(lastEventId) ?? messageId(afterParam);
  if (after === null && (lastEventId ?? afterParam) !== null) return text(M.invalid, 400);
  const once = url.searchParams.get("once") === "1";
  const abort = new AbortController();
  request.signal.addEventListener("abort", () => abort.abort(), { once: true });
  const stream = messageEventStream({
    db: context.db,
    feed: context.messageFeed,
    reader: viewer,
    record,
    after:
      after ??
      (record ? record.conversation.lastMessageId : await latestMessageId(context.db, viewer)),
    signal: abort.signal,
    once,
    onError: (error) => context.logger.warn({ err: error }, "a message stream failed"),
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware would hold events back to fill a block.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
