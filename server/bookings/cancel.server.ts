import { and, asc, eq, gt, or } from "drizzle-orm";
import {
  type CancelledByRole,
  FULL_REFUND_HOURS,
  MODIFY_CUTOFF_HOURS,
  refundPaise,
} from "../../core/sessions";
import type { Config } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import { bookings, payments } from "../db/schema";
import type { BookingEvents, EventScope, Subscriber } from "../events/booking-events.server";
import type { Actor } from "./actor";
import { checkModifiable, type ModifyFailure } from "./modify-check";
import { loadSession, type SessionRecord } from "../repositories/booking-parties.server";
import { partOf } from "./session-record.server";

export type CancelResult =
  /** warning: the session is cancelled but its Google Calendar event could not be. */
  { ok: true; refundPaise: number; warning?: string } | ModifyFailure;

/**
 * Cancels a confirmed session with the caller's reason, in one transaction: the status (which
 * frees the advisor's time at once) and `booking.cancelled` with the refund owed under the
 * refund rule, then `refund.requested` when money goes back. Their subscribers write the
 * refund, the ledger's debit, the e-mails with a calendar CANCEL and the audit line in the same
 * transaction; the refund job sends the money later, so a provider outage or a crash right
 * after the commit loses nothing. A second cancel finds the session no longer confirmed and
 * changes nothing. The booking's Google Calendar event (if any) is cancelled after the commit.
 */
export async function cancelSession(
  db: Db,
  input: {
    actor: Actor;
    bookingId: string;
    reason: string;
    now: Date;
    config: Config;
    events: BookingEvents;
  },
): Promise<CancelResult> {
  const { actor, bookingId, reason, now, config } = input;
  const result = await db.transaction(async (tx) => {
    const events = input.events.within(tx, now);
    const record = await loadSession(tx, bookingId, true);
    const refused = checkModifiable(record, actor, "cancel", now, config.supportEmail);
    if (refused || !record) return refused!;
    const by = partOf(record, actor)!;
    const refund = await cancelWithin(tx, events, {
      record,
      by,
      actorUserId: actor.userId,
      reason,
      now,
    });
    return { ok: true as const, refundPaise: refund, events };
  });
  if (!result.ok) return result;
  return { ok: true, refundPaise: result.refundPaise, ...(await result.events.afterCommit()) };
}

/**
 * The cancel itself, in the caller's transaction once it has decided the session may be
 * cancelled: the status, `booking.cancelled` with the refund owed under the refund rule for
 * `by`, then `refund.requested` when money goes back. Returns the refund in paise.
 */
async function cancelWithin(
  tx: Tx,
  events: Pick<EventScope, "publish">,
  input: {
    record: SessionRecord;
    by: CancelledByRole;
    actorUserId: string;
    reason: string;
    now: Date;
  },
): Promise<number> {
  const { record, by, actorUserId, reason, now } = input;
  const bookingId = record.booking.id;
  // A package's session goes back to the package where a paid one would be refunded; a late
  // cancel by the seeker uses it up (the advisor is credited for it, as for a paid session).
  const returned =
    record.booking.packagePurchaseId !== null &&
    refundPaise({ paidPaise: 1, start: record.booking.datetime, cancelledAt: now, by }) > 0;
  await tx
    .update(bookings)
    .set({
      status: "cancelled",
      packageSessionReturned: returned,
      cancellationReason: reason,
      cancelledBy: actorUserId,
      cancelledAt: now,
      calendarSequence: record.booking.calendarSequence + 1,
      updatedAt: now,
    })
    .where(eq(bookings.id, bookingId));
  let refund = 0;
  const paymentId = record.booking.paymentId;
  if (paymentId) {
    const [payment] = await tx
      .select({ amount: payments.amount, status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (payment?.status === "paid") {
      refund = refundPaise({
        paidPaise: payment.amount,
        start: record.booking.datetime,
        cancelledAt: now,
        by,
      });
    }
  }
  await events.publish({
    type: "booking.cancelled",
    bookingId,
    actor: { userId: actorUserId, role: by },
    reason,
    refundPaise: refund,
  });
  if (refund > 0 && paymentId) {
    const why =
      by === "seeker"
        ? `Cancelled ${FULL_REFUND_HOURS} hours or more before the start`
        : `Cancelled by the ${by}`;
    await events.publish({
      type: "refund.requested",
      bookingId,
      paymentId,
      amount: refund,
      reason: why,
    });
  }
  return refund;
}

/**
 * Every upcoming confirmed session of a person whose account is being deleted (ADR 91), in the
 * deletion's transaction: as seeker and as advisor, whatever the 12-hour cutoff (they will not
 * come), each under the refund rule of the side that cancels: the person's own (a seeker's
 * late cancel refunds nothing, an advisor's refunds in full), or an admin's when an admin
 * deletes on request. Both parties get the usual cancellation e-mails. `afterCommit` carries
 * the calendar work out after the commit.
 */
export async function cancelUpcomingSessionsOf(
  tx: Tx,
  bookingEvents: BookingEvents,
  input: {
    userId: string;
    advisorId: string | null;
    /** Who deletes: the person themself, or an admin on their request. */
    actorUserId: string;
    byAdmin: boolean;
    reason: string;
    now: Date;
  },
): Promise<{ cancelled: number; refundedPaise: number; afterCommit: () => Promise<unknown> }> {
  const { userId, advisorId, actorUserId, byAdmin, reason, now } = input;
  const events = bookingEvents.within(tx, now);
  // Their sessions as a seeker and, for an advisor, as the advisor.
  const theirs = advisorId
    ? or(eq(bookings.userId, userId), eq(bookings.advisorId, advisorId))
    : eq(bookings.userId, userId);
  const due = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, "confirmed"), gt(bookings.datetime, now), theirs))
    .orderBy(asc(bookings.datetime))
    .for("update");
  // Holds still waiting for payment, theirs or others' on their time, end at once; a payment
  // that still arrives is refunded (settlePayment).
  const released = await tx
    .update(bookings)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(bookings.status, "pending_payment"), theirs))
    .returning({ id: bookings.id });
  for (const { id } of released) await events.publish({ type: "booking.released", bookingId: id });
  let refundedPaise = 0;
  for (const { id } of due) {
    const record = await loadSession(tx, id, true);
    if (!record) continue;
    const by: CancelledByRole = byAdmin
      ? "admin"
      : record.booking.userId === userId
        ? "seeker"
        : "advisor";
    refundedPaise += await cancelWithin(tx, events, { record, by, actorUserId, reason, now });
  }
  return { cancelled: due.length, refundedPaise, afterCommit: () => events.afterCommit() };
}

/**
 * A package is ending (ADR 97): its sessions booked more than the change cutoff ahead are
 * cancelled under the rule of the side that ends it (the seeker's: 24 hours or more ahead they
 * go back to the package and are refunded with the rest, later ones are used; the advisor's or
 * an admin's: all go back). Sessions starting sooner still take place.
 */
export const packageSessionsEnding: Subscriber = {
  name: "package-sessions",
  on: {
    "package.ending": async (tx, { purchaseId, by, actorUserId, reason }, { now, publish }) => {
      const due = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.packagePurchaseId, purchaseId),
            eq(bookings.status, "confirmed"),
            gt(bookings.datetime, new Date(now.getTime() + MODIFY_CUTOFF_HOURS * 3_600_000)),
          ),
        )
        .orderBy(asc(bookings.datetime))
        .for("update");
      for (const { id } of due) {
        const record = await loadSession(tx, id, true);
        if (record) await cancelWithin(tx, { publish }, { record, by, actorUserId, reason, now });
      }
    },
  },
};
