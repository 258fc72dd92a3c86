/**
 * A session's identities in calendars and the link its parties join by. Pure, so the booking,
 * calendar and invitation code share one rule without importing each other.
 */

/** The stable calendar UID of a booking's event (kept in bookings.calendar_event_id). */
export function calendarUid(bookingId: string): string {
  return `booking-${bookingId}@beenthere`;
}

/**
 * The Google event of a booking, if it has one. bookings.calendar_event_id holds Google's
 * event id when Google made the event, and our .ics UID when it did not.
 */
export function googleEventId(booking: { id: string; calendarEventId: string | null }) {
  const stored = booking.calendarEventId;
  return stored && stored !== calendarUid(booking.id) ? stored : null;
}

/** The link a party joins by: the Google Meet link when the calendar made one, else the room. */
export function joinLinkOf(booking: {
  googleMeetLink: string | null;
  videoCallLink: string | null;
}): string | null {
  return booking.googleMeetLink ?? booking.videoCallLink;
}
