import { and, eq, inArray } from "drizzle-orm";
import { splitFee } from "../../core/ledger";
import type { Config } from "../config.server";
import type { Tx } from "../db/client.server";
import { bookings, ledgerEntries, payments, payoutAccounts, payoutTransfers } from "../db/schema";
import type { Subscriber } from "../events/booking-events.server";

/*
 * Writing the ledger (ADR 74). Each function runs in its caller's transaction, so a
 * confirmation and its credit, or a refund and its debit, are written together or not at
 * all; the unique indexes make a repeat a no-op.
 */

/** The ledger follows the bookings: a confirmed paid session is credited, a refund debited. */
export function ledgerSubscriber(config: Pick<Config, "payouts">): Subscriber {
  return {
    name: "ledger",
    on: {
      "booking.confirmed": (tx, { bookingId }, { now }) =>
        creditSession(tx, { bookingId, commissionPercent: config.payouts.commissionPercent, now }),
      "refund.queued": (tx, { bookingId, refundId }, { now }) =>
        debitRefund(tx, { bookingId, refundId, now }),
    },
  };
}

/**
 * A paid session was confirmed: credit the advisor with the fee (GST excluded) less the
 * commission at today's rate, and queue its transfer (held until the session is done). An
 * advisor without an active payout account accrues until they have one. A share of nothing
 * (a 100 % commission) is still credited, as zero, so the entry records the commission.
 */
export async function creditSession(
  tx: Tx,
  input: { bookingId: string; commissionPercent: number; now: Date },
): Promise<void> {
  const [row] = await tx
    .select({
      advisorId: bookings.advisorId,
      paymentId: payments.id,
      fee: payments.feeAmount,
      accountStatus: payoutAccounts.status,
    })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, bookings.advisorId))
    // Refunded too: a refund queued in the same transaction debits it straight away.
    .where(and(eq(bookings.id, input.bookingId), inArray(payments.status, ["paid", "refunded"])));
  if (!row || row.fee <= 0) return;
  const { commission, share } = splitFee(row.fee, input.commissionPercent);
  const [credited] = await tx
    .insert(ledgerEntries)
    .values({
      advisorId: row.advisorId,
      kind: "session_credit",
      amount: share,
      bookingId: input.bookingId,
      paymentId: row.paymentId,
      feeAmount: row.fee,
      commissionPercent: input.commissionPercent,
      commissionAmount: commission,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (!credited || share === 0) return;
  await tx.insert(payoutTransfers).values({
    advisorId: row.advisorId,
    bookingId: input.bookingId,
    paymentId: row.paymentId,
    amount: share,
    status: row.accountStatus === "activated" ? "pending" : "awaiting_account",
    nextAttemptAt: input.now,
  });
}

/**
 * A booking's payment is being refunded: take back everything its credit gave. A transfer
 * that never reached the provider is cancelled; one that did is reversed by the payout job.
 */
export async function debitRefund(
  tx: Tx,
  input: { bookingId: string; refundId: string; now: Date },
): Promise<void> {
  const [credit] = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.bookingId, input.bookingId), eq(ledgerEntries.kind, "session_credit")),
    );
  if (!credit || credit.amount === 0) return; // a zero credit gave nothing to take back
  const [debited] = await tx
    .insert(ledgerEntries)
    .values({
      advisorId: credit.advisorId,
      kind: "refund_debit",
      amount: -credit.amount,
      bookingId: input.bookingId,
      paymentId: credit.paymentId,
      refundId: input.refundId,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (!debited) return;
  await tx
    .update(payoutTransfers)
    .set({ status: "cancelled", lastError: null })
    .where(
      and(
        eq(payoutTransfers.bookingId, input.bookingId),
        inArray(payoutTransfers.status, ["awaiting_account", "pending", "failed"]),
      ),
    );
  await tx
    .update(payoutTransfers)
    .set({ status: "reversing", nextAttemptAt: input.now, lastError: null })
    .where(
      and(
        eq(payoutTransfers.bookingId, input.bookingId),
        inArray(payoutTransfers.status, ["on_hold", "released", "settled"]),
      ),
    );
}

/**
 * A transfer's money moved: `payout` when it left the hold for the advisor's bank,
 * `payout_returned` when a released transfer came back (the bank refused it, or it was
 * reversed). Once per provider transfer and kind, however often the provider says so.
 */
export async function recordTransferEntry(
  tx: Tx,
  transfer: typeof payoutTransfers.$inferSelect,
  kind: "payout" | "payout_returned",
  now: Date,
): Promise<void> {
  await tx
    .insert(ledgerEntries)
    .values({
      advisorId: transfer.advisorId,
      kind,
      amount: kind === "payout" ? -transfer.amount : transfer.amount,
      bookingId: transfer.bookingId,
      paymentId: transfer.paymentId,
      transferId: transfer.id,
      providerTransferId: transfer.providerTransferId,
      createdAt: now,
    })
    .onConflictDoNothing();
}
