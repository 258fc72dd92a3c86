import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AVAILABILITY_REQUIRED_MESSAGE,
  INVALID_AVAILABILITY_MESSAGE,
} from "../../core/availability";
import type { WeeklySchedule } from "../../core/slots";
import { INVALID_TIME_ZONE_MESSAGE } from "../../core/time-zones";
import { advisors, advisorSchedules, scheduleSlots } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import {
  defaultScheduleFor,
  getSchedule,
  loadEditableSchedule,
  SAVE_FAILURES,
  saveSchedule,
} from "./schedule.server";
import { createAdvisor } from "../db/factories.test-support";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const kolkata: WeeklySchedule = {
  timeZone: "Asia/Kolkata",
  windows: {
    3: [{ start: "14:00", end: "16:00" }],
    1: [
      { start: "18:00", end: "20:00" },
      { start: "09:00", end: "10:30" },
    ],
  },
};
const kolkataSorted: WeeklySchedule = {
  timeZone: "Asia/Kolkata",
  windows: {
    1: [
      { start: "09:00", end: "10:30" },
      { start: "18:00", end: "20:00" },
    ],
    3: [{ start: "14:00", end: "16:00" }],
  },
};
const london: WeeklySchedule = {
  timeZone: "Europe/London",
  windows: { 6: [{ start: "10:00", end: "12:00" }], 7: [{ start: "23:00", end: "24:00" }] },
};

async function state(advisorId: string) {
  const db = database.db;
  const schedules = await db
    .select()
    .from(advisorSchedules)
    .where(eq(advisorSchedules.advisorId, advisorId));
  const [advisor] = await db.select().from(advisors).where(eq(advisors.id, advisorId));
  return {
    schedule: await getSchedule(db, advisorId),
    scheduleRows: schedules.length,
    sessionTimezone: advisor!.sessionTimezone,
  };
}

describe("reading and saving a schedule", () => {
  it("has no schedule until one is saved", async () => {
    const advisorId = await createAdvisor(database.db);
    expect(await getSchedule(database.db, advisorId)).toBeNull();
  });

  it("saves a schedule, sorted by day and start, and moves the advisor's zone with it", async () => {
    const advisorId = await createAdvisor(database.db);
    const result = await saveSchedule(database.db, advisorId, kolkata);
    expect(result.ok).toBe(true);
    expect(await state(advisorId)).toEqual({
      schedule: kolkataSorted,
      scheduleRows: 1,
      sessionTimezone: "Asia/Kolkata",
    });
  });

  it("replaces the slots and zone of the one active schedule (JSON text input too)", async () => {
    const advisorId = await createAdvisor(database.db);
    await saveSchedule(database.db, advisorId, kolkata);
    const result = await saveSchedule(database.db, advisorId, JSON.stringify(london));
    expect(result).toEqual({ ok: true, schedule: london });
    expect(await state(advisorId)).toEqual({
      schedule: london,
      scheduleRows: 1,
      sessionTimezone: "Europe/London",
    });
  });

  it("ignores slots marked unavailable", async () => {
    const advisorId = await createAdvisor(database.db);
    await saveSchedule(database.db, advisorId, london);
    await database.db.execute(sql`
      update ${scheduleSlots} set is_available = false where schedule_id in
        (select id from ${advisorSchedules} where advisor_id = ${advisorId})`);
    expect(await getSchedule(database.db, advisorId)).toEqual({
      timeZone: "Europe/London",
      windows: {},
    });
  });
});

describe("bad input changes nothing", () => {
  it.each([
    ["an invalid zone", { ...london, timeZone: "Mars/Base" }, INVALID_TIME_ZONE_MESSAGE],
    ["no slot", { timeZone: "UTC", windows: {} }, AVAILABILITY_REQUIRED_MESSAGE],
    [
      "overlapping windows",
      {
        timeZone: "UTC",
        windows: {
          2: [
            { start: "09:00", end: "11:00" },
            { start: "10:30", end: "12:00" },
          ],
        },
      },
      "Tuesday: the time slots 09:00-11:00 and 10:30-12:00 overlap.",
    ],
    [
      "a zero-length window",
      { timeZone: "UTC", windows: { 5: [{ start: "09:00", end: "09:00" }] } },
      "Friday: the time slot 09:00-09:00 must end after it starts.",
    ],
    ["malformed JSON", "{not json", INVALID_AVAILABILITY_MESSAGE],
  ])("refuses %s with a clear message", async (_name, input, message) => {
    const advisorId = await createAdvisor(database.db);
    await saveSchedule(database.db, advisorId, kolkata);
    const before = await state(advisorId);
    expect(await saveSchedule(database.db, advisorId, input)).toEqual({
      ok: false,
      status: 400,
      message,
    });
    expect(await state(advisorId)).toEqual(before);
  });
});

