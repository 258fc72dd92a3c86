import { performance } from "node:perf_hooks";
import {
  offeredSlots,
  selectableDates,
  type SlotDatesQuery,
  type WeeklySchedule,
} from "../core/slots";
import { say, summarize, type Summary } from "./stats";

/**
 * The pure slot engine for one busy advisor: a Kolkata schedule of ten hours a day, six days a
 * week, 200 bookings over the next 30 days, seen by a New York visitor. One pass is what the
 * booking step costs the server: the calendar's selectable dates, then every date's slots.
 */
const NOW = new Date("2026-03-02T06:30:00Z");
const BOOKINGS = 200;

const day = [
  { start: "09:00", end: "13:00" },
  { start: "14:00", end: "20:00" },
];
const schedule: WeeklySchedule = {
  timeZone: "Asia/Kolkata",
  windows: { 1: day, 2: day, 3: day, 4: day, 5: day, 6: day },
};

/** Mulberry32: a seeded generator, so every run books the same 200 slots. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bookedQuery(): SlotDatesQuery {
  const base: SlotDatesQuery = {
    schedule,
    busy: [],
    durationMinutes: 30,
    viewerTimeZone: "America/New_York",
    now: NOW,
  };
  const free = selectableDates(base).flatMap((date) => offeredSlots({ ...base, date }));
  const next = random(42);
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  const busy = free.slice(0, BOOKINGS).map((start) => ({
    start,
    end: new Date(start.getTime() + 30 * 60_000),
  }));
  return { ...base, busy };
}

export type EngineResult = {
  pass: Summary;
  datesCall: Summary;
  slotsCall: Summary;
  dates: number;
  slots: number;
};

export function benchEngine(passes = 300, warmup = 30): EngineResult {
  const query = bookedQuery();
  const pass: number[] = [];
  const datesCall: number[] = [];
  const slotsCall: number[] = [];
  let dates = 0;
  let slots = 0;
  for (let i = 0; i < warmup + passes; i++) {
    const started = performance.now();
    const selectable = selectableDates(query);
    const afterDates = performance.now();
    let found = 0;
    for (const date of selectable) {
      const t = performance.now();
      found += offeredSlots({ ...query, date }).length;
      if (i >= warmup) slotsCall.push(performance.now() - t);
    }
    if (i < warmup) continue;
    pass.push(performance.now() - started);
    datesCall.push(afterDates - started);
    dates = selectable.length;
    slots = found;
  }
  const result = {
    pass: summarize(pass),
    datesCall: summarize(datesCall),
    slotsCall: summarize(slotsCall),
    dates,
    slots,
  };
  say(`engine: ${dates} selectable dates, ${slots} free slots after ${BOOKINGS} bookings`);
  return result;
}
