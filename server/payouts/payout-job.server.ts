import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { holdPassedFor, releaseAt } from "../../core/ledger";
import { loadOwnBankDetails } from "../repositories/bank-details.server";
import type { BankCipher } from "../security/bank-cipher.server";
import { type Db, inOrderOf, type Tx } from "../db/client.server";
import {
  advisors,
  bookings,
  paidQuestions,
  payments,
  payoutAccounts,
  payoutTransfers,
  users,
} from "../db/schema";
import type { Logger } from "../logger.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { retryDelayMs } from "../../core/retry";
import { recordTransferEntry } from "./ledger.server";

/*
 * The payout job (ADR 74): brings advisors' linked accounts up to date with their bank
 * details, sends each session's share as a held transfer, releases it once the session is
 * over and the holding period has passed, and reverses it when the session was refunded.
 * Work is claimed with a lease (`next_attempt_at`) under `SKIP LOCKED`, as the refund job
 * does, so several instances never send one transfer twice. A held transfer's
 * `next_attempt_at` is its release (ADR 80), so the due scan reads what is due, not every
 * session still ahead (a rescheduled session's transfer is looked at from its new end on).
 */

const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export type PayoutDeps = {
  gateway: PaymentGateway;
  cipher: BankCipher;
  holdDays: number;
  logger: Logger;
  now: () => Date;
  signal?: AbortSignal;
};

type Transfer = typeof payoutTransfers.$inferSelect;

export async function processPayouts(db: Db, deps: PayoutDeps) {
  const accounts = await syncAccounts(db, deps);
  const transfers = await moveTransfers(db, deps);
  return { accounts, ...transfers };
}

/** The provider refused (a 4xx): trying again unchanged would not help. */
function isRefusal(error: unknown): boolean {
  const status = (error as { cause?: { statusCode?: number } })?.cause?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS);

async function syncAccounts(db: Db, deps: PayoutDeps): Promise<number> {
  const now = deps.now();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ advisorId: payoutAccounts.advisorId })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.needsSync, true), lte(payoutAccounts.nextAttemptAt, now)))
      // Longest due first, in a total order (a run's batch and its order are defined).
      .orderBy(payoutAccounts.nextAttemptAt, payoutAccounts.createdAt, payoutAccounts.advisorId)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const leased = await tx
      .update(payoutAccounts)
      .set({ nextAttemptAt: leaseEnd(now), attempts: sql`${payoutAccounts.attempts} + 1` })
      .where(
        inArray(
          payoutAccounts.advisorId,
          due.map((d) => d.advisorId),
        ),
      )
      .returning();
    return inOrderOf(
      due.map((d) => d.advisorId),
      leased,
      (a) => a.advisorId,
    );
  });
  let synced = 0;
  for (const account of claimed) {
    if (deps.signal?.aborted) break;
    const [person] = await db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: advisors.phone,
      })
      .from(advisors)
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(eq(advisors.id, account.advisorId));
    const bank = await loadOwnBankDetails(db, deps.cipher, account.advisorId);
    if (!person || !bank) continue;
    try {
      const answer = await deps.gateway.upsertLinkedAccount({
        account: account.providerAccountId
          ? { accountId: account.providerAccountId, productId: account.providerProductId }
          : null,
        advisorId: account.advisorId,
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        phone: person.phone,
        bank: {
          accountNumber: bank.bankAccountNumber,
          ifsc: bank.bankIfscCode,
          holderName: bank.bankAccountHolderName,
        },
      });
      await db.transaction(async (tx) => {
        await tx
          .update(payoutAccounts)
          .set({
            providerAccountId: answer.accountId,
            providerProductId: answer.productId,
            status: answer.status,
            lastError: answer.reason ?? null,
            // Saved again while we were sending: the newer details go on the next run.
            needsSync: sql`${payoutAccounts.nextAttemptAt} <> ${account.nextAttemptAt.toISOString()}::timestamptz`,
            attempts: 0,
          })
          .where(eq(payoutAccounts.advisorId, account.advisorId));
        if (answer.status === "activated") await activateTransfers(tx, account.advisorId, now);
      });
      synced++;
    } catch (error) {
      const refused = isRefusal(error);
      const made = (error as { account?: { accountId: string; productId: string | null } })
        ?.account;
      await db
        .update(payoutAccounts)
        .set({
          ...(made ? { providerAccountId: made.accountId, providerProductId: made.productId } : {}),
          lastError: String(error instanceof Error ? error.message : error),
          ...(refused
            ? { status: "needs_clarification" as const, needsSync: false }
            : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(account.attempts)) }),
        })
        .where(eq(payoutAccounts.advisorId, account.advisorId));
      deps.logger.error({ err: error, advisorId: account.advisorId }, "linked account not synced");
    }
  }
  return synced;
}

