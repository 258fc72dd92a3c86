import { eq } from "drizzle-orm";
import { FULL_REFUND_HOURS, refundPaise } from "../../core/sessions";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { bookings, payments } from "../db/schema";
import type { BookingEvents } from "../events/booking-events.server";
import type { Actor } from "./actor";
import { checkModifiable, type ModifyFailure } from "./modify-check";
import { loadSession } from "../repositories/booking-parties.server";
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
    await tx
      .update(bookings)
      .set({
        status: "cancelled",
        cancellationReason: reason,
        cancelledBy: actor.userId,
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
      actor: { userId: actor.userId, role: by },
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
    return { ok: true as const, refundPaise: refund, events };
  });
  if (!result.ok) return result;
  return { ok: true, refundPaise: result.refundPaise, ...(await result.events.afterCommit()) };
}
