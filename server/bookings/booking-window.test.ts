import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import { seededRandom, type SeededRandom } from "../../core/seeded-random.test-support";
import type { SessionDuration, WeeklySchedule } from "../../core/slots";
import { buildConfig } from "../config.server";
import { createTestDatabase } from "../db/database.test-support";
import { saveSchedule } from "../scheduling/schedule.server";
import { datesFor, isStartOffered, slotsFor } from "../scheduling/slots.server";
import { createBooking } from "./booking-service.server";
import { rescheduleSession } from "./reschedule.server";
import {
  createAdvisor,
  createBooking as insertBooking,
  createSeeker,
} from "../db/factories.test-support";
import { request, testDeps, testEvents } from "./bookings.test-support";
import { DST_CHANGES_2026, ODD_ZONES } from "../../core/time-zones-fixture.test-support";

/*
 * One booking window (ADR 64) seen from every side: whatever the viewer's zone and the clock,
 * every start the dates and slots lists offer is accepted by the booking check, and every
 * start the booking check refuses was never offered. Each case has its own seed, printed on
 * failure; rerun one with WINDOW_SEED=<seed> WINDOW_CASES=1.
 */
const CASES = Number(process.env.WINDOW_CASES ?? 24);
const FIRST_SEED = Number(process.env.WINDOW_SEED ?? 20_261_124);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof testDeps>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "window-test-")) });

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testDeps(database.db);
});
afterAll(() => database.destroy());

async function advisorWith(schedule: WeeklySchedule): Promise<string> {
  const advisorId = await createAdvisor(database.db, {
    hourlyRateInr: 2000,
    sessionTimezone: schedule.timeZone,
  });
  const saved = await saveSchedule(database.db, advisorId, schedule);
  if (!saved.ok) throw new Error(saved.message);
  return advisorId;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) =>
  isoDay(Date.parse(`${date}T00:00:00Z`) + days * DAY);

/** Every start the slot lists offer a viewer in `zone`, checked against the dates list. */
async function offeredTo(
  advisorId: string,
  zone: string,
  duration: SessionDuration,
  now: Date,
): Promise<{ starts: Set<number>; last: string }> {
  const query = { viewerTimeZone: zone, duration, now };
  const window = (await datesFor(database.db, advisorId, query))!;
  const starts = new Set<number>();
  const withSlots: string[] = [];
  for (let date = plusDays(window.first, -1); date <= plusDays(window.last, 1);) {
    const slots = (await slotsFor(database.db, advisorId, { ...query, date }))!.slots;
    if (slots.length > 0) withSlots.push(date);
    for (const slot of slots) starts.add(Date.parse(slot.start));
    date = plusDays(date, 1);
  }
  expect(window.dates, `dates list of a viewer in ${zone}`).toEqual(withSlots);
  return { starts, last: window.last };
}

describe("the booking window near its end", () => {
  const everyMorningKolkata: WeeklySchedule = {
    timeZone: "Asia/Kolkata",
    windows: Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7].map((day) => [day, [{ start: "09:00", end: "12:00" }]]),
    ),
  };
  // 17:30 on 24 November in Kolkata, 07:00 in New York: the window closes at midnight
  // starting 25 December in Kolkata, which is 13:30 on 24 December in New York.
  const now = new Date("2026-11-24T12:00:00Z");

  it("offers a New York viewer on 24 December only what the booking check accepts", async () => {
    const advisorId = await advisorWith(everyMorningKolkata);
    const offered = await slotsFor(database.db, advisorId, {
      date: "2026-12-24",
      viewerTimeZone: "America/New_York",
      duration: 30,
      now,
    });
    expect(offered!.slots.map((s) => s.start)).toEqual([
      "2026-12-24T05:00:00.000Z",
      "2026-12-24T05:30:00.000Z",
      "2026-12-24T06:00:00.000Z",
    ]);
    deps.clock.now = now;
    const seeker = await createSeeker(database.db);
    expect(
      await createBooking(deps, seeker, request(advisorId, "2026-12-25T03:30:00.000Z")),
    ).toEqual({ ok: false, status: 409, field: "datetime", message: M.timeNotOffered });
    const booked = await createBooking(
      deps,
      seeker,
      request(advisorId, "2026-12-24T06:00:00.000Z"),
    );
    expect(booked.ok).toBe(true);
  });

  it("gives a viewer east of the advisor the advisor's last day, which is their day 31", async () => {
    const advisorId = await advisorWith({ ...everyMorningKolkata, timeZone: "America/New_York" });
    const dates = await datesFor(database.db, advisorId, {
      viewerTimeZone: "Asia/Kolkata",
      duration: 30,
      now,
    });
    // 09:00-11:30 on 24 December in New York is 19:30-22:00 that day in Kolkata; the window
    // ends at 10:30 on 25 December in Kolkata (midnight in New York).
    expect(dates).toMatchObject({ first: "2026-11-24", last: "2026-12-25" });
    expect(dates!.dates.at(-1)).toBe("2026-12-24");
  });
});

