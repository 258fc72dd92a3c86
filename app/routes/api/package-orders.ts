import { isUuid } from "../../../core/ids";
import { PURCHASE_MESSAGES as M } from "../../../core/messages/package-purchases";
import { saleDeps } from "../../../server/payments/sale-deps.server";
import { startPurchase } from "../../../server/packages/purchases.server";
import { json, viewerOr401 } from "../../lib/json-api.server";
import type { Route } from "./+types/package-orders";

/**
 * POST /api/advisors/:id/packages/:packageId/orders — orders the package for the signed-in
 * seeker and answers the payment order `{ purchaseId, paymentId, orderId, keyId, amount }`.
 * It reads no body: the package is the URL's, the price the server's.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  if (!isUuid(params.id) || !isUuid(params.packageId)) return json({ error: M.notOffered }, 404);
  const result = await startPurchase(saleDeps(context), viewer.userId, {
    advisorId: params.id,
    packageId: params.packageId,
  });
  if (!result.ok) return json({ error: result.message }, result.status);
  const { purchaseId, paymentId, orderId, keyId, amount } = result;
  return json({ purchaseId, paymentId, orderId, keyId, amount, free: false }, 201);
}
