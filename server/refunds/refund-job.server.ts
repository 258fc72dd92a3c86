import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { formatInr } from "../../core/format";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import { retryDelayMs } from "../../core/retry";
import type { Config } from "../config.server";
import { type Db, inOrderOf, type Tx } from "../db/client.server";
import { payments, refunds, users } from "../db/schema";
import type { Logger } from "../logger.server";
import { queueEmail } from "../mail/mailer.server";
import type { PaymentGateway } from "../payments/gateway.server";

/** How long a claimed refund is reserved for the instance that claimed it. */
const LEASE_MS = 5 * 60_000;

/**
 * Sends due refunds to the payment provider. Due: pending and not yet accepted by the
 * provider, or failed (a `refund.failed` event), once `next_attempt_at` has come. Each run
 * first claims its rows (`FOR UPDATE SKIP LOCKED`, then a lease in `next_attempt_at`), so
 * several app instances never send one refund twice at once. A provider error keeps the
 * refund pending and schedules the next try; the cancellation it belongs to stands. Once
 * `signal` aborts (shutdown), the refund being sent finishes and the rest of the claim is
 * handed back untried: due again, its attempt not counted.
 */
export async function processRefunds(
  db: Db,
  deps: {
    gateway: PaymentGateway;
    config: Config;
    logger: Logger;
    now: () => Date;
    signal?: AbortSignal;
  },
): Promise<{ sent: number; failed: number }> {
  const now = deps.now();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          or(
            and(eq(refunds.status, "pending"), isNull(refunds.razorpayRefundId)),
            eq(refunds.status, "failed"),
          ),
          lte(refunds.nextAttemptAt, now),
        ),
      )
      // Longest due first, then the oldest: a total order, so a run's batch and its order
      // are defined.
      .orderBy(refunds.nextAttemptAt, refunds.createdAt, refunds.id)
      .limit(20)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const leased = await tx
      .update(refunds)
      .set({
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${refunds.attempts} + 1`,
      })
      .where(
        inArray(
          refunds.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
    return inOrderOf(
      due.map((r) => r.id),
      leased,
      (r) => r.id,
    );
  });

  let sent = 0;
  let failed = 0;
  for (const [index, refund] of claimed.entries()) {
    if (deps.signal?.aborted) {
      await releaseClaims(db, claimed.slice(index), now);
      break;
    }
    // A batch can outlast its lease (a slow provider): then another run may have taken the
    // refund, and only the run whose lease is still in the row sends it.
    if (!(await renewLease(db, refund, deps.now()))) continue;
    const [payment] = await db
      .select({
        providerPaymentId: payments.razorpayPaymentId,
        userId: payments.userId,
        amount: payments.amount,
      })
      .from(payments)
      .where(eq(payments.id, refund.paymentId));
    try {
      if (!payment?.providerPaymentId) throw new Error("payment has no provider payment id");
      const result = await deps.gateway.refund({
        providerPaymentId: payment.providerPaymentId,
        amountPaise: refund.amount,
        notes: refundNotes(refund),
      });
      await db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({
            razorpayRefundId: result.refundId,
            status: result.status === "failed" ? "failed" : result.status,
            lastError: result.status === "failed" ? "refused by the provider" : null,
            processedAt: result.status === "processed" ? now : null,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(refund.attempts)),
          })
          .where(eq(refunds.id, refund.id));
        // A package's refund of its unused sessions leaves the payment paid for the rest.
        if (result.status === "processed" && refund.amount === payment.amount)
          await tx
            .update(payments)
            .set({ status: "refunded" })
            .where(eq(payments.id, refund.paymentId));
        if (result.status !== "failed") {
          const [seeker] = await tx
            .select({ email: users.email, firstName: users.firstName })
            .from(users)
            .where(eq(users.id, payment.userId));
          if (seeker)
            await queueEmail(tx, {
              to: seeker.email,
              name: "refund.sent",
              subject: "Your BeenThere refund is on its way",
              heading: "Your refund is on its way",
              paragraphs: [
                `Hi ${seeker.firstName}, we have refunded ${formatInr(refund.amount / 100)} ${refund.bookingId ? "for your cancelled session" : refund.questionId ? "for your unanswered question" : "for the unused sessions of your package"}.`,
                SESSION_MESSAGES.refundNotice,
              ],
              action: { label: "Go to Dashboard", url: `${deps.config.appUrl}/dashboard` },
            });
        }
      });
      if (result.status === "failed") failed++;
      else sent++;
    } catch (error) {
      failed++;
      await db
        .update(refunds)
        .set({
          lastError: String(error),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(refund.attempts)),
        })
        .where(eq(refunds.id, refund.id));
      deps.logger.error({ err: error, refundId: refund.id }, "refund attempt failed; will retry");
    }
  }
  return { sent, failed };
}

async function renewLease(db: Db, refund: { id: string; nextAttemptAt: Date }, now: Date) {
  const renewed = await db
    .update(refunds)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(refunds.id, refund.id), eq(refunds.nextAttemptAt, refund.nextAttemptAt)))
    .returning({ nextAttemptAt: refunds.nextAttemptAt });
  if (renewed.length === 0) return false;
  refund.nextAttemptAt = renewed[0]!.nextAttemptAt;
  return true;
}

/** Hands back claimed refunds not yet tried, unless their lease ran out and another run took them. */
async function releaseClaims(db: Db, untried: { id: string; nextAttemptAt: Date }[], now: Date) {
  for (const refund of untried) {
    await db
      .update(refunds)
      .set({ nextAttemptAt: now, attempts: sql`${refunds.attempts} - 1` })
      .where(and(eq(refunds.id, refund.id), eq(refunds.nextAttemptAt, refund.nextAttemptAt)));
  }
}

export type RefundEvent = {
  event: "refund.processed" | "refund.failed";
  /** The provider's refund id (Razorpay `payload.refund.entity.id`). */
  refundId: string;
};

/**
 * Applies a provider's refund webhook. `processed` settles the refund and marks the payment
 * refunded; `failed` makes the refund job try again. Unknown ids and repeats change nothing.
 */
export async function applyRefundEvent(
  db: Db | Tx,
  event: RefundEvent,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.razorpayRefundId, event.refundId))
      .for("update");
    if (!refund || refund.status === "processed") return false;
    if (event.event === "refund.processed") {
      await tx
        .update(refunds)
        .set({ status: "processed", lastError: null, processedAt: now })
        .where(eq(refunds.id, refund.id));
      await tx
        .update(payments)
        .set({ status: "refunded" })
        .where(eq(payments.id, refund.paymentId));
    } else {
      await tx
        .update(refunds)
        .set({ status: "failed", lastError: "refund.failed", nextAttemptAt: now })
        .where(eq(refunds.id, refund.id));
    }
    return true;
  });
}

/** What the provider's refund is for, in its notes. */
function refundNotes(refund: typeof refunds.$inferSelect): Record<string, string> {
  if (refund.bookingId) return { booking_id: refund.bookingId, refund_id: refund.id };
  if (refund.questionId) return { question_id: refund.questionId, refund_id: refund.id };
  return { package_purchase_id: refund.packagePurchaseId!, refund_id: refund.id };
}
