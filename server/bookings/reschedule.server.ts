import { and, eq } from "drizzle-orm";
import { BOOKING_MESSAGES } from "../../core/messages/booking";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import type { Config } from "../config.server";
import { passOverLateReminders } from "./session-jobs.server";
import type { Db } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import { blockedSlots, bookings, packagePurchases } from "../db/schema";
import { sqlState } from "../db/sql-state";
import { isStartOffered } from "../scheduling/slots.server";
import type { Actor } from "./actor";
import { checkModifiable, type ModifyFailure } from "./modify-check";
import { partOf } from "./session-record.server";
import { loadSession } from "../repositories/booking-parties.server";
import type { BusyCalendars } from "./context.server";

export type RescheduleResult =
  /** warning: the session moved but its Google Calendar event could not be updated. */
  { ok: true; datetime: Date; warning?: string } | ModifyFailure;

/**
 * Moves a confirmed session to another time the advisor offers. The same booking row moves
 * (its meeting link and calendar UID stay; the invitation's SEQUENCE rises), and
 * `booking.rescheduled` is published in the same transaction (both parties are e-mailed). Two reschedules racing for one time: the exclusion constraint lets
 * one win, the other gets "no longer available". The booking's Google Calendar event (if any)
 * moves after the commit, keeping its Meet link.
 */
export async function rescheduleSession(
  db: Db,
  input: {
    actor: Actor;
    bookingId: string;
    newStart: Date;
    now: Date;
    config: Config;
    events: BookingEvents;
    /** Advisors' own Google Calendars, asked again before the new time is taken. */
    ownCalendars?: BusyCalendars | null;
  },
): Promise<RescheduleResult> {
  const { actor, bookingId, newStart, now, config } = input;
  const before = await loadSession(db, bookingId);
  const refused = checkModifiable(before, actor, "reschedule", now, config.supportEmail);
  if (refused || !before) return refused!;
  if (Number.isNaN(newStart.getTime()))
    return { ok: false, code: "invalid", message: SESSION_MESSAGES.slotUnavailable };
  const unchanged = sameTime(before.booking.datetime, newStart);
  if (unchanged) return unchanged;
  if (!(await withinPackage(db, before.booking.packagePurchaseId, newStart)))
    return { ok: false, code: "invalid", message: BOOKING_MESSAGES.packageExpires };

  // Offered: the booking check, for the session's length, with the session's own current
  // time not counting as busy.
  const offered = await isStartOffered(
    db,
    before.booking.advisorId,
    newStart,
    before.booking.duration as 15 | 30,
    now,
    bookingId,
  );
  const newEnd = new Date(newStart.getTime() + before.booking.duration * 60_000);
  const free =
    offered &&
    (await (input.ownCalendars?.confirmFree(before.booking.advisorId, newStart, newEnd, {
      start: before.booking.datetime,
      end: before.booking.endsAt,
    }) ?? true));
  if (!free)
    return { ok: false, code: "slot-unavailable", message: SESSION_MESSAGES.slotUnavailable };

  let result;
  try {
    result = await db.transaction(async (tx) => {
      const events = input.events.within(tx, now);
      const record = await loadSession(tx, bookingId, true);
      const again = checkModifiable(record, actor, "reschedule", now, config.supportEmail);
      if (again || !record) return again!;
      const previous = record.booking;
      const moved = sameTime(previous.datetime, newStart); // another request got there first
      if (moved) return moved;
      const endsAt = new Date(newStart.getTime() + previous.duration * 60_000);
      await tx
        .update(bookings)
        .set({
          datetime: newStart,
          endsAt,
          calendarSequence: previous.calendarSequence + 1,
          updatedAt: now,
        })
        .where(eq(bookings.id, bookingId));
      await passOverLateReminders(tx, bookingId, newStart, now);
      // A time blocked for this booking moves with it.
      await tx
        .update(blockedSlots)
        .set({ startTime: newStart, endTime: endsAt })
        .where(
          and(
            eq(blockedSlots.advisorId, previous.advisorId),
            eq(blockedSlots.startTime, previous.datetime),
            eq(blockedSlots.reason, "booked"),
          ),
        );
      await events.publish({
        type: "booking.rescheduled",
        bookingId,
        from: previous.datetime,
        actor: { userId: actor.userId, role: partOf(record, actor)! },
      });
      return { ok: true as const, datetime: newStart, events };
    });
  } catch (error) {
    if (sqlState(error) === "23P01")
      return { ok: false, code: "slot-unavailable", message: SESSION_MESSAGES.slotUnavailable };
    throw error;
  }
  if (!result.ok) return result;
  return { ok: true, datetime: result.datetime, ...(await result.events.afterCommit()) };
}

/** A "reschedule" to the session's current time would change nothing and notify both parties. */
function sameTime(current: Date, newStart: Date): ModifyFailure | null {
  return current.getTime() === newStart.getTime()
    ? { ok: false, code: "unchanged", message: SESSION_MESSAGES.sameTime }
    : null;
}

/** A package's session must still start before the package expires. */
async function withinPackage(db: Db, purchaseId: string | null, start: Date): Promise<boolean> {
  if (!purchaseId) return true;
  const [purchase] = await db
    .select({ expiresAt: packagePurchases.expiresAt })
    .from(packagePurchases)
    .where(eq(packagePurchases.id, purchaseId));
  return purchase?.expiresAt != null && start < purchase.expiresAt;
}
