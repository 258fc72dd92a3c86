import { and, eq, gt, lte } from "drizzle-orm";
import { REMINDER_HOURS } from "../../core/sessions";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { bookingReminders, bookings } from "../db/schema";
import { queueReminderEmails } from "./session-emails.server";
import { loadSession } from "./session-record.server";

const HOUR_MS = 3_600_000;

/**
 * Confirmed sessions whose end has passed become completed. One UPDATE: on several
 * instances at once the row locks make each session complete exactly once.
 */
export async function completeFinishedSessions(db: Db, now: Date): Promise<string[]> {
  const done = await db
    .update(bookings)
    .set({ status: "completed", updatedAt: now })
    .where(and(eq(bookings.status, "confirmed"), lte(bookings.endsAt, now)))
    .returning({ id: bookings.id });
  return done.map((row) => row.id);
}

/**
 * Reminder e-mails 24 hours and 1 hour before the start, to both parties. A reminder is due
 * from its moment until the next one (the 24-hour one is skipped once the 1-hour one is
 * due). Recording it (primary key: booking, reminder, start time) and queueing its mails
 * happen in one transaction, so each goes out once however many instances run this.
 */
export async function sendDueReminders(db: Db, config: Config, now: Date): Promise<number> {
  let sent = 0;
  for (const [index, hours] of REMINDER_HOURS.entries()) {
    const next = REMINDER_HOURS[index + 1];
    const due = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "confirmed"),
          lte(bookings.datetime, new Date(now.getTime() + hours * HOUR_MS)),
          next === undefined
            ? gt(bookings.datetime, now)
            : gt(bookings.datetime, new Date(now.getTime() + next * HOUR_MS)),
        ),
      );
    for (const { id } of due) {
      const queued = await db.transaction(async (tx) => {
        const record = await loadSession(tx, id, true);
        if (!record || record.booking.status !== "confirmed") return false;
        const [claimed] = await tx
          .insert(bookingReminders)
          .values({ bookingId: id, hoursBefore: hours, sessionStart: record.booking.datetime })
          .onConflictDoNothing()
          .returning({ id: bookingReminders.bookingId });
        if (!claimed) return false;
        await queueReminderEmails(tx, record, hours, config);
        return true;
      });
      if (queued) sent++;
    }
  }
  return sent;
}
