import { eq } from "drizzle-orm";
import { sessionTypeLabel } from "../../core/booking";
import { advisorDisplayName } from "../../core/format";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import { seekerDisplayName, sessionEventOf } from "../../core/session-event";
import { googleEventId } from "../../core/session-links";
import type { Config } from "../config.server";
import type { Tx } from "../db/client.server";
import { bookings } from "../db/schema";
import type { Subscriber } from "../events/booking-events.server";
import type { Logger } from "../logger.server";
import { loadSession } from "../repositories/booking-parties.server";
import type { CalendarClient } from "./calendar-client";
import { syncCalendarEvent } from "./sync.server";

type Deps = {
  calendar: CalendarClient | null;
  logger: Pick<Logger, "error">;
  config: Pick<Config, "appUrl">;
};

/**
 * The sessions' shared Google Calendar events (when Google Calendar is configured). A
 * confirmed session gets one event with a Meet link for both parties, in the confirming
 * transaction; if Google fails, the session keeps its MEETING_BASE_URL room and the failure is
 * logged. A move or a cancellation reaches the event after the commit, so a calendar failure
 * never undoes the change: the person who acted sees a warning instead.
 */
export function sessionCalendar(deps: Deps): Subscriber {
  const { calendar } = deps;
  const afterCommit = async (tx: Tx, bookingId: string, change: "reschedule" | "cancel") => {
    const record = await loadSession(tx, bookingId);
    if (!calendar || !record || !googleEventId(record.booking)) return;
    const warning =
      change === "reschedule"
        ? SESSION_MESSAGES.rescheduleCalendarWarning
        : SESSION_MESSAGES.cancelCalendarWarning;
    return async () => (await syncCalendarEvent(change, record.booking, deps, warning)).warning;
  };
  return {
    name: "google-calendar",
    on: {
      "booking.confirmed": async (tx, { bookingId }) => {
        if (!calendar) return;
        const record = await loadSession(tx, bookingId);
        if (!record || googleEventId(record.booking)) return;
        const { booking, seeker, advisor } = record;
        try {
          const google = await calendar.createEvent({
            requestId: booking.id,
            summary: sessionEventOf(record, deps.config.appUrl).summary,
            description: `${sessionTypeLabel(booking.sessionType)}, ${booking.duration} minutes. Manage it at ${deps.config.appUrl}/dashboard`,
            start: booking.datetime,
            end: booking.endsAt,
            attendees: [
              { name: seekerDisplayName(seeker), email: seeker.email },
              { name: advisorDisplayName(advisor), email: advisor.email },
            ],
          });
          await tx
            .update(bookings)
            .set({ googleMeetLink: google.meetLink, calendarEventId: google.eventId })
            .where(eq(bookings.id, bookingId));
        } catch (error) {
          deps.logger.error(
            { err: error, bookingId },
            "Google Calendar event not created: the session keeps its MEETING_BASE_URL room",
          );
        }
      },
      "booking.rescheduled": (tx, { bookingId }) => afterCommit(tx, bookingId, "reschedule"),
      "booking.cancelled": (tx, { bookingId }) => afterCommit(tx, bookingId, "cancel"),
    },
  };
}
