import { and, eq, gt, inArray, lt, ne, or } from "drizzle-orm";
import type { BusyInterval } from "../../core/slots";
import type { Db, Tx } from "../db/client.server";
import { advisorCalendarBusy, blockedSlots, bookings } from "../db/schema";

/**
 * The advisor's busy times overlapping [from, to): live bookings (confirmed, completed, and
 * payment holds that have not expired at `now`), blocked slots, and their own Google
 * Calendar's kept busy times (ADR 75). A cancelled booking or a
 * lapsed hold frees its time again, which is why holds are judged by `now`, not by status.
 */
export async function busyIntervals(
  db: Db | Tx,
  advisorId: string,
  range: { from: Date; to: Date },
  now: Date,
  /** A booking being rescheduled: its own time does not block its new time. */
  excludeBookingId?: string,
): Promise<BusyInterval[]> {
  const booked = db
    .select({ start: bookings.datetime, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.advisorId, advisorId),
        excludeBookingId ? ne(bookings.id, excludeBookingId) : undefined,
        lt(bookings.datetime, range.to),
        gt(bookings.endsAt, range.from),
        or(
          inArray(bookings.status, ["confirmed", "completed"]),
          and(eq(bookings.status, "pending_payment"), gt(bookings.holdExpiresAt, now)),
        ),
      ),
    );
  const blocked = db
    .select({ start: blockedSlots.startTime, end: blockedSlots.endTime })
    .from(blockedSlots)
    .where(
      and(
        eq(blockedSlots.advisorId, advisorId),
        lt(blockedSlots.startTime, range.to),
        gt(blockedSlots.endTime, range.from),
      ),
    );
  // Kept busy times are deleted once a day old (forgetStaleBusy), so all that are here count.
  const google = db
    .select({ start: advisorCalendarBusy.startTime, end: advisorCalendarBusy.endTime })
    .from(advisorCalendarBusy)
    .where(
      and(
        eq(advisorCalendarBusy.advisorId, advisorId),
        lt(advisorCalendarBusy.startTime, range.to),
        gt(advisorCalendarBusy.endTime, range.from),
      ),
    );
  // One statement for all three: on PGlite every round trip costs about a millisecond.
  return booked.unionAll(blocked).unionAll(google);
}
