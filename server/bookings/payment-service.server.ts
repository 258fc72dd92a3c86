import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { advisors, bookings, packagePurchases, paidQuestions, payments, users } from "../db/schema";
import type { Tx } from "../db/client.server";
import { paymentSecrets } from "../payments/create-gateway.server";
import { isValidPaymentSignature } from "../payments/signature.server";
import { busyIntervals } from "../scheduling/busy.server";
import { confirmBooking } from "./confirmation.server";
import { type BookingDeps, type Refusal, type TxDeps, violatedConstraint } from "./context.server";

/**
 * Settling a payment: the browser's verification and the provider's webhooks both end here,
 * in any order and any number of times, and a booking is confirmed at most once.
 */

export type Settlement =
  /** Confirmed now, or earlier by the same payment (a repeat changes nothing). */
  | "confirmed"
  | "already-settled"
  /**
   * Paid after the hold lapsed and the time was taken, or after either party deleted their
   * account: a full refund is queued.
   */
  | "refunded"
  | "unknown-order"
  | "amount-mismatch";

export type PaymentReport = {
  orderId: string;
  providerPaymentId: string;
  signature?: string;
  /** Paise, when the provider tells us (webhooks): a different amount confirms nothing. */
  amount?: number;
};

export async function settlePayment(deps: TxDeps, report: PaymentReport): Promise<Settlement> {
  const { tx } = deps;
  const now = deps.now();
  // Confirming and refunding have no work after the commit: nothing waits for `afterCommit`.
  const events = deps.events.within(tx, now);
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.razorpayOrderId, report.orderId))
    .for("update");
  if (!payment) return "unknown-order";
  if (report.amount !== undefined && report.amount !== payment.amount) {
    deps.logger.error(
      { orderId: report.orderId, expected: payment.amount, received: report.amount },
      "payment amount differs from the order: not confirmed",
    );
    return "amount-mismatch";
  }
  if (payment.status === "paid" || payment.status === "refunded") {
    if (payment.razorpayPaymentId !== report.providerPaymentId) {
      deps.logger.error(
        { orderId: report.orderId, paymentId: report.providerPaymentId },
        "a second payment for an order already paid: needs a manual refund",
      );
    }
    return "already-settled";
  }
  const paid = {
    status: "paid" as const,
    razorpayPaymentId: report.providerPaymentId,
    razorpaySignature: report.signature ?? payment.razorpaySignature,
  };
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.paymentId, payment.id))
    .for("update");
  if (!booking) {
    // A bought package's or a paid question's payment: its feature makes it usable (or sends
    // the question), or refunds it.
    const [sale] = await tx
      .select({ purchaseId: packagePurchases.id, questionId: paidQuestions.id })
      .from(payments)
      .leftJoin(packagePurchases, eq(packagePurchases.paymentId, payments.id))
      .leftJoin(paidQuestions, eq(paidQuestions.paymentId, payments.id))
      .where(eq(payments.id, payment.id));
    if (!sale?.purchaseId && !sale?.questionId) return "unknown-order";
    await tx.update(payments).set(paid).where(eq(payments.id, payment.id));
    if (sale.purchaseId) {
      await events.publish({
        type: "package.paid",
        purchaseId: sale.purchaseId,
        paymentId: payment.id,
      });
      const [after] = await tx
        .select({ status: packagePurchases.status })
        .from(packagePurchases)
        .where(eq(packagePurchases.id, sale.purchaseId));
      return after?.status === "active" ? "confirmed" : "refunded";
    }
    await events.publish({
      type: "question.paid",
      questionId: sale.questionId!,
      paymentId: payment.id,
    });
    const [after] = await tx
      .select({ status: paidQuestions.status })
      .from(paidQuestions)
      .where(eq(paidQuestions.id, sale.questionId!));
    return after?.status === "open" ? "confirmed" : "refunded";
  }

  await tx.update(payments).set(paid).where(eq(payments.id, payment.id));

  const holdLive =
    booking.status === "pending_payment" &&
    booking.holdExpiresAt !== null &&
    booking.holdExpiresAt > now;
  const partyDeleted = await eitherPartyDeleted(tx, booking);
  if (!partyDeleted && (holdLive || (await retakeTime(deps, booking)))) {
    await tx
      .update(bookings)
      .set({ status: "confirmed", holdExpiresAt: null })
      .where(eq(bookings.id, booking.id));
    await confirmBooking(tx, events, deps.config, booking.id);
    return "confirmed";
  }
  // Money is never kept without a session.
  if (booking.status === "pending_payment") {
    await tx.update(bookings).set({ status: "expired" }).where(eq(bookings.id, booking.id));
    await events.publish({ type: "booking.released", bookingId: booking.id });
  }
  await events.publish({
    type: "refund.requested",
    bookingId: booking.id,
    paymentId: payment.id,
    amount: payment.amount,
    reason: partyDeleted
      ? "Paid after an account in the booking was deleted."
      : "Paid after the payment hold lapsed; the time had been booked by someone else.",
  });
  deps.logger.warn(
    { bookingId: booking.id, partyDeleted },
    "payment for a session that cannot take place: refund queued",
  );
  return "refunded";
}

