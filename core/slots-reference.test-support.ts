/**
 * The slot engine as it was before the speed rewrite (core/slots.ts at 091c077), kept only
 * as the oracle for core/slots.equivalence.test.ts. Not imported by product code; do not
 * change it except to mirror a deliberate behaviour change made to core/slots.ts.
 */
import { DateTime, IANAZone } from "luxon";
import { safeTimeZone } from "./time-zones";

// The rules (the booking window, durations) and the value types are the current engine's: the
// oracle checks the algorithm, not a second copy of the rules. The window became one span of
// instants in the advisor's zone (ADR 64), so the oracle bounds its dates by that span too.
import {
  bookableSpan,
  type BusyInterval,
  type IsoWeekday,
  type NoSlotsReason,
  SESSION_DURATIONS,
  type SlotDatesQuery,
  type SlotQuery,
  type WeeklySchedule,
} from "./slots";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// ---- Calendar days as integers (days since 1970-01-01): cheap keys and arithmetic. ----

function dayToIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" → day number, or null for malformed/impossible dates (e.g. 2026-02-30). */
function isoToDay(iso: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const day = Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
  return Number.isInteger(day) && dayToIso(day) === iso ? day : null;
}

// ---- Zone math on epoch milliseconds. Luxon's DateTime costs ~100µs per construction
// (Intl), too slow for 31 dates × 5 advisor days, so we call IANAZone.offset() only a
// couple of times per local day and do the rest with arithmetic. ----

/** UTC offsets (minutes) around one local day: constant, or one DST change at `changeMs`. */
type DayOffsets = { before: number; after: number; changeMs: number };
type Zone = { iana: IANAZone; days: Map<number, DayOffsets>; probes: Map<number, number> };

function makeZone(name: string): Zone {
  return { iana: IANAZone.create(name), days: new Map(), probes: new Map() };
}

/** IANAZone.offset() is ~10µs; adjacent days share probe instants, so memoise. */
function offsetAt(z: Zone, ms: number): number {
  let minutes = z.probes.get(ms);
  if (minutes === undefined) z.probes.set(ms, (minutes = z.iana.offset(ms)));
  return minutes;
}

/**
 * Offsets around local `day`, probing a day either side; a DST change in between is
 * located to the minute by binary search. Real zones never change twice within 3 days.
 */
function dayOffsets(z: Zone, day: number): DayOffsets {
  const cached = z.days.get(day);
  if (cached) return cached;
  let lo = (day - 1) * DAY_MS;
  let hi = (day + 2) * DAY_MS;
  const before = offsetAt(z, lo);
  const after = offsetAt(z, hi);
  while (before !== after && hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(z, mid) === before) lo = mid;
    else hi = mid;
  }
  const result = { before, after, changeMs: hi };
  z.days.set(day, result);
  return result;
}

/**
 * Instant at which the local clock reads `wallMs` (wall time encoded as if UTC).
 * Repeated fall-back times resolve to their FIRST occurrence; times inside a
 * spring-forward gap do not exist → null (never shifted).
 */
function exactInstant(d: DayOffsets, wallMs: number): number | null {
  const underBefore = wallMs - d.before * MINUTE_MS;
  if (underBefore < d.changeMs) return underBefore;
  const underAfter = wallMs - d.after * MINUTE_MS;
  return underAfter >= d.changeMs ? underAfter : null;
}

/** First moment the local clock reads ≥ `wallMs` (window edge, day start); gap → the jump. */
function edgeInstant(d: DayOffsets, wallMs: number): number {
  return exactInstant(d, wallMs) ?? d.changeMs;
}

/** The local calendar day (as a day number) in which the instant `ms` falls. */
function localDay(z: Zone, ms: number): number {
  return Math.floor((ms + z.iana.offset(ms) * MINUTE_MS) / DAY_MS);
}

function startOfLocalDay(z: Zone, day: number): number {
  return edgeInstant(dayOffsets(z, day), day * DAY_MS);
}

