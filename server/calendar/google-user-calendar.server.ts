import type { ConnectedCalendar } from "../../core/advisor-calendar";
import type { BusyInterval } from "../../core/slots";
import { GoogleCalendarError, googleFailure } from "./google-error.server";

export { GoogleCalendarError, googleFailure };

export type GoogleUserCalendarOptions = {
  /** GOOGLE_CALENDAR_API_URL, e.g. https://www.googleapis.com/calendar/v3. */
  apiUrl: string;
  /**
   * A valid access token. When Google has just refused one (401), it is passed back: a caller
   * that can force a refresh should, and the call is retried once with the new token.
   */
  accessToken: (refused?: string) => Promise<string>;
  /** Every call, token included, gives up after this (the product uses 2000). */
  timeoutMs: number;
};
/** The calendar as the product keeps it, and busy times as the slot engine takes them. */
export type UserCalendar = ConnectedCalendar;
export type { BusyInterval };
export type UserCalendarEvent = {
  /** The event's id, chosen by us (`sessionEventId`), so a retried create is not made twice. */
  id: string;
  summary: string;
  description: string;
  location: string | null;
  start: Date;
  end: Date;
  /** Kept on the event (extendedProperties.private), naming the session it is for. */
  bookingId: string;
};
export type WatchChannel = { id: string; token: string; address: string; expiresAt: Date };

type Call = {
  method: "GET" | "POST" | "PATCH";
  path: string;
  query?: Record<string, string>;
  body?: object;
  /** Statuses that mean the work is already done (e.g. 404 for cancelling a deleted event). */
  done?: number[];
};
type CalendarListPage = {
  items?: {
    id: string;
    summary?: string;
    summaryOverride?: string;
    primary?: boolean;
    accessRole?: string;
  }[];
  nextPageToken?: string;
};
type FreeBusyAnswer = {
  calendars?: Record<
    string,
    { busy?: { start: string; end: string }[]; errors?: { domain?: string; reason?: string }[] }
  >;
};

/**
 * Google Calendar API v3 over fetch for one advisor's own Google account: their calendar list,
 * busy times, the session events written into their chosen calendar and push channels. A
 * session event is the advisor's own copy: it has no attendees and Google e-mails nobody about
 * it (sendUpdates=none), so the seeker never sees the advisor's personal address, nor the
 * advisor the seeker's; the seeker's invitation is BeenThere's own .ics. Every failure is a GoogleCalendarError,
 * except the caller's own accessToken() errors, which pass through for googleFailure().
 */