/** A deleted account's sessions never start again (ADR 91), whoever's payment arrives late. */
async function eitherPartyDeleted(
  tx: Tx,
  booking: Pick<typeof bookings.$inferSelect, "userId" | "advisorId">,
): Promise<boolean> {
  const advisorsPerson = tx
    .select({ userId: advisors.userId })
    .from(advisors)
    .where(eq(advisors.id, booking.advisorId));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        isNotNull(users.deletedAt),
        or(eq(users.id, booking.userId), inArray(users.id, advisorsPerson)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/**
 * A payment that arrives after its hold lapsed (or was released) confirms the booking if the
 * time is still free and still ahead; the exclusion constraints decide races, in a savepoint
 * so a conflict leaves the outer transaction usable.
 */
async function retakeTime(deps: TxDeps, booking: typeof bookings.$inferSelect): Promise<boolean> {
  const now = deps.now();
  if (!["pending_payment", "expired"].includes(booking.status)) return false;
  if (booking.datetime <= now) return false;
  const busy = await busyIntervals(
    deps.tx,
    booking.advisorId,
    { from: booking.datetime, to: booking.endsAt },
    now,
  );
  if (busy.length > 0) return false;
  try {
    await deps.tx.transaction(async (savepoint) => {
      await savepoint
        .update(bookings)
        .set({ status: "confirmed", holdExpiresAt: null })
        .where(eq(bookings.id, booking.id));
    });
    return true;
  } catch (error) {
    if (violatedConstraint(error).code === "23P01") return false;
    throw error;
  }
}

export type VerifyResult =
  | { ok: true; paymentId: string; settlement: "confirmed" | "already-settled" | "refunded" }
  | Refusal;

/**
 * The browser's word that checkout succeeded. The signature is checked against the order id
 * stored for this seeker's payment, never one the browser chose; someone else's order looks
 * like no order at all.
 */
export async function verifyPayment(
  deps: BookingDeps,
  userId: string,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<VerifyResult> {
  const refused: Refusal = { ok: false, status: 400, message: M.verificationFailed };
  const [payment] = await deps.db
    .select({ id: payments.id, orderId: payments.razorpayOrderId })
    .from(payments)
    .where(and(eq(payments.razorpayOrderId, input.razorpay_order_id), eq(payments.userId, userId)));
  if (!payment?.orderId) return { ...refused, status: 404 };
  const { keySecret } = paymentSecrets(deps.config);
  if (
    !isValidPaymentSignature(
      keySecret,
      payment.orderId,
      input.razorpay_payment_id,
      input.razorpay_signature,
    )
  ) {
    deps.logger.warn({ paymentId: payment.id }, "payment signature did not verify");
    return refused;
  }
  const settlement = await deps.db.transaction((tx) =>
    settlePayment(
      { ...deps, tx },
      {
        orderId: payment.orderId!,
        providerPaymentId: input.razorpay_payment_id,
        signature: input.razorpay_signature,
      },
    ),
  );
  if (settlement === "unknown-order" || settlement === "amount-mismatch") return refused;
  return { ok: true, paymentId: payment.id, settlement };
}

/**
 * The checkout was closed, or the payment failed: the hold is released at once so the time
 * is offered again. A payment that still arrives later is settled like any late payment.
 */
export async function releaseHold(
  deps: TxDeps,
  where: { paymentId: string; userId?: string },
  failed: boolean,
): Promise<boolean> {
  const { tx } = deps;
  const [payment] = await tx
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(
      and(
        eq(payments.id, where.paymentId),
        where.userId ? eq(payments.userId, where.userId) : undefined,
      ),
    )
    .for("update");
  if (!payment) return false;
  if (failed && payment.status === "created") {
    await tx.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
  }
  const released = await tx
    .update(bookings)
    .set({ status: "expired" })
    .where(and(eq(bookings.paymentId, payment.id), eq(bookings.status, "pending_payment")))
    .returning({ id: bookings.id });
  const events = deps.events.within(tx, deps.now());
  for (const { id } of released) await events.publish({ type: "booking.released", bookingId: id });
  return true;
}

/** Seeker-facing: dismiss (failed = false) or a reported failure (failed = true). */
export async function abandonCheckout(
  deps: BookingDeps,
  userId: string,
  paymentId: string,
  failed: boolean,
): Promise<boolean> {
  return deps.db.transaction((tx) => releaseHold({ ...deps, tx }, { paymentId, userId }, failed));
}

/** Payment rows of an order, for the webhook's failure event. */
export async function paymentIdForOrder(deps: TxDeps, orderId: string) {
  const [row] = await deps.tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.razorpayOrderId, orderId), inArray(payments.status, ["created", "failed"])),
    );
  return row?.id ?? null;
}
