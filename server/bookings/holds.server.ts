import { and, eq, gt, lt, lte, or } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { bookings } from "../db/schema";
import type { BookingEvents, EventContext } from "../events/booking-events.server";

/** Holds whose time has run out: read through bookings_hold_expiry_idx, which holds only holds. */
export const lapsedHolds = (now: Date) =>
  and(eq(bookings.status, "pending_payment"), lte(bookings.holdExpiresAt, now));

/**
 * A payment hold lapses 15 minutes after it was taken. Lapsed holds are moved to 'expired'
 * so the exclusion constraints (which look at status only) let the time go again: right
 * before a booking is written for the same advisor or seeker and time, and by a periodic job.
 * Each one is published as `booking.released`, as a hold released by its seeker is.
 */
export async function releaseExpiredHolds(
  tx: Tx,
  events: EventContext,
  scope?: { advisorId: string; userId: string; start: Date; end: Date },
): Promise<number> {
  const lapsed = lapsedHolds(events.now);
  const where = scope
    ? and(
        lapsed,
        or(eq(bookings.advisorId, scope.advisorId), eq(bookings.userId, scope.userId)),
        lt(bookings.datetime, scope.end),
        gt(bookings.endsAt, scope.start),
      )
    : lapsed;
  const released = await tx
    .update(bookings)
    .set({ status: "expired" })
    .where(where)
    .returning({ id: bookings.id });
  for (const { id } of released) await events.publish({ type: "booking.released", bookingId: id });
  return released.length;
}

/** The periodic job: every lapsed hold, in one transaction. */
export const releaseAllExpiredHolds = (db: Db, events: BookingEvents, now: Date) =>
  db.transaction((tx) => releaseExpiredHolds(tx, events.within(tx, now)));
