import type { Logger } from "../logger.server";
import { googleEventId } from "../../core/session-links";
import type { CalendarClient } from "./calendar-client";

type Booking = { id: string; calendarEventId: string | null; datetime: Date; endsAt: Date };

/**
 * Carries a committed reschedule or cancellation over to the booking's Google event, if it has
 * one. Called after the commit, so a calendar failure never undoes the change: it is logged and
 * the caller shows the given warning instead.
 */
export async function syncCalendarEvent(
  change: "reschedule" | "cancel",
  booking: Booking,
  deps: { calendar: CalendarClient | null; logger?: Pick<Logger, "error"> },
  warning: string,
): Promise<{ warning?: string }> {
  const { calendar } = deps;
  const eventId = googleEventId(booking);
  if (!calendar || !eventId) return {};
  try {
    if (change === "reschedule")
      await calendar.updateEvent(eventId, { start: booking.datetime, end: booking.endsAt });
    else await calendar.cancelEvent(eventId);
    return {};
  } catch (error) {
    deps.logger?.error(
      { err: error, bookingId: booking.id, eventId },
      `Google Calendar ${change} failed: the session changed, its event did not`,
    );
    return { warning };
  }
}
