import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import * as fast from "./slots";
import * as reference from "./slots-reference.test-support";
import { seededRandom, type SeededRandom } from "./seeded-random.test-support";
import type { BusyInterval, SlotDatesQuery, TimeWindow, WeeklySchedule } from "./slots";
import { DST_CHANGES_2026, ODD_ZONES } from "./time-zones-fixture.test-support";

/**
 * The rewritten engine (core/slots.ts) must answer exactly as the engine it replaced
 * (core/slots-reference.test-support.ts) on randomized schedules, busy times, zones and clocks, with
 * "now" often placed in or just before a DST-transition week; and a viewer in any zone must be
 * offered the same instants as the advisor (one booking window, ADR 64). Every case has its
 * own seed, printed on failure; rerun one with SLOTS_EQ_SEED=<seed> SLOTS_EQ_CASES=1.
 */

const CASES = Number(process.env.SLOTS_EQ_CASES ?? 300);
const FIRST_SEED = Number(process.env.SLOTS_EQ_SEED ?? 20_261_101);
const CHUNK = 50; // cases per test, so progress shows and no single test runs long

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ZONES = [
  ...ODD_ZONES,
  "Mars/Olympus", // invalid: both engines fall back to UTC
];

const TRANSITIONS = DST_CHANGES_2026;

/** A zone and the UTC date of a 2026 DST change there, for night windows around it. */
const NIGHT_CHANGES: Array<[zone: string, date: string]> = [
  ["America/New_York", "2026-03-08"],
  ["America/New_York", "2026-11-01"],
  ["America/Havana", "2026-03-08"],
  ["Europe/London", "2026-03-29"],
  ["Europe/Berlin", "2026-10-25"],
  ["Australia/Sydney", "2026-10-04"],
  ["Australia/Lord_Howe", "2026-04-05"],
  ["Australia/Lord_Howe", "2026-10-04"],
  ["America/Santiago", "2026-09-06"],
  ["Pacific/Chatham", "2026-09-27"],
];

/** Changes of the viewer's calendar day at local midnight: "today" flips at that instant. */
const MIDNIGHT_CHANGES: Array<[zone: string, at: string]> = [
  ["America/Havana", "2026-03-08T05:00:00Z"],
  ["America/Havana", "2026-11-01T05:00:00Z"],
  ["America/Santiago", "2026-04-05T03:00:00Z"],
  ["America/Santiago", "2026-09-06T04:00:00Z"],
];

/** 26 hours apart: a viewer's day reaches advisor days two calendar days away. */
const FAR_EAST = "Pacific/Kiritimati";
const FAR_WEST = ["Etc/GMT+12", "Pacific/Pago_Pago"];

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * 0–4 windows: random, adjacent to the previous one, overlapping, up to 24:00, or malformed.
 * At night they start before 04:00 and are short, to start and end inside DST gaps and repeats.
 */
function randomWindows(r: SeededRandom, night: boolean): TimeWindow[] {
  const latestStart = night ? 239 : 1439;
  const longest = night ? 120 : 600;
  const windows: TimeWindow[] = [];
  let previousEnd = r.int(0, 20) * 60;
  for (let i = r.int(0, 4); i > 0; i--) {
    if (r.chance(0.04)) {
      windows.push(
        r.pick([
          { start: "9am", end: "10:00" },
          { start: "11:00", end: "10:00" },
        ]),
      );
      continue;
    }
    const grid = r.pick([1, 5, 15, 30, 60]);
    const start = r.chance(0.3)
      ? previousEnd % 1440
      : r.int(0, Math.floor(latestStart / grid)) * grid;
    const end = r.chance(0.15) ? 1440 : Math.min(1440, start + r.int(1, longest / grid) * grid);
    windows.push({ start: clock(start), end: clock(end) });
    previousEnd = end;
  }
  return windows;
}

/** Where the windows lie: anywhere, only at night, or only right beside midnight. */
type Hours = "any" | "night" | "midnight";

function randomSchedule(r: SeededRandom, timeZone: string, hours: Hours): WeeklySchedule {
  const windows: WeeklySchedule["windows"] = {};
  for (const weekday of [1, 2, 3, 4, 5, 6, 7] as const) {
    if (hours !== "night" && !r.chance(0.75)) continue;
    const edge = r.pick([
      { start: "00:00", end: "01:00" },
      { start: "23:00", end: "24:00" },
    ]);
    windows[weekday] = hours === "midnight" ? [edge] : randomWindows(r, hours === "night");
  }
  return { timeZone, windows };
}

