import { eq, sql } from "drizzle-orm";
import { calendarUid } from "../../core/session-links";
import type { Config } from "../config.server";
import type { Tx } from "../db/client.server";
import { bookings } from "../db/schema";
import type { EventScope } from "../events/booking-events.server";
import { meetingLink } from "./meeting-link.server";
import { passOverLateReminders } from "./session-jobs.server";

/**
 * A booking becomes a session, in the confirming transaction: its meeting room (under
 * MEETING_BASE_URL) and stable calendar UID are stored, reminders that would come too late are
 * passed over, and `booking.confirmed` is published. Its subscribers run in the same
 * transaction: Google Calendar may give the session a Meet link, both parties' e-mails with
 * their invitations go to the outbox, and a paid session is credited to the advisor.
 */
export async function confirmBooking(
  tx: Tx,
  events: EventScope,
  config: Pick<Config, "meetingBaseUrl">,
  bookingId: string,
) {
  const [booking] = await tx
    .update(bookings)
    .set({
      videoCallLink: sql`coalesce(${bookings.videoCallLink}, ${meetingLink(config.meetingBaseUrl)})`,
      calendarEventId: sql`coalesce(${bookings.calendarEventId}, ${calendarUid(bookingId)})`,
    })
    .where(eq(bookings.id, bookingId))
    .returning({ datetime: bookings.datetime });
  if (!booking) throw new Error(`Confirmed booking ${bookingId} not found`);
  await passOverLateReminders(tx, bookingId, booking.datetime, events.now);
  await events.publish({ type: "booking.confirmed", bookingId });
}
