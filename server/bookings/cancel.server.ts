import { eq } from "drizzle-orm";
import { refundPaise } from "../../core/sessions";
import type { Config } from "../config.server";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import type { CalendarClient } from "../calendar/calendar.server";
import { queueSessionEvent } from "../calendar/own/session-events.server";
import { syncCalendarEvent } from "../calendar/sync.server";
import type { Db } from "../db/client.server";
import type { Logger } from "../logger.server";
import { bookings, payments } from "../db/schema";
import { queueRefund } from "../refunds/refunds.server";
import type { Actor } from "./actor";
import { checkModifiable, type ModifyFailure } from "./modify-check";
import { auditAdminSessionChange } from "./session-audit.server";
import { loadSession, partOf } from "./session-record.server";
import { queueCancelEmails } from "./session-emails.server";

export type CancelResult =
  /** warning: the session is cancelled but its Google Calendar event could not be. */
  { ok: true; refundPaise: number; warning?: string } | ModifyFailure;

/**
 * Cancels a confirmed session with the caller's reason, in one transaction: the status (which
 * frees the advisor's time at once), the refund owed under the refund rule, and the
 * cancellation e-mails with a calendar CANCEL. The refund itself is sent by the refund job,
 * so a provider outage or a crash right after the commit loses nothing. A second cancel
 * finds the session no longer confirmed and changes nothing. The booking's Google Calendar
 * event (if any) is cancelled after the commit.
 */
export async function cancelSession(
  db: Db,
  input: {
    actor: Actor;
    bookingId: string;
    reason: string;
    now: Date;
    config: Config;
    /** Google Calendar, whose event follows the change after the commit (null: none). */
    calendar: CalendarClient | null;
    logger?: Logger;
  },
): Promise<CancelResult> {
  const { actor, bookingId, reason, now, config } = input;
  const result = await db.transaction(async (tx) => {
    const record = await loadSession(tx, bookingId, true);
    const refused = checkModifiable(record, actor, "cancel", now, config.supportEmail);
    if (refused || !record) return refused!;
    const by = partOf(record, actor)!;
    const [cancelled] = await tx
      .update(bookings)
      .set({
        status: "cancelled",
        cancellationReason: reason,
        cancelledBy: actor.userId,
        cancelledAt: now,
        calendarSequence: record.booking.calendarSequence + 1,
        updatedAt: now,
      })
      .where(eq(bookings.id, bookingId))
      .returning();
    await queueSessionEvent(tx, bookingId, "cancelled", now);
    await auditAdminSessionChange(tx, {
      record,
      actor,
      action: "booking.cancel",
      before: {
        status: record.booking.status,
        cancellation_reason: record.booking.cancellationReason,
      },
      after: { status: "cancelled", cancellation_reason: reason },
    });

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
        if (refund > 0)
          await queueRefund(
            tx,
            {
              bookingId,
              paymentId,
              amount: refund,
              reason:
                by === "seeker"
                  ? "Cancelled 24 hours or more before the start"
                  : `Cancelled by the ${by}`,
            },
            now,
          );
      }
    }
    await queueCancelEmails(tx, { ...record, booking: cancelled! }, refund, config, now);
    return { ok: true as const, refundPaise: refund, cancelled: cancelled! };
  });
  if (!result.ok) return result;
  const calendar = await syncCalendarEvent(
    "cancel",
    result.cancelled,
    input,
    SESSION_MESSAGES.cancelCalendarWarning,
  );
  return { ok: true, refundPaise: result.refundPaise, ...calendar };
}
