import { z } from "zod";
import { type IsoWeekday, parseClock, type TimeWindow, type WeeklySchedule } from "./slots";
import { canonicalTimeZone, INVALID_TIME_ZONE_MESSAGE, isValidTimeZone } from "./time-zones";

/**
 * A weekly availability value (time zone + local "HH:mm" windows per ISO weekday): its
 * validation rules, shared by the editor and the server, and the conversion between windows
 * and the editor's grid of 30-minute cells. Pure, no I/O.
 */

export const AVAILABILITY_REQUIRED_MESSAGE =
  "Please select at least one time slot for your availability";
export const INVALID_AVAILABILITY_MESSAGE = "Availability could not be read. Please try again.";

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly IsoWeekday[];
export const WEEKDAY_NAMES: Record<IsoWeekday, string> = {
  1: "Monday",
  2: "Tuesday",
  3: "Wednesday",
  4: "Thursday",
  5: "Friday",
  6: "Saturday",
  7: "Sunday",
};

export const CELL_MINUTES = 30;
export const CELLS_PER_DAY = (24 * 60) / CELL_MINUTES;
/** Hours 8:00-22:00 are shown as normal working hours; the rest are shaded. */
export const WORKING_HOURS = { start: 8, end: 22 } as const;

/** New advisors start with Monday-Friday 09:00-17:00 in their zone (ADR 6). */
export function defaultWeeklySchedule(timeZone: string): WeeklySchedule {
  const day = () => [{ start: "09:00", end: "17:00" }];
  return { timeZone, windows: { 1: day(), 2: day(), 3: day(), 4: day(), 5: day() } };
}

/** Minutes after midnight → "HH:mm" (1440 → "24:00"). */
export function minutesToClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

export function hasAnyWindow(schedule: WeeklySchedule): boolean {
  return WEEKDAYS.some((day) => (schedule.windows[day]?.length ?? 0) > 0);
}

export type AvailabilityCheck =
  { ok: true; schedule: WeeklySchedule } | { ok: false; message: string };

/**
 * The rules a saved availability keeps: an IANA zone, windows "HH:mm" on the hour or half
 * hour, each ending after it starts, none overlapping another on the same day, and at least
 * one window in the week. Returns the value with each day's windows sorted by start.
 */
export function validateAvailability(schedule: WeeklySchedule): AvailabilityCheck {
  const timeZone = canonicalTimeZone(schedule.timeZone);
  if (!isValidTimeZone(timeZone)) return { ok: false, message: INVALID_TIME_ZONE_MESSAGE };
  const windows: WeeklySchedule["windows"] = {};
  for (const day of WEEKDAYS) {
    const list = schedule.windows[day] ?? [];
    if (list.length === 0) continue;
    const checked = checkDay(WEEKDAY_NAMES[day], list);
    if (typeof checked === "string") return { ok: false, message: checked };
    windows[day] = checked;
  }
  if (Object.keys(windows).length === 0) {
    return { ok: false, message: AVAILABILITY_REQUIRED_MESSAGE };
  }
  return { ok: true, schedule: { timeZone, windows } };
}

/** The day's windows sorted, or the message saying what is wrong with them. */
function checkDay(dayName: string, list: readonly TimeWindow[]): TimeWindow[] | string {
  const parsed: Array<{ window: TimeWindow; from: number; to: number }> = [];
  for (const window of list) {
    const from = onHalfHour(window.start, false);
    const to = onHalfHour(window.end, true);
    if (from === null) return badTime(dayName, window.start);
    if (to === null) return badTime(dayName, window.end);
    if (to <= from) {
      return `${dayName}: the time slot ${window.start}-${window.end} must end after it starts.`;
    }
    parsed.push({ window: { start: window.start, end: window.end }, from, to });
  }
  parsed.sort((a, b) => a.from - b.from);
  for (let i = 1; i < parsed.length; i++) {
    const previous = parsed[i - 1]!;
    const current = parsed[i]!;
    if (current.from < previous.to) {
      const [a, b] = [previous.window, current.window];
      return `${dayName}: the time slots ${a.start}-${a.end} and ${b.start}-${b.end} overlap.`;
    }
  }
  return parsed.map((p) => p.window);
}

/** Minutes after midnight of an "HH:mm" on the hour or half hour, else null. */
function onHalfHour(value: string, isEnd: boolean): number | null {
  const minutes = parseClock(value, isEnd);
  return minutes !== null && minutes % CELL_MINUTES === 0 ? minutes : null;
}