// ---- Query context, shared by every date that selectableDates looks at. ----

type Context = {
  windows: WeeklySchedule["windows"];
  advisorZone: Zone;
  viewerZone: Zone;
  durationMinutes: number;
  earliestMs: number; // the bookable span: earliestMs <= start < untilMs
  untilMs: number;
  busy: Array<[number, number]>; // sorted, merged, disjoint
  today: number; // viewer-local day of `now`
  lastDay: number; // viewer-local day of the span's last instant
  expansions: Map<number, number[]>; // advisor-local day → window slot starts
};

function prepare(q: SlotDatesQuery): Context {
  if (!(SESSION_DURATIONS as readonly number[]).includes(q.durationMinutes)) {
    throw new RangeError(`Session duration must be 15 or 30 minutes, got ${q.durationMinutes}`);
  }
  const nowMs = q.now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError("`now` must be a valid Date");
  const viewerZone = makeZone(safeTimeZone(q.viewerTimeZone));
  const span = bookableSpan(q.schedule.timeZone, q.now);
  return {
    windows: q.schedule.windows ?? {},
    advisorZone: makeZone(safeTimeZone(q.schedule.timeZone)),
    viewerZone,
    durationMinutes: q.durationMinutes,
    earliestMs: span.from.getTime(),
    untilMs: span.until.getTime(),
    busy: mergeBusy(q.busy),
    today: localDay(viewerZone, nowMs),
    lastDay: localDay(viewerZone, span.until.getTime() - 1),
    expansions: new Map(),
  };
}

/** Sort once and merge overlaps so one binary search answers "is this slot busy?". */
function mergeBusy(busy: readonly BusyInterval[]): Array<[number, number]> {
  const sorted = busy
    .map((b): [number, number] => [b.start.getTime(), b.end.getTime()])
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** Half-open overlap test: a booking ending at 10:00 does not block a 10:00 slot. */
function isBusy(busy: Array<[number, number]>, start: number, end: number): boolean {
  // Find the first interval ending after `start` (ends are sorted: intervals are disjoint).
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]![1] <= start) lo = mid + 1;
    else hi = mid;
  }
  const next = busy[lo];
  return next !== undefined && next[0] < end;
}

/** "HH:mm" → minutes after midnight; "24:00" only as an end. Null if malformed. */
export function parseClock(value: string, isEnd: boolean): number | null {
  const match = /^(\d{2}):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < 24 * 60 || (isEnd && minutes === 24 * 60) ? minutes : null;
}

/**
 * Window slot starts on one advisor-local calendar day (ignoring lead time, busy
 * times and the viewer). Slots step by the duration in LOCAL wall time from each
 * window's start, so 09:00–17:00 stays 09:00–17:00 across DST. Cached per day.
 */
