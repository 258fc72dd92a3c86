import { and, asc, eq, lt, lte, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { advisorCalendarConnections, advisorCalendarEvents, bookings } from "../../db/schema";
import type { Subscriber } from "../../events/booking-events.server";
import { loadSession } from "../../repositories/booking-parties.server";
import { sessionEventOf } from "../../../core/session-event";
import { sessionEventId } from "../../../core/advisor-calendar";
import { connectionOf, leaseFree } from "./connection-rows.server";
import type { OwnCalendarDeps } from "./deps.server";
import { recordFailure } from "./busy-times.server";
import { GoogleCalendarError } from "../google-calendar.server";

const MINUTE = 60_000;
const MAX_BACKOFF_MS = 60 * MINUTE;

/**
 * In the transaction that confirms, moves or cancels a session: what its event in the
 * advisor's own calendar should now be. The sync job makes it so after commit, so Google is
 * never called inside a transaction and a failure is retried. Nothing for an advisor without
 * a calendar to add sessions to.
 */
export async function queueSessionEvent(
  tx: Tx,
  bookingId: string,
  change: "confirmed" | "moved" | "cancelled",
  now: Date,
) {
  const due = { attempts: 0, nextAttemptAt: now, lastError: null };
  if (change === "confirmed") {
    const [target] = await tx
      .select({
        advisorId: advisorCalendarConnections.advisorId,
        calendarId: advisorCalendarConnections.eventCalendarId,
      })
      .from(bookings)
      .innerJoin(
        advisorCalendarConnections,
        eq(advisorCalendarConnections.advisorId, bookings.advisorId),
      )
      .where(eq(bookings.id, bookingId));
    if (target?.calendarId)
      await tx
        .insert(advisorCalendarEvents)
        .values({
          bookingId,
          advisorId: target.advisorId,
          calendarId: target.calendarId,
          nextAttemptAt: now,
        })
        .onConflictDoUpdate({
          target: advisorCalendarEvents.bookingId,
          // Queued for another calendar (the advisor chose it): made due, and the sync moves
          // the event there. A cancelled session's event is left where it is.
          set: { ...due, wantedVersion: sql`${advisorCalendarEvents.wantedVersion} + 1` },
          setWhere: and(
            eq(advisorCalendarEvents.wanted, "present"),
            ne(advisorCalendarEvents.calendarId, target.calendarId),
          ),
        });
    return;
  }
  await tx
    .update(advisorCalendarEvents)
    .set({
      ...due,
      wantedVersion: sql`${advisorCalendarEvents.wantedVersion} + 1`,
      ...(change === "cancelled" ? { wanted: "cancelled" as const } : {}),
    })
    .where(eq(advisorCalendarEvents.bookingId, bookingId));
}

/** Each session change queues what its event in the advisor's own calendar should become. */
export const ownCalendarEvents: Subscriber = {
  name: "own-calendar",
  on: {
    "booking.confirmed": (tx, { bookingId }, { now }) =>
      queueSessionEvent(tx, bookingId, "confirmed", now),
    "booking.rescheduled": (tx, { bookingId }, { now }) =>
      queueSessionEvent(tx, bookingId, "moved", now),
    "booking.cancelled": (tx, { bookingId }, { now }) =>
      queueSessionEvent(tx, bookingId, "cancelled", now),
  },
};

/** The advisor's future confirmed sessions, queued when they connect or choose a calendar. */
export async function queueUpcomingSessions(tx: Tx, advisorId: string, now: Date) {
  const upcoming = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.advisorId, advisorId),
        eq(bookings.status, "confirmed"),
        sql`${bookings.datetime} > ${now}`,
      ),
    );
  for (const { id } of upcoming) await queueSessionEvent(tx, id, "confirmed", now);
}

/** Sends due changes of sessions' events to the advisors' calendars, a few at a time. */
export async function syncSessionEvents(deps: OwnCalendarDeps, limit = 20): Promise<number> {
  const now = deps.now();
  const claimed = await deps.db
    .update(advisorCalendarEvents)
    .set({ leaseUntil: new Date(now.getTime() + 2 * MINUTE) })
    .where(
      sql`${advisorCalendarEvents.bookingId} in (${deps.db
        .select({ id: advisorCalendarEvents.bookingId })
        .from(advisorCalendarEvents)
        .where(
          and(
            lt(advisorCalendarEvents.syncedVersion, advisorCalendarEvents.wantedVersion),
            lte(advisorCalendarEvents.nextAttemptAt, now),
            leaseFree(advisorCalendarEvents.leaseUntil, now),
          ),
        )
        .orderBy(asc(advisorCalendarEvents.nextAttemptAt))
        .limit(limit)
        .for("update", { skipLocked: true })})`,
    )
    .returning();
  let synced = 0;
  for (const row of claimed) if (await syncOne(deps, row)) synced += 1;
  return synced;
}

type EventRow = typeof advisorCalendarEvents.$inferSelect;

async function syncOne(deps: OwnCalendarDeps, row: EventRow): Promise<boolean> {
  const { db } = deps;
  const connection = await connectionOf(db, row.advisorId);
  if (!connection) return false; // disconnected: the row went with it
  const google = deps.access.calendar(connection);
  // A create that fails may still have made the event (its answer lost): its id is kept, so
  // the next try updates or cancels that event rather than making another. The row's calendar is
  // where that event is (or is to be made); it changes only once the event is known to be out
  // of it, so a move whose answer was lost is tried again.
  let eventId = row.eventId;
  let calendarId = row.calendarId;
  try {
    if (row.wanted === "cancelled") {
      if (eventId) await google.cancelEvent(calendarId, eventId);
    } else {
      const loaded = await loadSession(db, row.bookingId);
      if (!loaded) return false;
      const event = sessionEventOf(loaded, deps.appUrl);
      // The event goes to the calendar the advisor chose last. One not in the old calendar
      // (404/410) was moved by a try whose answer was lost, deleted, or never made.
      const chosen = connection.eventCalendarId ?? calendarId;
      if (eventId && chosen !== calendarId)
        await doneOrGone(google.moveEvent(calendarId, eventId, chosen));
      calendarId = chosen;
      // Not there (the advisor deleted it in Google, or it was never made): made now.
      const updated = eventId
        ? await doneOrGone(google.updateEvent(calendarId, eventId, event))
        : false;
      if (!updated) {
        eventId = sessionEventId(row.bookingId, row.wantedVersion);
        // The advisor's own copy: the seeker is named in its text, never invited by address.
        await google.createEvent(calendarId, { ...event, id: eventId, bookingId: row.bookingId });
      }
    }
    await db
      .update(advisorCalendarEvents)
      .set({
        eventId,
        calendarId,
        syncedVersion: row.wantedVersion,
        leaseUntil: null,
        lastError: null,
      })
      .where(eq(advisorCalendarEvents.bookingId, row.bookingId));
    return true;
  } catch (error) {
    const backoff = Math.min(MAX_BACKOFF_MS, MINUTE * 2 ** row.attempts);
    await db
      .update(advisorCalendarEvents)
      .set({
        eventId,
        calendarId,
        attempts: row.attempts + 1,
        nextAttemptAt: new Date(deps.now().getTime() + backoff),
        leaseUntil: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(eq(advisorCalendarEvents.bookingId, row.bookingId));
    await recordFailure(deps, connection, error, { releaseLease: false });
    return false;
  }
}

/** True when Google did it; false when the event is not there (404, or 410: deleted). */
async function doneOrGone(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch (error) {
    if (error instanceof GoogleCalendarError && (error.status === 404 || error.status === 410))
      return false;
    throw error;
  }
}