/** In a transition week, in the month before one (so the window spans it), or anywhere. */
function randomNow(r: SeededRandom): number {
  const roll = r.next();
  const minute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;
  if (roll < 0.4) return minute(r.pick(TRANSITIONS) + r.int(-4 * DAY, 4 * DAY));
  if (roll < 0.7) return minute(r.pick(TRANSITIONS) - r.int(0, 30 * DAY));
  if (roll < 0.75) return r.pick(TRANSITIONS) + r.int(-DAY, DAY); // any millisecond
  return minute(Date.parse("2026-01-01T00:00:00Z") + r.int(0, 730 * DAY));
}

/**
 * Zones, clock and hours: mostly random; sometimes the widest zone gap, a viewer whose day
 * changes at a DST change, or night windows in a zone with DST.
 */
function randomSetting(r: SeededRandom): {
  advisor: string;
  viewer: string;
  now: number;
  hours: Hours;
} {
  const roll = r.next();
  if (roll < 0.1) {
    const [advisor, viewer] = r.pick([
      [FAR_EAST, r.pick(FAR_WEST)],
      [r.pick(FAR_WEST), FAR_EAST],
    ]);
    return { advisor: advisor!, viewer: viewer!, now: randomNow(r), hours: "midnight" };
  }
  if (roll < 0.15) {
    const [zone, at] = r.pick(MIDNIGHT_CHANGES);
    const now = Date.parse(at) + r.pick([-1, 0, 1]); // milliseconds either side of the change
    return { advisor: r.pick(ZONES), viewer: zone, now, hours: "any" };
  }
  if (roll < 0.3) {
    const [advisor, date] = r.pick(NIGHT_CHANGES);
    const now = Date.parse(`${date}T00:00:00Z`) - r.int(1, 25 * 24 * 60) * MINUTE;
    return { advisor, viewer: r.pick(ZONES), now, hours: "night" };
  }
  const advisor = r.pick(ZONES);
  const viewer = r.chance(0.2) ? advisor : r.pick(ZONES);
  return { advisor, viewer, now: randomNow(r), hours: "any" };
}

/** Bookings and blocked times: aligned or not, overlapping, crossing midnight, some degenerate. */
function randomBusy(r: SeededRandom, now: number): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (let i = r.int(0, 80); i > 0; i--) {
    const grid = r.pick([1, 15, 30]) * MINUTE;
    const start = Math.floor((now + r.int(-2 * DAY, 33 * DAY)) / grid) * grid;
    const length = r.chance(0.8) ? r.pick([15, 30, 45, 60, 90]) * MINUTE : r.int(-HOUR, 36 * HOUR);
    const end = r.chance(0.02) ? Number.NaN : start + length;
    busy.push({ start: new Date(start), end: new Date(end) });
  }
  return busy;
}

function randomQuery(seed: number): SlotDatesQuery {
  const r = seededRandom(seed);
  const { advisor, viewer, now, hours } = randomSetting(r);
  return {
    schedule: randomSchedule(r, advisor, hours),
    busy: randomBusy(r, now),
    durationMinutes: r.pick([15, 30]),
    viewerTimeZone: viewer,
    now: new Date(now),
  };
}

/** What both engines answer (the rules and types they share come from core/slots.ts). */
type Engine = typeof reference;

/** What the booking service asks (server/scheduling isStartOffered), minus the database. */
function isStartOffered(engine: Engine, query: SlotDatesQuery, start: Date): boolean {
  const zone = query.schedule.timeZone;
  const date = DateTime.fromJSDate(start, { zone }).toISODate();
  if (!date) return false;
  return engine
    .offeredSlots({ ...query, viewerTimeZone: zone, date })
    .some((offered) => offered.getTime() === start.getTime());
}

/** Offered starts, the instants around them, and random instants on coarse and fine grids. */
function sampleStarts(r: SeededRandom, query: SlotDatesQuery, offered: Date[]): Date[] {
  const starts: Date[] = [];
  for (let i = 0; i < 4 && offered.length > 0; i++) {
    const at = r.pick(offered).getTime();
    starts.push(new Date(at), new Date(at + r.pick([-1, 1, 15, 30, -30]) * MINUTE));
  }
  for (let i = 0; i < 4; i++) {
    const grid = r.pick([1, 15, 30]) * MINUTE;
    const at = query.now.getTime() + r.int(-DAY, 32 * DAY);
    starts.push(new Date(Math.floor(at / grid) * grid));
  }
  return starts;
}

