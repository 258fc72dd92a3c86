import type { Tx } from "../db/client.server";
import { refunds } from "../db/schema";
import { debitRefund } from "../payouts/ledger.server";

export type RefundRequest = {
  bookingId: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  reason: string;
};

/**
 * Records that a booking's payment must be refunded, in the caller's transaction, so a
 * cancellation and its refund are written together or not at all. The refund job sends it
 * to the provider later (and retries), so a provider outage never loses a refund. A booking
 * is refunded at most once: a second request returns null and changes nothing. The advisor's
 * credit for the booking, if any, is debited in the same transaction.
 */
export async function queueRefund(
  tx: Tx,
  request: RefundRequest,
  now: Date,
): Promise<{ refundId: string } | null> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...request, status: "pending" })
    .onConflictDoNothing({ target: refunds.bookingId })
    .returning({ refundId: refunds.id });
  if (row) await debitRefund(tx, { bookingId: request.bookingId, refundId: row.refundId, now });
  return row ?? null;
}
