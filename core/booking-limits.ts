/**
 * The limits of a booking request, without zod, so the booking form on an advisor's profile can
 * check them without downloading a validation library; core/forms/booking.ts builds its schema on them.
 */
export const ADDITIONAL_INFO_MAX = 1000;
/** A session starts at least this long from now, and within this many days (ADR 64). */
export const MIN_LEAD_HOURS = 12;
export const BOOKING_WINDOW_DAYS = 30;
/** How long a seeker's unpaid booking holds its time. */
export const HOLD_MINUTES = 15;
/** The free discovery call's length. */
export const DISCOVERY_MINUTES = 15;
export const TOPICS_MAX = 30;
export const TOPIC_MAX_LENGTH = 200;

/** Whether the chosen topics pass `topicsField`: 1 to 30 topics, each 1 to 200 characters trimmed. */
export function topicsValid(topics: readonly string[]): boolean {
  return (
    topics.length >= 1 &&
    topics.length <= TOPICS_MAX &&
    topics.every((topic) => {
      const length = topic.trim().length;
      return length >= 1 && length <= TOPIC_MAX_LENGTH;
    })
  );
}
