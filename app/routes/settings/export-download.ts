import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { isUuid } from "../../../core/ids";
import { PRIVACY_MESSAGES as M } from "../../../core/messages/privacy";
import { downloadExport } from "../../../server/accounts/data-export.server";
import { requireViewer } from "../../../server/auth/session.server";
import type { Route } from "./+types/export-download";

/** A person's whole data: never kept, by us or on the way. */
export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * GET /settings/privacy/exports/:id: the ZIP, to its owner while it lasts (a visitor signs in
 * first). Another person's export is not found; an expired one of your own is gone (410).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const plain = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!isUuid(params.id)) return new Response(M.exportGone, { status: 404, headers: plain });
  const result = await downloadExport(context.db, context.storage, {
    ...viewer,
    exportId: params.id,
    now: context.now(),
    requestId: context.requestId,
  });
  if (!result.ok) return new Response(result.message, { status: result.status, headers: plain });
  return new Response(new Uint8Array(result.file), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${result.filename}"`,
      "Content-Length": String(result.file.length),
      "Cache-Control": "no-store",
    },
  });
}
