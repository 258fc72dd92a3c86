import type { BusyInterval } from "./slots";

/*
 * An advisor's own Google Calendar (ADR 75): what a connection is, how old its busy times may
 * be, and what the advisor is told about it. Pure; the server keeps the rows and talks to Google.
 */

/** ok: Google answers; unreachable: it did not (timeouts, errors, quota); revoked: access gone. */
export const CALENDAR_CONNECTION_STATUSES = ["ok", "unreachable", "revoked"] as const;
export type CalendarConnectionStatus = (typeof CALENDAR_CONNECTION_STATUSES)[number];

/** What a session's event in the advisor's calendar should be; the sync job makes it so. */
export const CALENDAR_EVENT_WANTS = ["present", "cancelled"] as const;
export type CalendarEventWant = (typeof CALENDAR_EVENT_WANTS)[number];

/** No request waits on Google longer than this. */
export const GOOGLE_TIMEOUT_MS = 2_000;
/** Busy times last fetched longer ago than this are no longer used. */
export const LAST_KNOWN_BUSY_MS = 24 * 60 * 60_000;
/** Without push notifications, busy times are fetched again after this long. */
export const BUSY_TTL_MS = 5 * 60_000;
/** With a push channel, a safety refresh still runs this often (a lost notification). */
export const WATCHED_REFRESH_MS = 60 * 60_000;
/** Channels asked to live this long; renewed when less than a day is left. */
export const CHANNEL_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const CHANNEL_RENEW_BEFORE_MS = 24 * 60 * 60_000;
/** Busy times are fetched from now to this far ahead: the booking window plus a day. */
export const BUSY_HORIZON_MS = 32 * 24 * 60 * 60_000;

/** One of the advisor's Google calendars, as last listed. */
export type ConnectedCalendar = { id: string; name: string; primary: boolean; writable: boolean };

/** What /dashboard/availability shows of the connection. */
export type CalendarConnectionView = {
  googleEmail: string | null;
  calendars: ConnectedCalendar[];
  busyCalendarIds: string[];
  eventCalendarId: string | null;
  status: CalendarConnectionStatus;
  /** ISO time of the last successful fetch of busy times. */
  busyCheckedAt: string | null;
};

/** Busy times last fetched at or before this are a day old: no longer used. */
export function staleBusyBefore(now: Date): Date {
  return new Date(now.getTime() - LAST_KNOWN_BUSY_MS);
}

/** When busy times are next fetched: soon without a push channel, hourly with one. */
export function nextRefreshAt(now: Date, watched: boolean): Date {
  return new Date(now.getTime() + (watched ? WATCHED_REFRESH_MS : BUSY_TTL_MS));
}

/**
 * Busy intervals as the slot engine wants them: sorted, overlapping and touching ones merged,
 * empty ones dropped. Two fetches with the same answer compare equal, so an unchanged calendar
 * writes nothing (and moves no cached slot answer).
 */
export function normaliseBusy(intervals: readonly BusyInterval[]): BusyInterval[] {
  const sorted = intervals
    .filter((i) => i.start.getTime() < i.end.getTime())
    .toSorted((a, b) => a.start.getTime() - b.start.getTime());
  const merged: BusyInterval[] = [];
  for (const next of sorted) {
    const last = merged.at(-1);
    if (last && next.start.getTime() <= last.end.getTime()) {
      if (next.end.getTime() > last.end.getTime())
        merged[merged.length - 1] = { ...last, end: next.end };
    } else merged.push({ start: next.start, end: next.end });
  }
  return merged;
}

export function sameBusy(a: readonly BusyInterval[], b: readonly BusyInterval[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (x, i) =>
        x.start.getTime() === b[i]!.start.getTime() && x.end.getTime() === b[i]!.end.getTime(),
    )
  );
}

/**
 * The busy intervals with [start, end) cut out: a session being rescheduled has its own event
 * in the advisor's calendar, which must not keep it from moving by a few minutes.
 */
export function withoutInterval(
  busy: readonly BusyInterval[],
  cut: BusyInterval | undefined,
): BusyInterval[] {
  if (!cut) return [...busy];
  return busy.flatMap((b) =>
    [
      { start: b.start, end: b.end < cut.start ? b.end : cut.start },
      { start: b.start > cut.end ? b.start : cut.end, end: b.end },
    ].filter((part) => part.start < part.end),
  );
}

/** True when any busy interval overlaps [start, end) (half-open: back to back is free). */
export function overlapsBusy(busy: readonly BusyInterval[], start: Date, end: Date): boolean {
  return busy.some((b) => b.start < end && b.end > start);
}

/** The calendars a new connection starts with: the primary one counts as busy and gets sessions. */
export function defaultChoice(calendars: readonly ConnectedCalendar[]): {
  busyCalendarIds: string[];
  eventCalendarId: string | null;
} {
  const primary = calendars.find((c) => c.primary) ?? calendars[0];
  return {
    busyCalendarIds: primary ? [primary.id] : [],
    eventCalendarId: calendars.find((c) => c.primary && c.writable)?.id ?? null,
  };
}

/** The advisor's choice, checked against their calendars: unknown ids are refused. */
export function checkChoice(
  calendars: readonly ConnectedCalendar[],
  choice: { busyCalendarIds: readonly string[]; eventCalendarId: string | null },
): { busyCalendarIds: string[]; eventCalendarId: string | null } | null {
  const known = new Map(calendars.map((c) => [c.id, c]));
  const busy = [...new Set(choice.busyCalendarIds)];
  if (busy.some((id) => !known.has(id))) return null;
  if (choice.eventCalendarId !== null && !known.get(choice.eventCalendarId)?.writable) return null;
  return { busyCalendarIds: busy, eventCalendarId: choice.eventCalendarId };
}

/**
 * The id a session's event gets in the advisor's calendar. Google takes an id the client
 * chooses (base32hex: digits and a to v, 5 to 1024 characters) and refuses a second event with
 * it (409), so a create retried after its answer was lost cannot make the event twice. A new
 * wanted version gets a new id: an event the advisor deleted keeps its id at Google.
 */
export function sessionEventId(bookingId: string, version: number): string {
  // Booking ids are UUIDs: lower-case, their hex digits are base32hex digits.
  return `bt${bookingId.toLowerCase().replace(/-/g, "")}v${version}`;
}
