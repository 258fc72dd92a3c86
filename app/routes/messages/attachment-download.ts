import { attachmentDisposition } from "../../../core/attachments";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { isUuid } from "../../../core/ids";
import { ATTACHMENT_MESSAGES as M } from "../../../core/messages/message-safety";
import { requireViewer } from "../../../server/auth/session.server";
import { openAttachment } from "../../../server/conversations/attachment-files.server";
import type { Route } from "./+types/attachment-download";

/** A private file: never kept, by us or on the way. */
export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * GET /messages/attachments/:attachmentId: a file sent in a conversation, to its two parties,
 * or to an admin while a report of the conversation is open (audited). Anyone else, a
 * malformed id and a file that is gone: 404. Always a download (never shown inline), under
 * its stored, sanitized name; the security headers add nosniff to every answer, so no browser
 * reads it as anything but its type.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const plain = {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
  };
  if (!isUuid(params.attachmentId))
    return new Response(M.notFound, { status: 404, headers: plain });
  const result = await openAttachment(context.db, context.storage, {
    viewerId: viewer.userId,
    isAdmin: viewer.roles.includes("admin"),
    attachmentId: params.attachmentId,
    requestId: context.requestId,
  });
  if (!result.ok) return new Response(M.notFound, { status: 404, headers: plain });
  return new Response(new Uint8Array(result.file), {
    headers: {
      "Content-Type": result.contentType,
      "Content-Disposition": attachmentDisposition(result.fileName),
      "Content-Length": String(result.file.length),
      "Cache-Control": "private, no-store",
    },
  });
}