function badTime(dayName: string, value: string): string {
  return `${dayName}: "${value}" is not a valid time. Use HH:mm on the hour or half hour.`;
}

// Untrusted input (a form field, an API body) is shaped by zod before the rules run; the
// bounds keep a hostile payload small.
const windowSchema = z.object({ start: z.string().max(5), end: z.string().max(5) });
const dayKey = z.enum(["1", "2", "3", "4", "5", "6", "7"]);
const availabilitySchema = z.object({
  timeZone: z.string().max(64),
  windows: z.partialRecord(dayKey, z.array(windowSchema).max(CELLS_PER_DAY)),
});

/** Parses and validates an availability value from JSON text or an object. */
export function parseAvailability(input: unknown): AvailabilityCheck {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, message: INVALID_AVAILABILITY_MESSAGE };
    }
  }
  const shaped = availabilitySchema.safeParse(value);
  if (!shaped.success) return { ok: false, message: INVALID_AVAILABILITY_MESSAGE };
  return validateAvailability(shaped.data as WeeklySchedule);
}

// ---- The editor's grid: cell = (weekday - 1) * 48 + half-hour index of the day. ----

export function cellIndex(day: IsoWeekday, slot: number): number {
  return (day - 1) * CELLS_PER_DAY + slot;
}

export function cellPosition(cell: number): { day: IsoWeekday; slot: number } {
  return {
    day: (Math.floor(cell / CELLS_PER_DAY) + 1) as IsoWeekday,
    slot: cell % CELLS_PER_DAY,
  };
}

/** "Monday 09:00 to 09:30": the accessible name of a cell. */
export function cellLabel(day: IsoWeekday, slot: number): string {
  const from = minutesToClock(slot * CELL_MINUTES);
  return `${WEEKDAY_NAMES[day]} ${from} to ${minutesToClock((slot + 1) * CELL_MINUTES)}`;
}

/**
 * Cells wholly inside a window. Windows are on the half hour once saved; an odd legacy
 * window is rounded inwards, so the grid never shows time the advisor did not offer.
 */
export function windowsToCells(windows: WeeklySchedule["windows"]): Set<number> {
  const cells = new Set<number>();
  for (const day of WEEKDAYS) {
    for (const window of windows[day] ?? []) {
      const from = parseClock(window.start, false);
      const to = parseClock(window.end, true);
      if (from === null || to === null) continue;
      const last = Math.floor(to / CELL_MINUTES);
      for (let slot = Math.ceil(from / CELL_MINUTES); slot < last; slot++) {
        cells.add(cellIndex(day, slot));
      }
    }
  }
  return cells;
}

/** Runs of adjacent selected cells become one window each ("23:30"-"24:00" ends the day). */
export function cellsToWindows(cells: ReadonlySet<number>): WeeklySchedule["windows"] {
  const windows: WeeklySchedule["windows"] = {};
  for (const day of WEEKDAYS) {
    const list: TimeWindow[] = [];
    let runStart: number | null = null;
    for (let slot = 0; slot <= CELLS_PER_DAY; slot++) {
      const selected = slot < CELLS_PER_DAY && cells.has(cellIndex(day, slot));
      if (selected && runStart === null) runStart = slot;
      if (!selected && runStart !== null) {
        list.push({
          start: minutesToClock(runStart * CELL_MINUTES),
          end: minutesToClock(slot * CELL_MINUTES),
        });
        runStart = null;
      }
    }
    if (list.length > 0) windows[day] = list;
  }
  return windows;
}

/** The earliest half-hour of the day selected on any weekday, or null when none is. */
export function earliestSelectedSlot(cells: ReadonlySet<number>): number | null {
  let earliest: number | null = null;
  for (const cell of cells) {
    const { slot } = cellPosition(cell);
    if (earliest === null || slot < earliest) earliest = slot;
  }
  return earliest;
}

/**
 * The week at a glance: each day with hours, its windows as "19:00–21:30", so hours out of
 * sight in the grid are still named.
 */
export function weekSummary(cells: ReadonlySet<number>): { day: IsoWeekday; hours: string }[] {
  const windows = cellsToWindows(cells);
  return WEEKDAYS.filter((day) => windows[day]).map((day) => ({
    day,
    hours: windows[day]!.map((w) => `${w.start}–${w.end}`).join(", "),
  }));
}