function expandAdvisorDay(ctx: Context, day: number): number[] {
  const cached = ctx.expansions.get(day);
  if (cached) return cached;
  const weekday = ((((day + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday (4)
  const windows = ctx.windows[weekday as IsoWeekday] ?? [];
  const offsets = dayOffsets(ctx.advisorZone, day);
  const wallMidnight = day * DAY_MS; // local wall clock encoded as if UTC
  const step = ctx.durationMinutes;
  const starts: number[] = [];

  for (const window of windows) {
    const from = parseClock(window.start, false);
    const to = parseClock(window.end, true);
    if (from === null || to === null || to <= from) continue; // malformed windows offer nothing
    const windowStart = edgeInstant(offsets, wallMidnight + from * MINUTE_MS);
    const windowEnd = edgeInstant(offsets, wallMidnight + to * MINUTE_MS);
    for (let t = from; t + step <= to; t += step) {
      const start = exactInstant(offsets, wallMidnight + t * MINUTE_MS);
      if (start === null) continue; // wall time skipped by spring-forward
      // Real elapsed time can differ from wall time across a DST change: check the edges.
      if (start >= windowStart && start + step * MINUTE_MS <= windowEnd) starts.push(start);
    }
  }
  ctx.expansions.set(day, starts);
  return starts;
}

/** True for a real calendar date written "YYYY-MM-DD" (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  return isoToDay(value) !== null;
}

/** The viewer-local dates from today to the date of the bookable span's last instant. */
export function bookingWindow(
  viewerTimeZone: string,
  now: Date,
  advisorTimeZone: string,
): { first: string; last: string } {
  const viewerZone = makeZone(safeTimeZone(viewerTimeZone));
  const { until } = bookableSpan(advisorTimeZone, now);
  return {
    first: dayToIso(localDay(viewerZone, now.getTime())),
    last: dayToIso(localDay(viewerZone, until.getTime() - 1)),
  };
}

/** The viewer-local days of the calendar, both ends inclusive. */
function isInRange(ctx: Context, day: number | null): day is number {
  return day !== null && day >= ctx.today && day <= ctx.lastDay;
}

/** Window slot starts (sorted, unique) that begin on the viewer-local `day`. */
function windowSlotsOn(ctx: Context, day: number): number[] {
  const startMs = startOfLocalDay(ctx.viewerZone, day);
  const endMs = startOfLocalDay(ctx.viewerZone, day + 1);
  // Advisor-local days that can touch this viewer day. Offsets differ by up to 25h
  // (Pacific/Kiritimati +14 vs Pacific/Pago_Pago -11), so ±1 day is not always enough.
  const found = new Set<number>(); // dedupes overlapping windows
  for (let advisorDay = day - 2; advisorDay <= day + 2; advisorDay++) {
    for (const start of expandAdvisorDay(ctx, advisorDay)) {
      if (start >= startMs && start < endMs) found.add(start);
    }
  }
  return [...found].sort((a, b) => a - b);
}

function isFree(ctx: Context, start: number): boolean {
  return !isBusy(ctx.busy, start, start + ctx.durationMinutes * MINUTE_MS);
}

function offeredOn(ctx: Context, day: number): number[] {
  return windowSlotsOn(ctx, day).filter(
    (start) => start >= ctx.earliestMs && start < ctx.untilMs && isFree(ctx, start),
  );
}

/** Bookable start instants on the viewer-local `date`, ascending and unique. */
export function offeredSlots(query: SlotQuery): Date[] {
  const ctx = prepare(query);
  const day = isoToDay(query.date);
  if (!isInRange(ctx, day)) return [];
  return offeredOn(ctx, day).map((ms) => new Date(ms));
}

/** Viewer-local dates of the booking window with at least one offered slot. */
export function selectableDates(query: SlotDatesQuery): string[] {
  const ctx = prepare(query); // one context: busy sorting and day expansions are shared
  const dates: string[] = [];
  for (let day = ctx.today; day <= ctx.lastDay; day++) {
    if (offeredOn(ctx, day).length > 0) dates.push(dayToIso(day));
  }
  return dates;
}

/** Why `offeredSlots` is empty for this date, or null if it is not. */
export function noSlotsReason(query: SlotQuery): NoSlotsReason | null {
  const ctx = prepare(query);
  const day = isoToDay(query.date);
  if (!isInRange(ctx, day)) return "out-of-range";
  const starts = windowSlotsOn(ctx, day);
  if (starts.length === 0) return "not-working";
  const candidates = starts.filter((start) => start < ctx.untilMs);
  if (candidates.length === 0) return "out-of-range";
  const afterLead = candidates.filter((start) => start >= ctx.earliestMs);
  if (afterLead.length === 0) return "too-soon";
  return afterLead.some((start) => isFree(ctx, start)) ? null : "fully-booked";
}

/** "9:30 AM" in `zone` (invalid zone → UTC): no leading zero, upper-case AM/PM. */
export function formatSlotLabel(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone: safeTimeZone(zone) })
    .setLocale("en-US")
    .toFormat("h:mm a");
}
