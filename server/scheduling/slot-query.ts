import { isIsoDate, SESSION_DURATIONS, type SessionDuration } from "../../core/slots";
import { canonicalTimeZone, DEFAULT_TIME_ZONE, isValidTimeZone } from "../../core/time-zones";

/** The query string of the public slot endpoints, checked before any database work. */

export const SLOT_QUERY_ERRORS = {
  date: "Invalid date: use YYYY-MM-DD, for example 2026-03-14.",
  timeZone: "Invalid time zone: use an IANA name such as Asia/Kolkata.",
  duration: "Invalid duration: sessions are 15 or 30 minutes.",
} as const;

export type SlotParams = { date: string | null; viewerTimeZone: string; duration: SessionDuration };

/**
 * `date` (required when `requireDate`), `tz` (default Asia/Kolkata) and `duration`
 * (default 30). Returns the first problem's message, or the parsed values.
 */
type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
export function parseSlotParams(
  params: URLSearchParams,
  options: { requireDate: true },
): Parsed<SlotParams & { date: string }>;
export function parseSlotParams(
  params: URLSearchParams,
  options: { requireDate: boolean },
): Parsed<SlotParams>;
export function parseSlotParams(
  params: URLSearchParams,
  options: { requireDate: boolean },
): Parsed<SlotParams> {
  const date = params.get("date");
  if ((date !== null || options.requireDate) && !isIsoDate(date ?? "")) {
    return { ok: false, message: SLOT_QUERY_ERRORS.date };
  }
  const viewerTimeZone = canonicalTimeZone(params.get("tz") ?? DEFAULT_TIME_ZONE);
  if (!isValidTimeZone(viewerTimeZone)) return { ok: false, message: SLOT_QUERY_ERRORS.timeZone };
  const duration = Number(params.get("duration") ?? 30);
  if (!(SESSION_DURATIONS as readonly number[]).includes(duration)) {
    return { ok: false, message: SLOT_QUERY_ERRORS.duration };
  }
  return { ok: true, value: { date, viewerTimeZone, duration: duration as SessionDuration } };
}

/** The endpoints' error body: `{ error }` with a message a person can act on. */
export function jsonError(status: 400 | 404, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "Cache-Control": "no-store" } });
}
