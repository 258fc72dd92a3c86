import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { payments } from "../../../server/db/schema";
import { signTestPayment } from "../../../server/payments/test-gateway.server";
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
  const [payment] = await context.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.razorpayOrderId, parsed.data.orderId),
        eq(payments.userId, viewer.userId),
        eq(payments.status, "created"),
      ),
    );
  if (!payment) return json({ error: "Not found" }, 404);
  return json(signTestPayment(secret, parsed.data.orderId));
}
