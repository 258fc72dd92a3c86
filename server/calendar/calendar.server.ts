import type { Config } from "../config.server";
import { calendarUid } from "../bookings/meeting-link.server";
import { createGoogleCalendar } from "./google-calendar.server";

/** One session as a calendar event. */
export type CalendarEventInput = {
  /** Idempotency key for the conference: the booking id. */
  requestId: string;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  attendees: { name: string; email: string }[];
};

/** A calendar that holds the sessions' events and makes their meeting rooms. */
export type CalendarClient = {
  createEvent(event: CalendarEventInput): Promise<{ eventId: string; meetLink: string | null }>;
  /** Moves the event; its meeting link stays. */
  updateEvent(eventId: string, times: { start: Date; end: Date }): Promise<void>;
  cancelEvent(eventId: string): Promise<void>;
};

/**
 * Google Calendar when credentials are configured, else null: then the meeting room comes from
 * MEETING_BASE_URL and the .ics e-mails are the only invitations. Built once by the composition
 * root and handed to the booking services, so its access token is reused until it expires.
 */
export function createCalendar(config: Pick<Config, "googleCalendar">): CalendarClient | null {
  return config.googleCalendar ? createGoogleCalendar(config.googleCalendar) : null;
}

/**
 * The Google event of a booking, if it has one. bookings.calendar_event_id holds Google's
 * event id when Google made the event, and our .ics UID when it did not.
 */
export function googleEventId(booking: { id: string; calendarEventId: string | null }) {
  const stored = booking.calendarEventId;
  return stored && stored !== calendarUid(booking.id) ? stored : null;
}