function dayIso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Every answer about the query's dates, computed by `engine`. */
function answers(engine: Engine, query: SlotDatesQuery, dates: string[]) {
  return {
    bookingWindow: engine.bookingWindow(query.viewerTimeZone, query.now, query.schedule.timeZone),
    selectableDates: engine.selectableDates(query),
    byDate: dates.map((date) => ({
      date,
      slots: engine
        .offeredSlots({ ...query, date })
        .map((d) => [
          d.toISOString(),
          engine.formatSlotLabel(d, query.viewerTimeZone),
          engine.formatSlotLabel(d, query.schedule.timeZone),
        ]),
      reason: engine.noSlotsReason({ ...query, date }),
    })),
  };
}

/** Every instant offered on the calendar's dates and one date either side, ascending. */
function offeredInstants(engine: Engine, query: SlotDatesQuery): number[] {
  const window = engine.bookingWindow(query.viewerTimeZone, query.now, query.schedule.timeZone);
  const instants: number[] = [];
  const last = Date.parse(`${window.last}T00:00:00Z`) + DAY;
  for (let ms = Date.parse(`${window.first}T00:00:00Z`) - DAY; ms <= last; ms += DAY) {
    for (const start of engine.offeredSlots({ ...query, date: dayIso(ms) })) {
      instants.push(start.getTime());
    }
  }
  return instants.sort((a, b) => a - b);
}

function compareCase(seed: number): void {
  const query = randomQuery(seed);
  const window = reference.bookingWindow(query.viewerTimeZone, query.now, query.schedule.timeZone);
  const first = Date.parse(`${window.first}T00:00:00Z`);
  // The window's dates (up to today + 31 for a viewer east of the advisor) plus one either
  // side (out of range) and an impossible date.
  const dates = ["2026-02-30"];
  for (let day = -1; day <= fast.BOOKING_WINDOW_DAYS + 2; day++) {
    dates.push(dayIso(first + day * DAY));
  }
  const replay = `seed ${seed}; rerun with SLOTS_EQ_SEED=${seed} SLOTS_EQ_CASES=1`;
  const expected = answers(reference, query, dates);
  expect(answers(fast, query, dates), replay).toEqual(expected);

  // One window (ADR 64): the viewer's dates offer exactly the instants the advisor's own do,
  // all inside the bookable span.
  const advisorView = { ...query, viewerTimeZone: query.schedule.timeZone };
  const viewerInstants = offeredInstants(fast, query);
  expect(viewerInstants, replay).toEqual(offeredInstants(fast, advisorView));
  const { from, until } = fast.bookableSpan(query.schedule.timeZone, query.now);
  const outside = viewerInstants.filter((ms) => ms < from.getTime() || ms >= until.getTime());
  expect(outside, replay).toEqual([]);

  const offered = expected.byDate.flatMap(({ slots }) => slots.map(([iso]) => new Date(iso!)));
  const starts = sampleStarts(seededRandom(seed ^ 0x5eed), query, offered);
  const startOffered = (engine: Engine) =>
    starts.map((start) => [start.toISOString(), isStartOffered(engine, query, start)]);
  expect(startOffered(fast), replay).toEqual(startOffered(reference));
}

describe("slot engine equivalence with the pre-rewrite engine", () => {
  for (let from = FIRST_SEED; from < FIRST_SEED + CASES; from += CHUNK) {
    const to = Math.min(from + CHUNK, FIRST_SEED + CASES);
    it(`agrees on random cases ${from}..${to - 1}`, { timeout: 30_000 }, () => {
      for (let seed = from; seed < to; seed++) compareCase(seed);
    });
  }

  it("rejects the same bad inputs", () => {
    const query = { ...randomQuery(FIRST_SEED), date: "2026-03-10" };
    for (const bad of [{ durationMinutes: 45 }, { now: new Date(Number.NaN) }]) {
      expect(() => fast.offeredSlots({ ...query, ...bad })).toThrow(RangeError);
      expect(() => reference.offeredSlots({ ...query, ...bad })).toThrow(RangeError);
      expect(() => fast.selectableDates({ ...query, ...bad })).toThrow(RangeError);
    }
  });

  it("parses clock strings the same way", () => {
    const values = [
      "00:00",
      "09:30",
      "23:59",
      "24:00",
      "24:01",
      "25:00",
      "99:59",
      "9:30",
      "09:60",
      "0930",
      "ab:cd",
      "2a:00",
      "09:3a",
      " 9:30",
      "09:30\n",
      "٠٩:٣٠",
      "",
      "09:30:00",
    ];
    for (const value of values) {
      for (const isEnd of [false, true]) {
        expect(fast.parseClock(value, isEnd)).toBe(reference.parseClock(value, isEnd));
      }
    }
  });
});
