/* What the sessions' shared calendar does, whichever calendar it is. */

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
