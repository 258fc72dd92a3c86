import { and, eq, gt, lte, notExists } from "drizzle-orm";
import { REMINDER_HOURS, type ReminderHours, remindersPassedOver } from "../../core/sessions";
import type { Config } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import { bookingReminders, bookings } from "../db/schema";
import type { BookingEvents } from "../events/booking-events.server";
import { queueReminderEmails } from "./session-emails.server";
import { queueSessionChannelMessages } from "../channels/session-notices.server";
import { loadSession } from "../repositories/booking-parties.server";

const HOUR_MS = 3_600_000;

/** Confirmed sessions that have ended: a range of bookings_confirmed_end_idx. */
export const finishedSessions = (now: Date) =>
  and(eq(bookings.status, "confirmed"), lte(bookings.endsAt, now));

/**
 * Confirmed sessions whose end has passed become completed, each publishing
 * `booking.completed` in the same transaction. One UPDATE: on several instances at once the
 * row locks make each session complete exactly once.
 */
export async function completeFinishedSessions(
  db: Db,
  now: Date,
  events: BookingEvents,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(bookings)
      .set({ status: "completed", updatedAt: now })
      .where(finishedSessions(now))
      .returning({ id: bookings.id });
    const scope = events.within(tx, now);
    for (const { id } of done) await scope.publish({ type: "booking.completed", bookingId: id });
    return done.map((row) => row.id);
  });
}

/**
 * The confirmed sessions whose `hours` reminder is due at `now` and not yet recorded for
 * their start. A reminder is due from its moment until the next one (the 24-hour one is
 * skipped once the 1-hour one is due). Reads only that window of bookings_confirmed_start_idx
 * and probes the reminders' primary key, so a run after all are sent finds nothing.
 */
export function unsentReminders(db: Db, hours: ReminderHours, now: Date) {
  const next = REMINDER_HOURS[REMINDER_HOURS.indexOf(hours) + 1] ?? 0;
  const at = (h: number) => new Date(now.getTime() + h * HOUR_MS);
  return db
    .select({ id: bookings.id, datetime: bookings.datetime })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "confirmed"),
        lte(bookings.datetime, at(hours)),
        gt(bookings.datetime, at(next)),
        notExists(
          db
            .select({ bookingId: bookingReminders.bookingId })
            .from(bookingReminders)
            .where(
              and(
                eq(bookingReminders.bookingId, bookings.id),
                eq(bookingReminders.hoursBefore, hours),
                eq(bookingReminders.sessionStart, bookings.datetime),
              ),
            ),
        ),
      ),
    );
}

/**
 * A session confirmed or moved at `now` never gets the reminders whose moment has already come:
 * they are recorded as settled for this start in the same transaction, so the job never finds
 * them due. Booked 19 hours ahead, a session gets no "tomorrow" e-mail, only the 1-hour one
 * (`remindersPassedOver` in core/sessions.ts). A later move to a time further away gets them
 * again, as they are kept per start time.
 */
export async function passOverLateReminders(tx: Tx, bookingId: string, start: Date, now: Date) {
  const passed = remindersPassedOver(start, now);
  if (passed.length === 0) return;
  await tx
    .insert(bookingReminders)
    .values(passed.map((hours) => ({ bookingId, hoursBefore: hours, sessionStart: start })))
    .onConflictDoNothing();
}

/**
 * Reminder e-mails 24 hours and 1 hour before the start, to both parties. Recording one
 * (primary key: booking, reminder, start time) and queueing its mails happen in one
 * transaction, so each goes out once however many instances run this; a transaction is
 * opened only for a reminder still unsent when the run began.
 */
export async function sendDueReminders(db: Db, config: Config, now: Date): Promise<number> {
  let sent = 0;
  for (const hours of REMINDER_HOURS) {
    for (const due of await unsentReminders(db, hours, now)) {
      const queued = await db.transaction(async (tx) => {
        const record = await loadSession(tx, due.id, true);
        // Cancelled or moved since it was read: not this reminder (a move is found again).
        if (
          record?.booking.status !== "confirmed" ||
          record.booking.datetime.getTime() !== due.datetime.getTime()
        )
          return false;
        const [claimed] = await tx
          .insert(bookingReminders)
          .values({ bookingId: due.id, hoursBefore: hours, sessionStart: due.datetime })
          .onConflictDoNothing()
          .returning({ id: bookingReminders.bookingId });
        if (!claimed) return false; // another instance sent it meanwhile
        await queueReminderEmails(tx, record, hours, config);
        await queueSessionChannelMessages(
          tx,
          record,
          hours === 1 ? "session.reminder-1h" : "session.reminder-24h",
          { appUrl: config.appUrl, now },
        );
        return true;
      });
      if (queued) sent++;
    }
  }
  return sent;
}

/** Late by more than this, "your session starts now" is not sent at all. */
const STARTING_GRACE_MS = 10 * 60_000;

/**
 * "Your session starts now" to both parties, by e-mail (unless they turned reminders off) and
 * on WhatsApp/SMS where they opted in, once per start (recorded as the 0-hour reminder in the
 * transaction that queues them), while the start is at most 10 minutes past. Like the other
 * reminders it follows a reschedule (kept per start time) and a cancelled session is no
 * longer confirmed, so it gets none.
 */
export async function sendStartingNotices(db: Db, config: Config, now: Date): Promise<number> {
  const due = await db
    .select({ id: bookings.id, datetime: bookings.datetime })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "confirmed"),
        lte(bookings.datetime, now),
        gt(bookings.datetime, new Date(now.getTime() - STARTING_GRACE_MS)),
        notExists(
          db
            .select({ bookingId: bookingReminders.bookingId })
            .from(bookingReminders)
            .where(
              and(
                eq(bookingReminders.bookingId, bookings.id),
                eq(bookingReminders.hoursBefore, 0),
                eq(bookingReminders.sessionStart, bookings.datetime),
              ),
            ),
        ),
      ),
    );
  let sent = 0;
  for (const session of due) {
    const queued = await db.transaction(async (tx) => {
      const record = await loadSession(tx, session.id, true);
      if (
        record?.booking.status !== "confirmed" ||
        record.booking.datetime.getTime() !== session.datetime.getTime()
      )
        return false;
      const [claimed] = await tx
        .insert(bookingReminders)
        .values({ bookingId: session.id, hoursBefore: 0, sessionStart: session.datetime })
        .onConflictDoNothing()
        .returning({ id: bookingReminders.bookingId });
      if (!claimed) return false;
      await queueReminderEmails(tx, record, 0, config);
      await queueSessionChannelMessages(tx, record, "session.starting", {
        appUrl: config.appUrl,
        now,
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
