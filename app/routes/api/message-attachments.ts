import { data } from "react-router";
import { ATTACHMENT_MAX_BYTES } from "../../../core/attachments";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { ATTACHMENT_MESSAGES as M } from "../../../core/messages/message-safety";
import { requireViewer } from "../../../server/auth/session.server";
import { storeAttachment } from "../../../server/conversations/attachment-files.server";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/message-attachments";

export const handle: CacheHandle = { cache: NOT_KEPT };

/** Room for the multipart envelope around a file just under the limit. */
const MAX_BODY = ATTACHMENT_MAX_BYTES + 64 * 1024;

/**
 * POST multipart `file`: a file for the signed-in person's next message, checked from its bytes
 * and stored privately (issue 39). Answers the stored file's metadata, which the composer
 * sends with the message: `{ ok: true, attachment: { fileKey, fileName, contentType,
 * byteSize } }`, or `{ ok: false, message }` with 400, 413 or 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request, { maxBytes: MAX_BODY, tooLarge: M.tooLarge });
  const file = form.get("file");
  if (!(file instanceof File)) {
    return data({ ok: false as const, message: M.missing }, { status: 400 });
  }
  try {
    const result = await storeAttachment(
      { db: context.db, storage: context.storage },
      {
        uploaderId: viewer.userId,
        fileName: file.name,
        bytes: Buffer.from(await file.arrayBuffer()),
        now: context.now(),
      },
    );
    if (result.ok) return { ok: true as const, attachment: result.attachment };
    return data(
      { ok: false as const, message: result.message },
      {
        status: result.status,
        headers: result.retryAfterSeconds
          ? { "Retry-After": String(result.retryAfterSeconds) }
          : undefined,
      },
    );
  } catch (error) {
    context.logger.error({ err: error }, "message attachment upload failed");
    return data({ ok: false as const, message: M.uploadFailed }, { status: 500 });
  }
}