/** What waited for an account is sent now. */
export async function activateTransfers(tx: Tx, advisorId: string, now: Date) {
  await tx
    .update(payoutTransfers)
    .set({ status: "pending", nextAttemptAt: now })
    .where(
      and(eq(payoutTransfers.advisorId, advisorId), eq(payoutTransfers.status, "awaiting_account")),
    );
}

async function moveTransfers(db: Db, deps: PayoutDeps) {
  const now = deps.now();
  // A held transfer is due once its session is over and the holding period has passed.
  const maturedBy = holdPassedFor(now, deps.holdDays);
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payoutTransfers.id })
      .from(payoutTransfers)
      .leftJoin(bookings, eq(bookings.id, payoutTransfers.bookingId))
      .leftJoin(paidQuestions, eq(paidQuestions.id, payoutTransfers.questionId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, payoutTransfers.advisorId))
      .where(
        and(
          // Open transfers only, read by payout_transfers_open_idx (which holds just these) in
          // its order up to the batch: the scan never reads the released history.
          inArray(payoutTransfers.status, ["pending", "on_hold", "reversing"]),
          lte(payoutTransfers.nextAttemptAt, now),
          or(
            and(eq(payoutTransfers.status, "pending"), eq(payoutAccounts.status, "activated")),
            and(
              eq(payoutTransfers.status, "on_hold"),
              inArray(bookings.status, ["completed", "cancelled"]),
              lte(bookings.endsAt, maturedBy),
            ),
            // A paid question's share matures from its answer (ADR 98).
            and(
              eq(payoutTransfers.status, "on_hold"),
              eq(paidQuestions.status, "answered"),
              lte(paidQuestions.answeredAt, maturedBy),
            ),
            eq(payoutTransfers.status, "reversing"),
          ),
        ),
      )
      // Longest due first; among those due at once (an account's transfers activated
      // together), the oldest: a total order, so a run's batch and its order are defined.
      .orderBy(payoutTransfers.nextAttemptAt, payoutTransfers.createdAt, payoutTransfers.id)
      .limit(BATCH)
      .for("update", { of: payoutTransfers, skipLocked: true });
    if (due.length === 0) return [];
    const leased = await tx
      .update(payoutTransfers)
      .set({ nextAttemptAt: leaseEnd(now), attempts: sql`${payoutTransfers.attempts} + 1` })
      .where(
        inArray(
          payoutTransfers.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return inOrderOf(
      due.map((d) => d.id),
      leased,
      (t) => t.id,
    );
  });

  const done = { sent: 0, released: 0, reversed: 0, failed: 0 };
  for (const transfer of claimed) {
    if (deps.signal?.aborted) {
      await db
        .update(payoutTransfers)
        .set({ nextAttemptAt: now, attempts: sql`${payoutTransfers.attempts} - 1` })
        .where(
          and(
            eq(payoutTransfers.id, transfer.id),
            eq(payoutTransfers.nextAttemptAt, transfer.nextAttemptAt),
          ),
        );
      continue;
    }
    try {
      if (transfer.status === "pending") {
        await sendTransfer(db, deps, transfer);
        done.sent++;
      } else if (transfer.status === "on_hold") {
        await releaseTransfer(db, deps, transfer);
        done.released++;
      } else {
        await reverseTransfer(db, deps, transfer);
        done.reversed++;
      }
    } catch (error) {
      done.failed++;
      const refused = isRefusal(error);
      const message = String(error instanceof Error ? error.message : error);
      await db
        .update(payoutTransfers)
        .set(
          refused && transfer.status === "pending"
            ? { status: "failed", lastError: message }
            : {
                lastError: message,
                nextAttemptAt: new Date(now.getTime() + retryDelayMs(transfer.attempts)),
              },
        )
        .where(eq(payoutTransfers.id, transfer.id));
      deps.logger.error({ err: error, transferId: transfer.id }, "payout step failed");
    }
  }
  return done;
}