// ---- The randomized agreement of the lists, the booking check and the reschedule check. ----

const ZONES = ODD_ZONES;

/** DST changes in the zones above: 2026's, and the first of 2027 (a window can span them). */
const TRANSITIONS = [
  ...DST_CHANGES_2026,
  ...["2027-03-14", "2027-03-28"].map((date) => Date.parse(`${date}T00:00:00Z`)),
];

const clock = (cells: number) =>
  `${String(Math.floor(cells / 2)).padStart(2, "0")}:${cells % 2 ? "30" : "00"}`;

/** Half-hour windows as an advisor can save them, often touching midnight. */
function randomSchedule(r: SeededRandom, timeZone: string): WeeklySchedule {
  const windows: WeeklySchedule["windows"] = {};
  for (const day of [1, 2, 3, 4, 5, 6, 7] as const) {
    if (!r.chance(0.7)) continue;
    const roll = r.next();
    if (roll < 0.25) {
      windows[day] = [
        { start: "00:00", end: clock(r.int(1, 4)) },
        { start: clock(r.int(40, 47)), end: "24:00" },
      ];
      continue;
    }
    const start = r.int(0, 44);
    const end = r.int(start + 1, Math.min(48, start + 20));
    windows[day] = [{ start: clock(start), end: clock(end) }];
  }
  windows[r.pick([1, 2, 3, 4, 5, 6, 7] as const)] ??= [{ start: "09:00", end: "17:00" }];
  return { timeZone, windows };
}

/** Local midnight of a random date in `zone`, as an instant. */
function midnightIn(r: SeededRandom, zone: string): number {
  const date = DateTime.fromMillis(Date.parse("2026-01-01T00:00:00Z") + r.int(0, 500) * DAY, {
    zone,
  });
  return date.startOf("day").toMillis();
}

/** Near the advisor's or the viewer's midnight, in a DST week, a month before one, or anywhere. */
function randomNow(r: SeededRandom, advisor: string, viewer: string): number {
  const roll = r.next();
  const jitter = () => r.pick([-1, 0, 1, -MINUTE, MINUTE, -15 * MINUTE, 15 * MINUTE, 7 * HOUR]);
  if (roll < 0.25) return midnightIn(r, advisor) + jitter();
  if (roll < 0.45) return midnightIn(r, viewer) + jitter();
  if (roll < 0.65) return r.pick(TRANSITIONS) + r.int(-4 * DAY, 4 * DAY);
  if (roll < 0.85) return r.pick(TRANSITIONS) - 30 * DAY + r.int(-2 * DAY, 2 * DAY);
  return Date.parse("2026-01-01T00:00:00Z") + r.int(0, 500 * DAY);
}

/** Starts to ask the booking check about: offered ones, their neighbours and random ones. */
function candidates(r: SeededRandom, offered: number[], now: number): number[] {
  const picked = new Set<number>();
  const sorted = [...offered].sort((a, b) => a - b);
  // The window's two ends matter most: the first and last offered starts and beyond.
  for (const at of [...sorted.slice(0, 3), ...sorted.slice(-6)]) {
    for (const step of [0, 15, 30, 60, 24 * 60]) picked.add(at + step * MINUTE);
  }
  for (let i = 0; i < 8 && sorted.length > 0; i++) picked.add(r.pick(sorted));
  for (let i = 0; i < 16; i++) {
    const at = now + r.int(-DAY, 33 * DAY);
    picked.add(Math.floor(at / (15 * MINUTE)) * 15 * MINUTE);
  }
  return [...picked];
}

