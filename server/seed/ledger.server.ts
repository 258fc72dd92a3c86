import { and, eq, inArray } from "drizzle-orm";
import { hasMatured } from "../../core/ledger";
import type { BankCipher } from "../security/bank-cipher.server";
import type { Config } from "../config.server";
import { creditSession, debitRefund, recordTransferEntry } from "../payouts/ledger.server";
import type { Tx } from "../db/client.server";
import * as s from "../db/schema";

/**
 * The ledger of the demo bookings, written by the same functions the product uses: each
 * paid session credited, each refund debited. One advisor has bank details and a linked
 * account at the test provider, so her statement shows a paid-out session, pending ones and
 * a refunded one; the others accrue until they add bank details.
 */
export async function seedLedger(
  tx: Tx,
  { config, cipher }: { config: Config; cipher: BankCipher },
  now: Date,
  paidOutAdvisorId: string,
) {
  await tx
    .update(s.advisors)
    .set({
      bankAccountHolderName: "Priya Sharma",
      bankName: "HDFC Bank",
      bankAccountNumber: cipher.encrypt("50100123456789", paidOutAdvisorId),
      bankIfscCode: "HDFC0000123",
      bankBranch: "Koramangala, Bengaluru",
    })
    .where(eq(s.advisors.id, paidOutAdvisorId));
  await tx.insert(s.payoutAccounts).values({
    advisorId: paidOutAdvisorId,
    providerAccountId: "acc_demoPriya0001",
    providerProductId: "acc_prd_demoPriya01",
    status: "activated",
    needsSync: false,
  });

  const paid = await tx
    .select({ booking: s.bookings, refundId: s.refunds.id })
    .from(s.bookings)
    .innerJoin(s.payments, eq(s.payments.id, s.bookings.paymentId))
    .leftJoin(s.refunds, eq(s.refunds.bookingId, s.bookings.id))
    .where(
      and(
        inArray(s.payments.status, ["paid", "refunded"]),
        inArray(s.bookings.status, ["confirmed", "completed", "cancelled"]),
      ),
    );
  const commissionPercent = config.payouts.commissionPercent;
  for (const { booking, refundId } of paid) {
    await creditSession(tx, { bookingId: booking.id, commissionPercent, now });
    if (refundId) await debitRefund(tx, { bookingId: booking.id, refundId, now });
    if (booking.advisorId !== paidOutAdvisorId || refundId) continue;
    // At the test provider: held, and released once the session and its hold are over.
    const matured = hasMatured(booking, config.payouts.holdDays, now);
    const [transfer] = await tx
      .update(s.payoutTransfers)
      .set({
        status: matured ? "released" : "on_hold",
        providerTransferId: `trf_demo${booking.id.replace(/-/g, "").slice(0, 10)}`,
        releasedAt: matured ? now : null,
      })
      .where(eq(s.payoutTransfers.bookingId, booking.id))
      .returning();
    if (transfer && matured) await recordTransferEntry(tx, transfer, "payout", now);
  }
}