export function createGoogleUserCalendar(o: GoogleUserCalendarOptions) {
  const apiUrl = o.apiUrl.replace(/\/$/, "");
  const eventsPath = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}/events`;

  async function request<T>(signal: AbortSignal, op: string, call: Call): Promise<T | null> {
    const url = `${apiUrl}${call.path}${call.query ? `?${new URLSearchParams(call.query)}` : ""}`;
    const send = (token: string) =>
      fetch(url, {
        method: call.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(call.body ? { "content-type": "application/json" } : {}),
        },
        body: call.body ? JSON.stringify(call.body) : undefined,
        signal,
      });
    const token = await untilAborted(o.accessToken(), signal);
    let response = await send(token);
    if (response.status === 401) {
      // Google may drop a token before its expiry: one retry if the caller refreshes it.
      const fresh = await untilAborted(o.accessToken(token), signal);
      if (fresh !== token) {
        await response.body?.cancel();
        response = await send(fresh);
      }
    }
    if (call.done?.includes(response.status)) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new GoogleCalendarError(
        `Google Calendar ${op} failed (${response.status}): ${detail.slice(0, 300)}`,
        response.status,
      );
    }
    if (response.status === 204) return null;
    return (await response.json().catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw new GoogleCalendarError(`Google Calendar ${op} answered with no JSON`, response.status);
    })) as T;
  }

  /** One operation under one deadline; a timeout or a network failure becomes an error of ours. */
  async function run<T>(op: string, work: (call: <R>(c: Call) => Promise<R | null>) => Promise<T>) {
    const signal = AbortSignal.timeout(o.timeoutMs);
    try {
      return await work((c) => request(signal, op, c));
    } catch (error) {
      if (signal.aborted)
        throw new GoogleCalendarError(`Google Calendar ${op} timed out after ${o.timeoutMs} ms`);
      if (error instanceof TypeError)
        throw new GoogleCalendarError(`Google Calendar ${op} unreachable: ${causeOf(error)}`);
      throw error;
    }
  }

  return {
    /** Every calendar in the advisor's list: the primary one first, then by name. */
    listCalendars: () =>
      run("calendarList", async (call) => {
        const items: NonNullable<CalendarListPage["items"]> = [];
        let pageToken: string | undefined;
        do {
          const page = await call<CalendarListPage>({
            method: "GET",
            path: "/users/me/calendarList",
            query: pageToken ? { pageToken } : undefined,
          });
          items.push(...(page?.items ?? []));
          pageToken = page?.nextPageToken;
        } while (pageToken);
        return items.map(toUserCalendar).sort(primaryThenName);
      }),

    /**
     * The busy times of these calendars within the range, merged and sorted. A calendar Google
     * does not know (deleted, or access withdrawn) is skipped and named in `missing`; any other
     * per-calendar error fails the call, since free must never be guessed.
     */
    async freeBusy(calendarIds: string[], range: { from: Date; to: Date }) {
      const ids = [...new Set(calendarIds)];
      if (!ids.length) return { busy: [] as BusyInterval[], missing: [] as string[] };
      return run("freeBusy", async (call) => {
        const answer = await call<FreeBusyAnswer>({
          method: "POST",
          path: "/freeBusy",
          body: {
            timeMin: range.from.toISOString(),
            timeMax: range.to.toISOString(),
            items: ids.map((id) => ({ id })),
          },
        });
        return readFreeBusy(answer, ids, range);
      });
    },

    /** Makes the event; one that already has its id (a create whose answer was lost) is done. */
    createEvent: (calendarId: string, e: UserCalendarEvent) =>
      run("events.insert", async (call) => {
        await call({
          method: "POST",
          path: eventsPath(calendarId),
          query: { sendUpdates: "none" },
          body: eventBody(e),
          done: [409],
        });
        return { eventId: e.id };
      }),

    updateEvent: (calendarId: string, eventId: string, times: { start: Date; end: Date }) =>
      run("events.patch", async (call) => {
        await call({
          method: "PATCH",
          path: `${eventsPath(calendarId)}/${encodeURIComponent(eventId)}`,
          query: { sendUpdates: "none" },
          body: {
            start: { dateTime: times.start.toISOString() },
            end: { dateTime: times.end.toISOString() },
          },
        });
      }),

    /** Moves the event, its id kept, to another of the advisor's calendars (events.move). */
    moveEvent: (calendarId: string, eventId: string, destination: string) =>
      run("events.move", async (call) => {
        await call({
          method: "POST",
          path: `${eventsPath(calendarId)}/${encodeURIComponent(eventId)}/move`,
          query: { destination, sendUpdates: "none" },
        });
      }),

    /** Cancelled rather than deleted, as Google keeps it; an event already gone is done. */
    cancelEvent: (calendarId: string, eventId: string) =>
      run("events.cancel", async (call) => {
        await call({
          method: "PATCH",
          path: `${eventsPath(calendarId)}/${encodeURIComponent(eventId)}`,
          query: { sendUpdates: "none" },
          body: { status: "cancelled" },
          done: [404, 410],
        });
      }),

    /** A push channel on the calendar's events; Google may shorten the asked lifetime. */
    watch: (calendarId: string, channel: WatchChannel) =>
      run("events.watch", async (call) => {
        const answer = await call<{ resourceId?: string; expiration?: string }>({
          method: "POST",
          path: `${eventsPath(calendarId)}/watch`,
          body: {
            id: channel.id,
            type: "web_hook",
            address: channel.address,
            token: channel.token,
            expiration: String(channel.expiresAt.getTime()),
          },
        });
        if (!answer?.resourceId)
          throw new GoogleCalendarError("Google Calendar returned no resourceId");
        const expiration = Number(answer.expiration);
        return {
          resourceId: answer.resourceId,
          expiresAt: Number.isFinite(expiration) ? new Date(expiration) : channel.expiresAt,
        };
      }),

    /** Stops a push channel; one Google no longer knows is stopped already. */
    stopChannel: (channel: { id: string; resourceId: string }) =>
      run("channels.stop", async (call) => {
        await call({
          method: "POST",
          path: "/channels/stop",
          body: { id: channel.id, resourceId: channel.resourceId },
          done: [404],
        });
      }),
  };
}
export type GoogleUserCalendar = ReturnType<typeof createGoogleUserCalendar>;

function eventBody(e: UserCalendarEvent) {
  return {
    id: e.id,
    summary: e.summary,
    description: e.description,
    ...(e.location === null ? {} : { location: e.location }),
    start: { dateTime: e.start.toISOString() },
    end: { dateTime: e.end.toISOString() },
    reminders: { useDefault: true },
    extendedProperties: { private: { bookingId: e.bookingId } },
  };
}

function toUserCalendar(item: NonNullable<CalendarListPage["items"]>[number]): UserCalendar {
  return {
    id: item.id,
    name: item.summaryOverride ?? item.summary ?? item.id,
    primary: item.primary === true,
    writable: item.accessRole === "owner" || item.accessRole === "writer",
  };
}

const primaryThenName = (a: UserCalendar, b: UserCalendar) =>
  Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name);

function readFreeBusy(
  answer: FreeBusyAnswer | null,
  ids: string[],
  range: { from: Date; to: Date },
) {
  const busy: BusyInterval[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const entry = answer?.calendars?.[id];
    if (!entry || entry.errors?.some((e) => e.reason === "notFound")) {
      missing.push(id);
      continue;
    }
    if (entry.errors?.length) {
      const reasons = entry.errors.map((e) => e.reason).join(", ");
      throw new GoogleCalendarError(`Google Calendar freeBusy failed for a calendar: ${reasons}`);
    }
    for (const b of entry.busy ?? []) busy.push({ start: new Date(b.start), end: new Date(b.end) });
  }
  return { busy: mergeWithin(busy, range), missing };
}

/** Clipped to the range, sorted, overlapping and touching intervals joined, empty ones dropped. */
function mergeWithin(intervals: BusyInterval[], range: { from: Date; to: Date }): BusyInterval[] {
  const clipped = intervals
    .map((i) => ({
      start: Math.max(i.start.getTime(), range.from.getTime()),
      end: Math.min(i.end.getTime(), range.to.getTime()),
    }))
    .filter((i) => i.start < i.end)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const next of clipped) {
    const last = merged.at(-1);
    if (last && next.start <= last.end) last.end = Math.max(last.end, next.end);
    else merged.push(next);
  }
  return merged.map((i) => ({ start: new Date(i.start), end: new Date(i.end) }));
}

/** The promise, or a rejection as soon as the signal aborts (the work itself may go on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** fetch's "fetch failed" says little; its cause says what (ECONNREFUSED, ...). */
function causeOf(error: TypeError): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return [error.message, cause?.code ?? cause?.message].filter(Boolean).join(": ");
}
