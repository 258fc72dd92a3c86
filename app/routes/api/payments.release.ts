import { z } from "zod";
import { bookingDeps } from "../../../server/bookings/context.server";
import { abandonCheckout } from "../../../server/bookings/payment-service.server";
import { json, viewerOr401 } from "../../lib/json-api.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/payments.release";

const releaseSchema = z.object({
  paymentId: z.uuid(),
  reason: z.enum(["dismissed", "failed"]),
});

/**
 * POST /api/payments/release — the checkout was closed or the payment failed: the seeker's
 * hold is released at once so the time is offered again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  const parsed = releaseSchema.safeParse(await readJson(request));
  if (!parsed.success) return json({ error: "Invalid request body" }, 400);
  const { paymentId, reason } = parsed.data;
  const found = await abandonCheckout(
    bookingDeps(context),
    viewer.userId,
    paymentId,
    reason === "failed",
  );
  return found ? json({ ok: true }) : json({ error: "Not found" }, 404);
}
