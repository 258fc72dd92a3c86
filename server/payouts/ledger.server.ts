import { and, eq, inArray, sql } from "drizzle-orm";
import { splitFee } from "../../core/ledger";
import { nthSessionFee } from "../../core/packages";
import type { Config } from "../config.server";
import { queryRows, type Tx } from "../db/client.server";
import {
  bookings,
  ledgerEntries,
  packagePurchases,
  paidQuestions,
  payments,
  payoutAccounts,
  payoutTransfers,
} from "../db/schema";
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
      // A package's session is credited once used: held, or cancelled too late to go back.
      "booking.completed": (tx, { bookingId }, { now }) =>
        creditPackageSession(tx, {
          bookingId,
          commissionPercent: config.payouts.commissionPercent,
          now,
        }),
      "booking.cancelled": (tx, { bookingId }, { now }) =>
        creditPackageSession(tx, {
          bookingId,
          commissionPercent: config.payouts.commissionPercent,
          now,
        }),
      "question.answered": (tx, { questionId }, { now }) =>
        creditQuestion(tx, {
          questionId,
          commissionPercent: config.payouts.commissionPercent,
          now,
        }),
      "package.session.returned": (tx, { bookingId }, { now }) =>
        debitRefund(tx, { bookingId, refundId: null, now }),
      // A package's refund is of sessions never used, so never credited: nothing to take back.
      "refund.queued": async (tx, { bookingId, refundId }, { now }) => {
        if (bookingId) await debitRefund(tx, { bookingId, refundId, now });
      },
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
  await writeCredit(tx, {
    advisorId: row.advisorId,
    subject: { bookingId: input.bookingId },
    paymentId: row.paymentId,
    fee: row.fee,
    commissionPercent: input.commissionPercent,
    accountStatus: row.accountStatus,
    now: input.now,
  });
}

/**
 * A session's (or an answered question's) credit and its transfer (held until the session is
 * done, or from the answer), once per booking or question.
 */
async function writeCredit(
  tx: Tx,
  input: {
    advisorId: string;
    subject: { bookingId: string } | { questionId: string };
    paymentId: string;
    fee: number;
    commissionPercent: number;
    accountStatus: string | null;
    now: Date;
  },
): Promise<void> {
  const { commission, share } = splitFee(input.fee, input.commissionPercent);
  const [credited] = await tx
    .insert(ledgerEntries)
    .values({
      advisorId: input.advisorId,
      kind: "session_credit",
      amount: share,
      ...input.subject,
      paymentId: input.paymentId,
      feeAmount: input.fee,
      commissionPercent: input.commissionPercent,
      commissionAmount: commission,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (!credited || share === 0) return;
  await tx.insert(payoutTransfers).values({
    advisorId: input.advisorId,
    ...input.subject,
    paymentId: input.paymentId,
    amount: share,
    status: input.accountStatus === "activated" ? "pending" : "awaiting_account",
    nextAttemptAt: input.now,
  });
}

/**
 * A paid question was answered: the advisor is credited with its fee less the commission, as
 * for a session, and its transfer is held from the answer (ADR 98).
 */
export async function creditQuestion(
  tx: Tx,
  input: { questionId: string; commissionPercent: number; now: Date },
): Promise<void> {
  const [row] = await tx
    .select({
      advisorId: paidQuestions.advisorId,
      paymentId: payments.id,
      fee: payments.feeAmount,
      accountStatus: payoutAccounts.status,
    })
    .from(paidQuestions)
    .innerJoin(payments, eq(payments.id, paidQuestions.paymentId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, paidQuestions.advisorId))
    .where(and(eq(paidQuestions.id, input.questionId), eq(paidQuestions.status, "answered")));
  if (!row || row.fee <= 0) return;
  await writeCredit(tx, {
    advisorId: row.advisorId,
    subject: { questionId: input.questionId },
    paymentId: row.paymentId,
    fee: row.fee,
    commissionPercent: input.commissionPercent,
    accountStatus: row.accountStatus,
    now: input.now,
  });
}

/**
 * A package's session was used (held, or cancelled too late to go back to the package): credit
 * the advisor with the next share of the package's fee, the remainder on its last session, so
 * the shares add up to the fee exactly, less the commission at today's rate. The package's
 * payment is locked, so two sessions ending at once take different shares.
 */
export async function creditPackageSession(
  tx: Tx,
  input: { bookingId: string; commissionPercent: number; now: Date },
): Promise<void> {
  const [row] = await tx
    .select({
      advisorId: bookings.advisorId,
      status: bookings.status,
      returned: bookings.packageSessionReturned,
      sessions: packagePurchases.sessions,
      paymentId: packagePurchases.paymentId,
      accountStatus: payoutAccounts.status,
    })
    .from(bookings)
    .innerJoin(packagePurchases, eq(packagePurchases.id, bookings.packagePurchaseId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, bookings.advisorId))
    .where(eq(bookings.id, input.bookingId));
  if (!row || row.returned || !["completed", "cancelled"].includes(row.status)) return;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, row.paymentId))
    .for("update");
  if (!payment) return;
  // The package's credits so far: this session's own (none yet, or it is a repeat), and those
  // not taken back, which decide the share this one gets. (Named in full: a bare column name
  // inside the subquery would be its own table's.)
  const [credited] = await queryRows<{ n: number; used: number }>(
    tx,
    sql`select count(*) filter (where c.booking_id = ${input.bookingId})::int as n,
          count(*) filter (where not exists (select 1 from ledger_entries d
            where d.booking_id = c.booking_id and d.kind = 'refund_debit'))::int as used
        from ledger_entries c
        where c.payment_id = ${row.paymentId} and c.kind = 'session_credit'`,
  );
  // Credited already (a session given back and used again is a new booking).
  if ((credited?.n ?? 0) > 0 || (credited?.used ?? 0) >= row.sessions) return;
  const price = {
    feePaise: payment.feeAmount,
    gstPaise: payment.gstAmount,
    totalPaise: payment.amount,
  };
  const fee = nthSessionFee(price, row.sessions, (credited?.used ?? 0) + 1);
  await writeCredit(tx, {
    advisorId: row.advisorId,
    subject: { bookingId: input.bookingId },
    paymentId: row.paymentId,
    fee,
    commissionPercent: input.commissionPercent,
    accountStatus: row.accountStatus,
    now: input.now,
  });
}

/**
 * A booking's payment is being refunded: take back everything its credit gave. A transfer
 * that never reached the provider is cancelled; one that did is reversed by the payout job.
 */
export async function debitRefund(
  tx: Tx,
  /** Null: a package's session given back to the package, with no money refunded. */
  input: { bookingId: string; refundId: string | null; now: Date },
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
      questionId: transfer.questionId,
      paymentId: transfer.paymentId,
      transferId: transfer.id,
      providerTransferId: transfer.providerTransferId,
      createdAt: now,
    })
    .onConflictDoNothing();
}