describe("a failure half-way leaves the old schedule intact", () => {
  it("rolls back when inserting the new slots fails", async () => {
    const advisorId = await createAdvisor(database.db);
    await saveSchedule(database.db, advisorId, kolkata);
    const before = await state(advisorId);
    // A trigger makes the database refuse one slot: the zone update and the delete of the old
    // slots have already run inside the transaction when it fires. The server's own user makes
    // it: the app's role cannot.
    await database.privileged.execute(sql`
      create function refuse_slot() returns trigger language plpgsql as $$
      begin raise exception 'disk full (simulated)'; end $$`);
    await database.privileged.execute(sql`
      create trigger refuse_slot before insert on schedule_slots
      for each row when (new.start_time = '23:00') execute function refuse_slot()`);
    try {
      const result = await saveSchedule(database.db, advisorId, london);
      expect(result).toMatchObject({ ok: false, status: 500, message: SAVE_FAILURES.insertSlots });
      // The database's own error travels with it (inside Drizzle's), for the log.
      const cause = (result as { cause: Error & { cause?: Error } }).cause;
      expect(cause.message).toMatch(/^Failed query: insert into "schedule_slots"/);
      expect(cause.cause?.message).toBe("disk full (simulated)");
      expect(await state(advisorId)).toEqual(before);
    } finally {
      await database.privileged.execute(sql`drop trigger refuse_slot on schedule_slots`);
      await database.privileged.execute(sql`drop function refuse_slot()`);
    }
  });

  it("reports a failed create for an advisor that does not exist", async () => {
    const result = await saveSchedule(database.db, "00000000-0000-4000-8000-000000000001", london);
    expect(result).toMatchObject({ ok: false, status: 500, message: SAVE_FAILURES.create });
  });

  it("keeps two concurrent saves whole: the result is one of them, never a mix", async () => {
    const advisorId = await createAdvisor(database.db);
    await saveSchedule(database.db, advisorId, kolkata);
    const results = await Promise.all([
      saveSchedule(database.db, advisorId, london),
      saveSchedule(database.db, advisorId, kolkata),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    const { schedule, scheduleRows } = await state(advisorId);
    expect(scheduleRows).toBe(1);
    expect([london, kolkataSorted]).toContainEqual(schedule);
  });
});

describe("a new advisor's default schedule", () => {
  it("is Monday-Friday 09:00-17:00 in the browser's zone, else the country's, else Kolkata", () => {
    const fromBrowser = defaultScheduleFor({ browserZone: "America/Toronto", country: "India" });
    expect(fromBrowser.timeZone).toBe("America/Toronto");
    expect(Object.keys(fromBrowser.windows)).toEqual(["1", "2", "3", "4", "5"]);
    expect(fromBrowser.windows[1]).toEqual([{ start: "09:00", end: "17:00" }]);
    expect(defaultScheduleFor({ browserZone: "Bad/Zone", country: "Japan" }).timeZone).toBe(
      "Asia/Tokyo",
    );
    expect(defaultScheduleFor({}).timeZone).toBe("Asia/Kolkata");
  });

  it("is what the editor starts from until a schedule is saved", async () => {
    const advisorId = await createAdvisor(database.db, {
      sessionTimezone: "Asia/Dubai",
      profileStatus: "pending",
    });
    expect(await loadEditableSchedule(database.db, advisorId)).toEqual({
      schedule: defaultScheduleFor({ browserZone: "Asia/Dubai" }),
      saved: false,
      ownTimeZone: "Asia/Dubai",
      isPublic: false,
    });
    await saveSchedule(database.db, advisorId, london);
    expect(await loadEditableSchedule(database.db, advisorId)).toEqual({
      schedule: london,
      saved: true,
      ownTimeZone: "Europe/London",
      isPublic: false,
    });
  });

  it("can be saved as it is", async () => {
    const advisorId = await createAdvisor(database.db);
    const result = await saveSchedule(database.db, advisorId, defaultScheduleFor({}));
    expect(result.ok).toBe(true);
  });
});
