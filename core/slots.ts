import { IANAZone } from "luxon";
import { BOOKING_WINDOW_DAYS, MIN_LEAD_HOURS } from "./booking-limits";
import { safeTimeZone } from "./time-zones";

/**
 * Pure availability engine: expands an advisor's weekly wall-clock schedule into
 * bookable UTC start instants for one viewer-local date. No I/O, no clock reads:
 * `now` is always injected.
 */

export { BOOKING_WINDOW_DAYS, MIN_LEAD_HOURS };
export const SESSION_DURATIONS = [15, 30] as const;

export type SessionDuration = (typeof SESSION_DURATIONS)[number];
/** ISO weekday: Monday = 1 … Sunday = 7. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** Local wall-clock "HH:mm" in the schedule's zone; `end` may be "24:00". */
export type TimeWindow = { start: string; end: string };
/** Missing weekdays mean "not working that day". */
export type WeeklySchedule = {
  timeZone: string;
  windows: Partial<Record<IsoWeekday, TimeWindow[]>>;
};
/** Half-open [start, end) UTC instants: live bookings and blocked times. */
export type BusyInterval = { start: Date; end: Date };

export type SlotDatesQuery = {
  schedule: WeeklySchedule;
  busy: readonly BusyInterval[];
  durationMinutes: number;
  viewerTimeZone: string;
  now: Date;
};
/** `date` is "YYYY-MM-DD" in the viewer's zone. */
export type SlotQuery = SlotDatesQuery & { date: string };

export type NoSlotsReason = "not-working" | "fully-booked" | "too-soon" | "out-of-range";

/** One offered start as the booking screens show it, in the viewer's and the advisor's zones. */
export type OfferedSlot = { start: string; label: string; advisorLabel: string };

export type AdvisorSlots = {
  slots: OfferedSlot[];
  reason: NoSlotsReason | null;
  advisorTimeZone: string;
  /** False when the advisor has not set any weekly availability yet. */
  hasAvailability: boolean;
};

export type AdvisorDates = {
  /** Viewer-local "YYYY-MM-DD" dates with at least one offered slot. */
  dates: string[];
  /** The calendar in the viewer's zone: today … the date the booking window ends (ADR 64). */
  first: string;
  last: string;
  advisorTimeZone: string;
  hasAvailability: boolean;
};

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

// ---- Zone math on epoch milliseconds. Luxon's IANAZone.offset() goes through Intl (~10µs a
// call) and used to dominate every query, so each zone's offsets around a local day are found
// once per process and kept: tz rules do not change while it runs. The rest is arithmetic. ----

/** UTC offsets (minutes) around one local day: constant, or one DST change at `changeMs`. */
type DayOffsets = { before: number; after: number; changeMs: number };
type Zone = { iana: IANAZone; days: Map<number, DayOffsets>; probes: Map<number, number> };

/** Caps on the process-wide caches, whatever zone names and dates requests bring. */
const MAX_ZONES = 100;
const MAX_DAYS_PER_ZONE = 4000;
const zones = new Map<string, Zone>();

/** The zone of that name (invalid names are UTC) with its caches. */
function zoneNamed(name: string): Zone {
  let zone = zones.get(name);
  if (!zone) {
    if (zones.size >= MAX_ZONES) zones.clear();
    zone = { iana: IANAZone.create(safeTimeZone(name)), days: new Map(), probes: new Map() };
    zones.set(name, zone);
  }
  return zone;
}

