import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WeeklySchedule } from "../../core/slots";
import { createTestDatabase } from "../db/database.test-support";
import { saveSchedule } from "./schedule.server";
import { datesFor, slotsFor } from "./slots.server";
import {
  blockTime,
  createAdvisor,
  createBooking,
  createSeeker,
} from "../db/factories.test-support";

/*
 * The public slots come from the database through the pure engine: live bookings and blocked
 * times vanish from the offer; cancelled bookings and lapsed holds do not.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let advisorId: string;
let seekerId: string;

const NOW = new Date("2026-03-02T00:00:00Z"); // a Monday
const MINUTE = 60_000;
// Every day 09:00-12:00 in Kolkata = 03:30-06:30 UTC: six 30-minute slots a day.
const everyMorning: WeeklySchedule = {
  timeZone: "Asia/Kolkata",
  windows: Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((day) => [day, [{ start: "09:00", end: "12:00" }]]),
  ),
};
const query = { viewerTimeZone: "UTC", duration: 30 as const, now: NOW };

beforeAll(async () => {
  database = await createTestDatabase();
  advisorId = await createAdvisor(database.db);
  seekerId = await createSeeker(database.db);
  const saved = await saveSchedule(database.db, advisorId, everyMorning);
  if (!saved.ok) throw new Error(saved.message);
});
afterAll(() => database.destroy());

const startsOn = async (date: string) =>
  (await slotsFor(database.db, advisorId, { ...query, date }))?.slots.map((s) => s.start);

describe("slotsFor", () => {
  it("offers every window slot of a free day, labelled in both zones", async () => {
    const result = await slotsFor(database.db, advisorId, { ...query, date: "2026-03-04" });
    expect(result?.slots.map((s) => s.start.slice(11, 16))).toEqual([
      "03:30",
      "04:00",
      "04:30",
      "05:00",
      "05:30",
      "06:00",
    ]);
    expect(result?.slots[0]).toEqual({
      start: "2026-03-04T03:30:00.000Z",
      label: "3:30 AM",
      advisorLabel: "9:00 AM",
    });
    expect(result).toMatchObject({
      reason: null,
      advisorTimeZone: "Asia/Kolkata",
      hasAvailability: true,
    });
  });

  it("removes confirmed and completed bookings, live holds and blocked times only", async () => {
    const at = (time: string) => `2026-03-05T${time}:00Z`;
    const book = (
      time: string,
      status: Parameters<typeof createBooking>[1]["status"],
      hold?: Date,
    ) =>
      createBooking(database.db, {
        advisorId,
        userId: seekerId,
        datetime: new Date(at(time)),
        status,
        holdExpiresAt: hold,
      });
    await book("03:30", "confirmed");
    await book("04:00", "pending_payment", new Date(NOW.getTime() + 15 * MINUTE)); // live hold
    await blockTime(database.db, advisorId, at("04:30"), at("05:00"));
    await book("05:00", "cancelled");
    await book("05:30", "pending_payment", new Date(NOW.getTime() - MINUTE)); // lapsed hold
    await book("06:00", "expired");
    await book("06:15", "completed", undefined);
    expect(await startsOn("2026-03-05")).toEqual([at("05:00"), at("05:30")].map(iso));
  });

  it("ignores other advisors' bookings", async () => {
    const other = await createAdvisor(database.db);
    await createBooking(database.db, {
      advisorId: other,
      userId: seekerId,
      datetime: new Date("2026-03-06T03:30:00Z"),
      status: "confirmed",
    });
    expect(await startsOn("2026-03-06")).toHaveLength(6);
  });

  it("explains an empty day", async () => {
    await blockTime(database.db, advisorId, "2026-03-07T00:00:00Z", "2026-03-08T00:00:00Z");
    const reason = async (date: string, overrides = {}) =>
      (await slotsFor(database.db, advisorId, { ...query, date, ...overrides }))?.reason;
    expect(await reason("2026-03-07")).toBe("fully-booked");
    expect(await reason("2026-03-02")).toBe("too-soon"); // 03:30 UTC is under 12 h after NOW
    expect(await reason("2026-05-01")).toBe("out-of-range");
    expect(await reason("2026-03-01")).toBe("out-of-range");
  });

  it("shows the slots on the viewer's own dates", async () => {
    // New York's 3 March holds the end of Kolkata's 3 March morning (after its midnight)
    // and the start of Kolkata's 4 March morning (09:00 there is 22:30 here).
    const result = await slotsFor(database.db, advisorId, {
      ...query,
      viewerTimeZone: "America/New_York",
      date: "2026-03-03",
    });
    expect(result?.slots.map((s) => `${s.label} / ${s.advisorLabel}`)).toEqual([
      "12:00 AM / 10:30 AM",
      "12:30 AM / 11:00 AM",
      "1:00 AM / 11:30 AM",
      "10:30 PM / 9:00 AM",
      "11:00 PM / 9:30 AM",
      "11:30 PM / 10:00 AM",
    ]);
  });
});

describe("datesFor", () => {
  it("lists the booking window's dates that have a free slot", async () => {
    const result = await datesFor(database.db, advisorId, query);
    expect(result).toMatchObject({
      first: "2026-03-02",
      last: "2026-04-01",
      advisorTimeZone: "Asia/Kolkata",
      hasAvailability: true,
    });
    // Today is too soon and 7 March is blocked; every other day of the window has slots.
    expect(result?.dates).toHaveLength(29);
    expect(result?.dates).not.toContain("2026-03-02");
    expect(result?.dates).not.toContain("2026-03-07");
    expect(result?.dates[0]).toBe("2026-03-03");
    expect(result?.dates.at(-1)).toBe("2026-04-01");
  });
});

describe("who is public", () => {
  it.each(["pending", "rejected", "pending_activation", "draft"] as const)(
    "hides a %s advisor's slots and dates",
    async (profileStatus) => {
      const hidden = await createAdvisor(database.db, { profileStatus });
      await saveSchedule(database.db, hidden, everyMorning);
      expect(await slotsFor(database.db, hidden, { ...query, date: "2026-03-04" })).toBeNull();
      expect(await datesFor(database.db, hidden, query)).toBeNull();
    },
  );

  it("answers null for an unknown advisor", async () => {
    const unknown = "00000000-0000-4000-8000-000000000002";
    expect(await datesFor(database.db, unknown, query)).toBeNull();
  });

  it("says when an approved advisor has no availability yet", async () => {
    const fresh = await createAdvisor(database.db, { sessionTimezone: "Europe/Berlin" });
    expect(await datesFor(database.db, fresh, query)).toMatchObject({
      dates: [],
      advisorTimeZone: "Europe/Berlin",
      hasAvailability: false,
    });
    expect(await slotsFor(database.db, fresh, { ...query, date: "2026-03-04" })).toEqual({
      slots: [],
      reason: "not-working",
      advisorTimeZone: "Europe/Berlin",
      hasAvailability: false,
    });
  });
});

function iso(value: string) {
  return new Date(value).toISOString();
}
