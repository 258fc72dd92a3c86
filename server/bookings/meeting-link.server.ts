import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { bookings } from "../db/schema";

/**
 * An unguessable meeting room under the configured base (Jitsi Meet by default, which needs
 * no account): 128 random bits, so nobody can find a session's room by trying names.
 */
export function meetingLink(baseUrl: string): string {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  return `${base}BeenThere-${randomBytes(16).toString("hex")}`;
}

/** The stable calendar UID of a booking's event (kept in bookings.calendar_event_id). */
export function calendarUid(bookingId: string): string {
  return `booking-${bookingId}@beenthere`;
}

/**
 * The link a party joins by: the Google Meet link when the calendar made one, else the
 * booking's own room. `joinLinkSql` is the same rule for a select list.
 */
export function joinLinkOf(booking: {
  googleMeetLink: string | null;
  videoCallLink: string | null;
}): string | null {
  return booking.googleMeetLink ?? booking.videoCallLink;
}

export const joinLinkSql = sql<
  string | null
>`coalesce(${bookings.googleMeetLink}, ${bookings.videoCallLink})`;