/** Adjacent days' searches share probe instants, so memoise them too. */
function probe(z: Zone, ms: number): number {
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
  if (z.days.size >= MAX_DAYS_PER_ZONE) {
    z.days.clear();
    z.probes.clear();
  }
  let lo = (day - 1) * DAY_MS;
  let hi = (day + 2) * DAY_MS;
  const before = probe(z, lo);
  const after = probe(z, hi);
  while (before !== after && hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (probe(z, mid) === before) lo = mid;
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

/** The UTC offset (minutes) in force at the instant `ms`, from its UTC day's offsets. */
function offsetAt(z: Zone, ms: number): number {
  const d = dayOffsets(z, Math.floor(ms / DAY_MS));
  return ms < d.changeMs ? d.before : d.after;
}

/** The local calendar day (as a day number) in which the instant `ms` falls. */
function localDay(z: Zone, ms: number): number {
  return Math.floor((ms + offsetAt(z, ms) * MINUTE_MS) / DAY_MS);
}

function startOfLocalDay(z: Zone, day: number): number {
  return edgeInstant(dayOffsets(z, day), day * DAY_MS);
}

// ---- Query context: one per call, shared by every date that call looks at. ----

type Context = {
  windows: WeeklySchedule["windows"];
  parsed: Array<Array<[number, number]>>; // by ISO weekday: well-formed [from, to) minutes
  advisorZone: Zone;
  viewerZone: Zone;
  durationMinutes: number;
  earliestMs: number; // the bookable span (bookableSpan): earliestMs <= start < untilMs
  untilMs: number;
  busy: readonly BusyInterval[];
  today: number; // viewer-local day of `now`
  lastDay: number; // viewer-local day of the span's last instant
};

function prepare(q: SlotDatesQuery): Context {
  if (!(SESSION_DURATIONS as readonly number[]).includes(q.durationMinutes)) {
    throw new RangeError(`Session duration must be 15 or 30 minutes, got ${q.durationMinutes}`);
  }
  const nowMs = q.now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError("`now` must be a valid Date");
  const viewerZone = zoneNamed(q.viewerTimeZone);
  const advisorZone = zoneNamed(q.schedule.timeZone);
  const span = spanMs(advisorZone, nowMs);
  return {
    windows: q.schedule.windows ?? {},
    parsed: [],
    advisorZone,
    viewerZone,
    durationMinutes: q.durationMinutes,
    earliestMs: span.fromMs,
    untilMs: span.untilMs,
    busy: q.busy,
    today: localDay(viewerZone, nowMs),
    lastDay: localDay(viewerZone, span.untilMs - 1),
  };
}

/**
 * Busy times touching [fromMs, toMs), sorted and merged so one binary search answers "is
 * this slot busy?". Only that span is sorted: one date needs a handful of the bookings.
 */
function mergeBusy(
  busy: readonly BusyInterval[],
  fromMs: number,
  toMs: number,
): Array<[number, number]> {
  const sorted: Array<[number, number]> = [];
  for (const b of busy) {
    const s = b.start.getTime();
    const e = b.end.getTime();
    if (e > s && e > fromMs && s < toMs) sorted.push([s, e]); // e > s also drops invalid dates
  }
  sorted.sort((a, b) => a[0] - b[0]);
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
  // Character codes, not a regex: every query parses each window it touches.
  const text = String(value);
  if (text.length !== 5 || text[2] !== ":" || !(digitAt(text, 3) <= 5)) return null;
  const hours = digitAt(text, 0) * 10 + digitAt(text, 1);
  const minutes = hours * 60 + digitAt(text, 3) * 10 + digitAt(text, 4);
  return minutes < 24 * 60 || (isEnd && minutes === 24 * 60) ? minutes : null; // NaN → null
}

/** The ASCII digit at `i`, or NaN (which fails every comparison). */
function digitAt(text: string, i: number): number {
  const digit = text.charCodeAt(i) - 48;
  return digit >= 0 && digit <= 9 ? digit : Number.NaN;
}

/** The weekday's well-formed windows as [from, to) minutes; malformed ones offer nothing. */
function windowsOn(ctx: Context, weekday: IsoWeekday): Array<[number, number]> {
  let parsed = ctx.parsed[weekday];
  if (parsed) return parsed;
  parsed = [];
  for (const window of ctx.windows[weekday] ?? []) {
    const from = parseClock(window.start, false);
    const to = parseClock(window.end, true);
    if (from !== null && to !== null && to > from) parsed.push([from, to]);
  }
  return (ctx.parsed[weekday] = parsed);
}

/**
 * Window slot starts on one advisor-local calendar day (ignoring lead time, busy
 * times and the viewer). Slots step by the duration in LOCAL wall time from each
 * window's start, so 09:00–17:00 stays 09:00–17:00 across DST.
 */
function expandAdvisorDay(ctx: Context, day: number): number[] {
  const weekday = (((((day + 3) % 7) + 7) % 7) + 1) as IsoWeekday; // 1970-01-01 was a Thursday
  const offsets = dayOffsets(ctx.advisorZone, day);
  const wallMidnight = day * DAY_MS; // local wall clock encoded as if UTC
  const step = ctx.durationMinutes;
  const starts: number[] = [];

  for (const [from, to] of windowsOn(ctx, weekday)) {
    const windowStart = edgeInstant(offsets, wallMidnight + from * MINUTE_MS);
    const windowEnd = edgeInstant(offsets, wallMidnight + to * MINUTE_MS);
    for (let t = from; t + step <= to; t += step) {
      const start = exactInstant(offsets, wallMidnight + t * MINUTE_MS);
      if (start === null) continue; // wall time skipped by spring-forward
      // Real elapsed time can differ from wall time across a DST change: check the edges.
      if (start >= windowStart && start + step * MINUTE_MS <= windowEnd) starts.push(start);
    }
  }
  return starts;
}

/** True for a real calendar date written "YYYY-MM-DD" (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  return isoToDay(value) !== null;
}

// ---- The booking window (ADR 64): one rule for every viewer, the booking and the reschedule. ----

/** [fromMs, untilMs): now + 12 h, to the end of the advisor's 30th day after today. */
function spanMs(advisorZone: Zone, nowMs: number): { fromMs: number; untilMs: number } {
  const today = localDay(advisorZone, nowMs);
  return {
    fromMs: nowMs + MIN_LEAD_HOURS * 60 * MINUTE_MS,
    untilMs: startOfLocalDay(advisorZone, today + BOOKING_WINDOW_DAYS + 1),
  };
}

/**
 * Which starts may be booked at `now`: from `now` + 12 hours (exactly 12 hours ahead is
 * allowed) until the end of the 30th calendar day after today in the ADVISOR's zone, i.e.
 * `from <= start < until`. The same instants whatever the viewer's zone.
 */
export function bookableSpan(advisorTimeZone: string, now: Date): { from: Date; until: Date } {
  const span = spanMs(zoneNamed(advisorTimeZone), now.getTime());
  return { from: new Date(span.fromMs), until: new Date(span.untilMs) };
}

/**
 * The viewer-local dates ("YYYY-MM-DD") the calendar shows: from the viewer's today to the
 * viewer's date of the window's last instant, which is today + 29, + 30 or + 31 depending on
 * how far the viewer's zone is from the advisor's.
 */
export function bookingWindow(
  viewerTimeZone: string,
  now: Date,
  advisorTimeZone: string,
): { first: string; last: string } {
  const viewerZone = zoneNamed(viewerTimeZone);
  const { untilMs } = spanMs(zoneNamed(advisorTimeZone), now.getTime());
  return {
    first: dayToIso(localDay(viewerZone, now.getTime())),
    last: dayToIso(localDay(viewerZone, untilMs - 1)),
  };
}

/** The viewer-local days of the calendar, both ends inclusive. */
function isInRange(ctx: Context, day: number | null): day is number {
  return day !== null && day >= ctx.today && day <= ctx.lastDay;
}

/** Instants [fromMs, toMs) and the advisor-local days whose slots can start in them. */
type Span = { fromMs: number; toMs: number; firstDay: number; lastDay: number };

/**
 * The viewer-local `day`. Advisor-local days that can touch viewer day D are D-2 … D+2:
 * offsets differ by up to 26h (Pacific/Kiritimati +14 vs Etc/GMT+12 -12), so ±1 day is
 * not always enough.
 */
function viewerDay(ctx: Context, day: number): Span {
  return {
    fromMs: startOfLocalDay(ctx.viewerZone, day),
    toMs: startOfLocalDay(ctx.viewerZone, day + 1),
    firstDay: day - 2,
    lastDay: day + 2,
  };
}

/** Window slot starts in the span, ascending and unique. */
function windowStarts(ctx: Context, span: Span): number[] {
  const starts: number[] = [];
  for (let day = span.firstDay; day <= span.lastDay; day++) {
    if (!mayStartIn(ctx, day, span)) continue;
    for (const start of expandAdvisorDay(ctx, day)) {
      if (start >= span.fromMs && start < span.toMs) starts.push(start);
    }
  }
  return ascendingUnique(starts);
}

/**
 * False when no slot of advisor-local `day` can start in the span: each start is a wall time
 * of that day minus one of its offsets. Skips most of the five days a viewer day looks at.
 */
function mayStartIn(ctx: Context, day: number, span: Span): boolean {
  const { before, after } = dayOffsets(ctx.advisorZone, day);
  const earliest = day * DAY_MS - Math.max(before, after) * MINUTE_MS;
  const latest = (day + 1) * DAY_MS - Math.min(before, after) * MINUTE_MS;
  return earliest < span.toMs && latest > span.fromMs;
}

/** Windows listed in order give ascending starts already; sort only when they do not. */
function ascendingUnique(values: number[]): number[] {
  for (let i = 1; i < values.length; i++) {
    if (values[i]! <= values[i - 1]!) return [...new Set(values)].sort((a, b) => a - b);
  }
  return values;
}

/** Offered starts in the span: window slots in the booking window that nothing busy overlaps. */
function offeredIn(ctx: Context, span: Span): number[] {
  const fromMs = Math.max(span.fromMs, ctx.earliestMs);
  const toMs = Math.min(span.toMs, ctx.untilMs);
  const durationMs = ctx.durationMinutes * MINUTE_MS;
  const busy = mergeBusy(ctx.busy, fromMs, toMs + durationMs);
  return windowStarts(ctx, { ...span, fromMs, toMs }).filter(
    (start) => !isBusy(busy, start, start + durationMs),
  );
}

/** Bookable start instants on the viewer-local `date`, ascending and unique. */
export function offeredSlots(query: SlotQuery): Date[] {
  const ctx = prepare(query);
  const day = isoToDay(query.date);
  if (!isInRange(ctx, day)) return [];
  return offeredIn(ctx, viewerDay(ctx, day)).map((ms) => new Date(ms));
}

/** Viewer-local dates of the booking window (bookingWindow) with at least one offered slot. */
export function selectableDates(query: SlotDatesQuery): string[] {
  const ctx = prepare(query);
  const last = ctx.lastDay;
  // The whole window's offered starts in one sweep, then bucketed by viewer day.
  const lastDay = viewerDay(ctx, last);
  const offered = offeredIn(ctx, {
    ...viewerDay(ctx, ctx.today),
    toMs: lastDay.toMs,
    lastDay: lastDay.lastDay,
  });
  const dates: string[] = [];
  let next = 0;
  for (let day = ctx.today; day <= last; day++) {
    const { toMs } = viewerDay(ctx, day);
    if (next < offered.length && offered[next]! < toMs) dates.push(dayToIso(day));
    while (next < offered.length && offered[next]! < toMs) next++;
  }
  return dates;
}

/** Why `offeredSlots` is empty for this date, or null if it is not. */
export function noSlotsReason(query: SlotQuery): NoSlotsReason | null {
  const ctx = prepare(query);
  const day = isoToDay(query.date);
  if (!isInRange(ctx, day)) return "out-of-range";
  const span = viewerDay(ctx, day);
  const starts = windowStarts(ctx, span);
  if (starts.length === 0) return "not-working";
  // On the calendar's last day, starts after the advisor's 30th day are out of range.
  const candidates = starts.filter((start) => start < ctx.untilMs);
  if (candidates.length === 0) return "out-of-range";
  if (!candidates.some((start) => start >= ctx.earliestMs)) return "too-soon";
  return offeredIn(ctx, span).length > 0 ? null : "fully-booked";
}

/** "9:30 AM" in `zone` (invalid zone → UTC): no leading zero, upper-case AM/PM. */
export function formatSlotLabel(instant: Date, zone: string): string {
  // From the zone's cached offsets, not a luxon DateTime: every offered slot gets two labels.
  const ms = instant.getTime();
  const wall = ms + offsetAt(zoneNamed(zone), ms) * MINUTE_MS;
  const minutes = Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  const clock = `${hours % 12 || 12}:${String(minutes % 60).padStart(2, "0")}`;
  return `${clock} ${hours < 12 ? "AM" : "PM"}`;
}
