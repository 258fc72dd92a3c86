import type { AppLoadContext } from "react-router";
import { isUuid } from "../../core/ids";
import { requireViewer } from "../../server/auth/session.server";
import { purchaseFor } from "../../server/packages/package-pages.server";

/**
 * A bought package's pages: the signed-in viewer (visitors are sent to sign in) and the
 * package as they may see it; anyone who is not its seeker, its advisor or an admin, and an
 * id that is no id, get the 404 page.
 */
export async function viewedPurchase(
  request: Request,
  purchaseId: string | undefined,
  context: AppLoadContext,
) {
  const viewer = await requireViewer(request, context);
  const view = isUuid(purchaseId)
    ? await purchaseFor(context.db, viewer, purchaseId, context.now())
    : null;
  if (!view) throw new Response("Not found", { status: 404 });
  return { viewer, view };
}
