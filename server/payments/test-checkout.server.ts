import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { payments } from "../db/schema";
import { signTestPayment } from "./test-gateway.server";

/**
 * The built-in test checkout's "Pay": Razorpay's success fields for the seeker's own order
 * that still awaits payment, signed with the local secret; null for any other order.
 */
export async function payTestOrder(
  db: Db,
  { secret, userId, orderId }: { secret: string; userId: string; orderId: string },
) {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.razorpayOrderId, orderId),
        eq(payments.userId, userId),
        eq(payments.status, "created"),
      ),
    );
  return payment ? signTestPayment(secret, orderId) : null;
}
