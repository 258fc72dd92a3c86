import type { IncomingMessage, ServerResponse } from "node:http";
import { apiError, parseJson, sendJson, waitUnlessGone } from "./http.test-support";
import type { createPush } from "./push.test-support";
import type { Account, CalendarEntry, GoogleState } from "./state.test-support";

export type ApiRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The bearer token it came with: `token-N` (service account) or `ya29.user-N`. */
  token: string | null;
};
export type BusyInput = {
  start: Date;
  end: Date;
  summary?: string;
  transparency?: "opaque" | "transparent";
};
/** An event as Google keeps it, plus the id of the calendar it is in (never sent). */
type StoredEvent = Record<string, unknown>;
/** Who calls: the service account, or a person through their access token. */
type Caller = { owner: string; account: Account | null };
type Json = Record<string, unknown>;

const PREFIX = "/calendar/v3";
const INVALID_CREDENTIALS = {
  error: {
    code: 401,
    message: "Invalid Credentials",
    status: "UNAUTHENTICATED",
    errors: [{ domain: "global", reason: "authError", message: "Invalid Credentials" }],
  },
};
const RATE_LIMITED = {
  error: {
    code: 403,
    message: "Rate Limit Exceeded",
    errors: [
      { domain: "usageLimits", reason: "rateLimitExceeded", message: "Rate Limit Exceeded" },
    ],
  },
};
const NOT_FOUND = apiError(404, "notFound", "Not Found");

/**
 * Calendar API v3 as Google answers it (tests only): the calendar list, freeBusy, events
 * (insert, get, patch, delete, move) and watch/stop, per calendar and per account. The service
 * account reaches any calendar id; a person only those in their list, writing only where
 * they are owner or writer.
 */
