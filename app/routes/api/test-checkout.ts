import { z } from "zod";
import { payTestOrder } from "../../../server/payments/test-checkout.server";
import { json, viewerOr401 } from "../../lib/json-api.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/test-checkout";

const paySchema = z.object({ orderId: z.string().min(1).max(100) });

/**
 * POST /api/test-checkout — the built-in test checkout's "Pay": signs the seeker's own order
 * the way Razorpay would. It exists only when no Razorpay keys are set (404 otherwise).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const secret = context.config.testPaymentSecret;
  if (!secret || context.payments.name !== "test") return json({ error: "Not found" }, 404);
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  const parsed = paySchema.safeParse(await readJson(request));
  if (!parsed.success) return json({ error: "Invalid request body" }, 400);
  const signed = await payTestOrder(context.db, {
    secret,
    userId: viewer.userId,
    orderId: parsed.data.orderId,
  });
  return signed ? json(signed) : json({ error: "Not found" }, 404);
}
