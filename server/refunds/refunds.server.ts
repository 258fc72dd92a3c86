import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.server";
import { payments, refunds } from "../db/schema";
import type { RefundSubject, Subscriber } from "../events/booking-events.server";

export type RefundRequest = RefundSubject & {
  paymentId: string;
  /** Paise. */
  amount: number;
  reason: string;
};

/**
 * Records that a booking's payment must be refunded, in the caller's transaction, so a
 * cancellation and its refund are written together or not at all. The refund job sends it
 * to the provider later (and retries), so a provider outage never loses a refund. A booking
 * (or a package's rest) is refunded at most once: a second request returns null and changes
 * nothing.
 */
export async function queueRefund(
  tx: Tx,
  request: RefundRequest,
  now: Date,
): Promise<{ refundId: string } | null> {
  const { paymentId, amount, reason } = request;
  const [payment] = await tx
    .select({ amount: payments.amount, gst: payments.gstAmount })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const [row] = await tx
    .insert(refunds)
    .values({
      bookingId: request.bookingId ?? null,
      packagePurchaseId: request.packagePurchaseId ?? null,
      questionId: request.questionId ?? null,
      paymentId,
      amount,
      // A package names the GST of its unused rest; a booking's refund is all of its payment,
      // so all of its GST (pro rata if ever less).
      gstAmount:
        request.gst ??
        (payment && payment.amount > 0 ? Math.floor((payment.gst * amount) / payment.amount) : 0),
      reason,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ refundId: refunds.id });
  return row ?? null;
}

/** Money owed back is recorded once; `refund.queued` then tells the ledger to take it back. */
export const refundRequests: Subscriber = {
  name: "refunds",
  on: {
    "refund.requested": async (tx, request, { now, publish }) => {
      const queued = await queueRefund(tx, request, now);
      if (!queued) return;
      const { type: _requested, paymentId: _payment, reason: _reason, ...subject } = request;
      await publish({ ...subject, type: "refund.queued", refundId: queued.refundId });
    },
  },
};