export function createCalendarApi(deps: {
  state: GoogleState;
  accountOf: (token: string) => Account | null;
  push: ReturnType<typeof createPush>;
}) {
  const { state, push } = deps;
  const requests: ApiRequest[] = [];
  const events = new Map<string, StoredEvent>();
  const deleted = new Set<string>();
  const calendars = new Map<string, CalendarEntry[]>();

  function callerOf(token: string | null): Caller | null {
    if (token && /^token-\d+$/.test(token)) return { owner: "service", account: null };
    const account = token ? deps.accountOf(token) : null;
    return account ? { owner: account.sub, account } : null;
  }

  /** A person's calendars; one who was never set up has just their primary calendar. */
  function listOf(account: Account): CalendarEntry[] {
    if (!calendars.has(account.sub))
      calendars.set(account.sub, [
        { id: account.email, summary: account.name, primary: true, accessRole: "owner" },
      ]);
    return calendars.get(account.sub)!;
  }

  /** The calendar behind an id ("primary" included) as the caller sees it, or null. */
  function open(caller: Caller, id: string) {
    if (!caller.account) return { id, writable: true };
    const list = listOf(caller.account);
    const entry = list.find((c) => (id === "primary" ? c.primary : c.id === id));
    if (!entry) return null;
    return {
      id: entry.id,
      writable: entry.accessRole === "owner" || entry.accessRole === "writer",
    };
  }

  function busyIn(calendarId: string, from: number, to: number) {
    const intervals = [...events.values()]
      .filter((e) => e.calendarId === calendarId && e.status !== "cancelled")
      .filter((e) => e.transparency !== "transparent")
      .map((e) => ({ start: timeOf(e.start), end: timeOf(e.end) }))
      .filter((i) => i.start < to && i.end > from)
      .map((i) => ({ start: Math.max(i.start, from), end: Math.min(i.end, to) }))
      .sort((a, b) => a.start - b.start);
    return merge(intervals).map((i) => ({
      start: new Date(i.start).toISOString(),
      end: new Date(i.end).toISOString(),
    }));
  }

  function freeBusy(caller: Caller, body: Json) {
    const from = Date.parse(String(body.timeMin));
    const to = Date.parse(String(body.timeMax));
    if (Number.isNaN(from) || Number.isNaN(to))
      return [400, apiError(400, "required", "Missing timeMin or timeMax parameter.")] as const;
    if (to <= from)
      return [400, apiError(400, "timeRangeEmpty", "The specified time range is empty.")] as const;
    const items = Array.isArray(body.items) ? (body.items as { id?: unknown }[]) : [];
    const answer: Record<string, object> = {};
    for (const { id } of items) {
      const calendar = open(caller, String(id));
      answer[String(id)] = calendar
        ? { busy: busyIn(calendar.id, from, to) }
        : { errors: [{ domain: "global", reason: "notFound" }], busy: [] };
    }
    const range = { timeMin: new Date(from).toISOString(), timeMax: new Date(to).toISOString() };
    return [200, { kind: "calendar#freeBusy", ...range, calendars: answer }] as const;
  }

  function insert(calendarId: string, query: URLSearchParams, body: Json) {
    // The caller may choose the id (base32hex, 5 to 1024 characters), once: Google keeps the
    // id of a deleted event too.
    if (body.id !== undefined && !/^[0-9a-v]{5,1024}$/.test(String(body.id)))
      return [400, apiError(400, "invalid", "Invalid resource id value.")] as const;
    const id = body.id === undefined ? `evt${state.nextEvent++}` : String(body.id);
    if (events.has(id) || deleted.has(id))
      return [409, apiError(409, "duplicate", "The requested identifier already exists.")] as const;
    // Like Google, a Meet link only when asked for one with conferenceDataVersion=1.
    const conference =
      query.get("conferenceDataVersion") === "1" &&
      !!(body.conferenceData as Json | undefined)?.createRequest;
    const event = {
      ...body,
      id,
      ...(conference ? { hangoutLink: `https://meet.google.com/${id}-meet` } : {}),
      status: "confirmed",
      calendarId,
    };
    events.set(id, event);
    push.changed(calendarId);
    return [200, withoutCalendar(event)] as const;
  }

  /** One event of one calendar: get, patch or delete. */
  function onEvent(
    req: IncomingMessage,
    calendar: { id: string; writable: boolean },
    eventId: string,
    body: Json,
  ) {
    const event = eventIn(calendar.id, eventId);
    if (!event) return missing(eventId);
    if (req.method === "GET") return [200, withoutCalendar(event)] as const;
    if (!calendar.writable) return [403, forbidden()] as const;
    if (req.method === "PATCH") {
      Object.assign(event, body);
      push.changed(calendar.id);
      return [200, withoutCalendar(event)] as const;
    }
    if (req.method === "DELETE") {
      events.delete(eventId);
      deleted.add(eventId);
      push.changed(calendar.id);
      return [204, undefined] as const;
    }
    return [405, apiError(405, "methodNotAllowed", "Method Not Allowed")] as const;
  }

  const eventIn = (calendarId: string, eventId: string) => {
    const event = events.get(eventId);
    return event?.calendarId === calendarId ? event : null;
  };
  const missing = (eventId: string) =>
    deleted.has(eventId)
      ? ([410, apiError(410, "deleted", "Resource has been deleted")] as const)
      : ([404, NOT_FOUND] as const);

  /** events.move: the event, its id kept, goes to the destination (its organizer changes). */
  function move(
    caller: Caller,
    calendar: { id: string; writable: boolean },
    eventId: string,
    query: URLSearchParams,
  ) {
    const destination = query.get("destination");
    if (!destination)
      return [400, apiError(400, "required", "Missing destination parameter.")] as const;
    const event = eventIn(calendar.id, eventId);
    if (!event) return missing(eventId);
    const to = open(caller, destination);
    if (!to) return [404, NOT_FOUND] as const;
    if (!calendar.writable || !to.writable) return [403, forbidden()] as const;
    event.calendarId = to.id;
    push.changed(calendar.id);
    push.changed(to.id);
    return [200, withoutCalendar(event)] as const;
  }

  function route(req: IncomingMessage, url: URL, caller: Caller, body: Json) {
    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : null;
    const route = `${req.method} ${path}`;
    if (route === "GET /users/me/calendarList")
      return [
        200,
        { kind: "calendar#calendarList", items: caller.account ? listOf(caller.account) : [] },
      ] as const;
    if (route === "POST /freeBusy") return freeBusy(caller, body);
    if (route === "POST /channels/stop")
      return push.stop(caller.owner, body.id, body.resourceId)
        ? ([204, undefined] as const)
        : ([404, apiError(404, "notFound", `Channel '${String(body.id)}' not found`)] as const);
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+)(\/move)?)?$/.exec(path ?? "");
    if (!match) return [404, NOT_FOUND] as const;
    const calendar = open(caller, decodeURIComponent(match[1]!));
    if (!calendar) return [404, NOT_FOUND] as const;
    const eventId = match[2] === undefined ? null : decodeURIComponent(match[2]);
    if (eventId === "watch" && req.method === "POST") return watch(caller, calendar.id, body);
    if (eventId && match[3])
      return req.method === "POST"
        ? move(caller, calendar, eventId, url.searchParams)
        : ([405, apiError(405, "methodNotAllowed", "Method Not Allowed")] as const);
    if (eventId) return onEvent(req, calendar, eventId, body);
    if (req.method !== "POST")
      return [405, apiError(405, "methodNotAllowed", "Method Not Allowed")] as const;
    if (!calendar.writable) return [403, forbidden()] as const;
    return insert(calendar.id, url.searchParams, body);
  }

  function watch(caller: Caller, calendarId: string, body: Json) {
    const made = push.watch(caller.owner, calendarId, body);
    if ("error" in made) return [400, apiError(400, made.error, made.error)] as const;
    const { id, resourceId, resourceUri, token, expiration } = made.channel;
    const answer = {
      kind: "api#channel",
      id,
      resourceId,
      resourceUri,
      expiration: String(expiration),
    };
    return [200, token === null ? answer : { ...answer, token }] as const;
  }

  /** Recorded, delayed, authenticated, failed on demand, then routed. */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL, text: string) {
    const body = parseJson(text);
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? null;
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: url.searchParams,
      body: body ?? (text || undefined),
      token,
    });
    if (!(await waitUnlessGone(res, state.calendarDelayMs))) return;
    const caller = callerOf(token);
    if (!caller) return sendJson(res, 401, INVALID_CREDENTIALS);
    if (state.failCalendar)
      return sendJson(res, 503, apiError(503, "backendError", "Backend Error"));
    if (state.quotaExceeded) return sendJson(res, 403, RATE_LIMITED);
    if (body === null) return sendJson(res, 400, apiError(400, "parseError", "Parse Error"));
    const [status, answer] = route(req, url, caller, body ?? {});
    if (state.loseCalendarAnswers) return void res.destroy();
    sendJson(res, status, answer);
  }

  return {
    handle,
    requests,
    events,
    calendars,

    /** A busy (or, with transparency "transparent", free) event in a calendar; its id. */
    addBusy(calendarId: string, busy: BusyInput): string {
      const id = `evt${state.nextEvent++}`;
      events.set(id, {
        id,
        summary: busy.summary ?? "Busy",
        start: { dateTime: busy.start.toISOString() },
        end: { dateTime: busy.end.toISOString() },
        status: "confirmed",
        transparency: busy.transparency ?? "opaque",
        calendarId,
      });
      push.changed(calendarId);
      return id;
    },

    /** Deletes an event as its owner would in Google Calendar; false when it is not there. */
    removeBusy(calendarId: string, id: string): boolean {
      if (events.get(id)?.calendarId !== calendarId) return false;
      events.delete(id);
      deleted.add(id);
      push.changed(calendarId);
      return true;
    },
  };
}

function withoutCalendar(event: StoredEvent) {
  const { calendarId: _calendarId, ...resource } = event;
  return resource;
}

function forbidden() {
  return apiError(403, "requiredAccessLevel", "You need to have writer access to this calendar.");
}

/** An event time, dateTime or all-day date, as epoch ms. */
function timeOf(value: unknown): number {
  const time = value as { dateTime?: string; date?: string } | undefined;
  return Date.parse(time?.dateTime ?? time?.date ?? "");
}

/** Sorted intervals with overlapping and touching ones joined, as Google answers freeBusy. */
function merge(sorted: { start: number; end: number }[]) {
  const merged: { start: number; end: number }[] = [];
  for (const next of sorted) {
    const last = merged.at(-1);
    if (last && next.start <= last.end) last.end = Math.max(last.end, next.end);
    else merged.push({ ...next });
  }
  return merged;
}