async function checkCase(seed: number) {
  const r = seededRandom(seed);
  const replay = `seed ${seed}; rerun with WINDOW_SEED=${seed} WINDOW_CASES=1`;
  const advisorZone = r.pick(ZONES);
  const viewers = [r.pick(ZONES), r.pick(ZONES)];
  const now = new Date(randomNow(r, advisorZone, viewers[0]!));
  const duration = r.pick([15, 30] as const);
  const advisorId = await advisorWith(randomSchedule(r, advisorZone));
  const seeker = await createSeeker(database.db);

  // A few sessions already booked, inside and at the end of the window.
  const first = await offeredTo(advisorId, advisorZone, duration, now);
  const taken = [...first.starts].filter(() => r.chance(0.05)).slice(0, 4);
  for (const start of taken) {
    await insertBooking(database.db, {
      advisorId,
      userId: await createSeeker(database.db),
      datetime: new Date(start),
      duration,
    });
  }

  // Every viewer, whatever their zone, is offered the same instants.
  const [offered, ...others] = await Promise.all(
    [advisorZone, ...viewers].map((zone) => offeredTo(advisorId, zone, duration, now)),
  );
  for (const other of others) {
    expect([...other.starts].sort(), replay).toEqual([...offered!.starts].sort());
  }
  for (const start of taken) expect(offered!.starts.has(start), replay).toBe(false);

  // The booking check accepts exactly the offered starts.
  for (const start of candidates(r, [...offered!.starts], now.getTime())) {
    const accepted = await isStartOffered(database.db, advisorId, new Date(start), duration, now);
    expect(
      [new Date(start).toISOString(), accepted],
      `${replay}; advisor ${advisorZone}, now ${now.toISOString()}`,
    ).toEqual([new Date(start).toISOString(), offered!.starts.has(start)]);
  }

  // The booking service books the last offered start and refuses the next grid start.
  const sorted = [...offered!.starts].sort((a, b) => a - b);
  const last = sorted.at(-1);
  if (last === undefined) return;
  deps.clock.now = now;
  // A 15-minute session is a follow-up: the seeker has had a session with the advisor.
  if (duration === 15) {
    const long = new Date(now.getTime() - 30 * DAY);
    await insertBooking(database.db, {
      advisorId,
      userId: seeker,
      datetime: long,
      status: "completed",
    });
  }
  const type = { sessionType: duration === 15 ? "Follow up call" : "First Call", duration };
  const after = new Date(last + duration * MINUTE);
  if (!offered!.starts.has(after.getTime())) {
    const refused = await createBooking(
      deps,
      seeker,
      request(advisorId, after.toISOString(), type),
    );
    expect(refused, replay).toMatchObject({ ok: false, status: 409 });
  }
  const booked = await createBooking(
    deps,
    seeker,
    request(advisorId, new Date(last).toISOString(), type),
  );
  expect(booked, replay).toMatchObject({ ok: true });

  // A confirmed session moves to the first offered start, not beyond the window.
  const firstStart = sorted[0]!;
  if (firstStart === last) return;
  const session = await insertBooking(database.db, {
    advisorId,
    userId: await createSeeker(database.db),
    datetime: new Date(firstStart),
    duration,
  });
  const actor = { userId: session.userId, advisorId: null, isAdmin: false };
  const move = (to: number) =>
    rescheduleSession(database.db, {
      actor,
      bookingId: session.id,
      newStart: new Date(to),
      now,
      config,
      events: testEvents(config),
    });
  if (!offered!.starts.has(after.getTime()) && after.getTime() - firstStart >= duration * MINUTE) {
    expect(await move(after.getTime()), replay).toMatchObject({
      ok: false,
      message: SESSION_MESSAGES.slotUnavailable,
    });
  }
  const secondLast = sorted.at(-2)!;
  if (secondLast - firstStart >= duration * MINUTE) {
    expect(await move(secondLast), replay).toMatchObject({ ok: true });
  }
}

describe("one booking window for lists, bookings and reschedules", () => {
  const CHUNK = 6;
  for (let from = FIRST_SEED; from < FIRST_SEED + CASES; from += CHUNK) {
    const to = Math.min(from + CHUNK, FIRST_SEED + CASES);
    it(
      `agrees on random zones, clocks and schedules ${from}..${to - 1}`,
      { timeout: 120_000 },
      async () => {
        for (let seed = from; seed < to; seed++) await checkCase(seed);
      },
    );
  }
});