async function sendTransfer(db: Db, deps: PayoutDeps, transfer: Transfer) {
  const now = deps.now();
  const [source] = await db
    .select({
      providerPaymentId: payments.razorpayPaymentId,
      accountId: payoutAccounts.providerAccountId,
      // What the hold runs from: the session's end, or the question's answer.
      deliveredAt: sql<Date>`coalesce(${bookings.endsAt}, ${paidQuestions.answeredAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(payoutTransfers)
    .innerJoin(payments, eq(payments.id, payoutTransfers.paymentId))
    .innerJoin(payoutAccounts, eq(payoutAccounts.advisorId, payoutTransfers.advisorId))
    .leftJoin(bookings, eq(bookings.id, payoutTransfers.bookingId))
    .leftJoin(paidQuestions, eq(paidQuestions.id, payoutTransfers.questionId))
    .where(eq(payoutTransfers.id, transfer.id));
  if (!source?.providerPaymentId || !source.accountId) {
    throw new Error("payment or linked account missing for the transfer");
  }
  const { transferId } = await deps.gateway.createTransfer({
    providerPaymentId: source.providerPaymentId,
    accountId: source.accountId,
    amountPaise: transfer.amount,
    notes: transfer.bookingId
      ? { booking_id: transfer.bookingId, transfer_id: transfer.id }
      : { question_id: transfer.questionId!, transfer_id: transfer.id },
  });
  await db.transaction(async (tx) => {
    const [held] = await tx
      .update(payoutTransfers)
      .set({ status: "on_hold", providerTransferId: transferId, lastError: null })
      .where(and(eq(payoutTransfers.id, transfer.id), eq(payoutTransfers.status, "pending")))
      .returning({ id: payoutTransfers.id });
    if (held) {
      // Next looked at when it may be released (at once, if the session is long over).
      await tx
        .update(payoutTransfers)
        .set({ attempts: 0, nextAttemptAt: releaseAt(source.deliveredAt, deps.holdDays) })
        .where(eq(payoutTransfers.id, transfer.id));
      return;
    }
    // Refunded while we were sending: the transfer just made must be taken back.
    await tx
      .update(payoutTransfers)
      .set({ status: "reversing", providerTransferId: transferId, nextAttemptAt: now })
      .where(and(eq(payoutTransfers.id, transfer.id), eq(payoutTransfers.status, "cancelled")));
  });
}

async function releaseTransfer(db: Db, deps: PayoutDeps, transfer: Transfer) {
  const now = deps.now();
  await deps.gateway.releaseTransfer(transfer.providerTransferId!);
  await db.transaction(async (tx) => {
    // Normally on hold still; if a refund turned it to reversing meanwhile, the money has
    // left all the same, and the reversal will return it.
    const [released] = await tx
      .update(payoutTransfers)
      .set({
        status: sql`case when ${payoutTransfers.status} = 'on_hold' then 'released' else ${payoutTransfers.status} end`,
        releasedAt: now,
        lastError: null,
        attempts: 0,
        nextAttemptAt: now,
      })
      .where(eq(payoutTransfers.id, transfer.id))
      .returning();
    await recordTransferEntry(tx, released!, "payout", now);
  });
}

async function reverseTransfer(db: Db, deps: PayoutDeps, transfer: Transfer) {
  const now = deps.now();
  if (transfer.providerTransferId) {
    await deps.gateway.reverseTransfer(transfer.providerTransferId, transfer.amount);
  }
  await db.transaction(async (tx) => {
    const [reversed] = await tx
      .update(payoutTransfers)
      .set({ status: transfer.providerTransferId ? "reversed" : "cancelled", lastError: null })
      .where(eq(payoutTransfers.id, transfer.id))
      .returning();
    if (reversed?.releasedAt) await recordTransferEntry(tx, reversed, "payout_returned", now);
  });
}
