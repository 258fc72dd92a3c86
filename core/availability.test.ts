import { describe, expect, it } from "vitest";
import {
  AVAILABILITY_REQUIRED_MESSAGE,
  CELLS_PER_DAY,
  INVALID_AVAILABILITY_MESSAGE,
  cellIndex,
  cellLabel,
  cellPosition,
  cellsToWindows,
  defaultWeeklySchedule,
  earliestSelectedSlot,
  hasAnyWindow,
  minutesToClock,
  parseAvailability,
  validateAvailability,
  weekSummary,
  windowsToCells,
} from "./availability";
import type { WeeklySchedule } from "./slots";
import { INVALID_TIME_ZONE_MESSAGE } from "./time-zones";

const monday = (...ranges: Array<[string, string]>): WeeklySchedule => ({
  timeZone: "Asia/Kolkata",
  windows: { 1: ranges.map(([start, end]) => ({ start, end })) },
});

describe("validateAvailability", () => {
  it("accepts valid windows and sorts each day by start", () => {
    const result = validateAvailability(monday(["14:00", "15:00"], ["09:00", "10:30"]));
    expect(result).toEqual({
      ok: true,
      schedule: {
        timeZone: "Asia/Kolkata",
        windows: {
          1: [
            { start: "09:00", end: "10:30" },
            { start: "14:00", end: "15:00" },
          ],
        },
      },
    });
  });

  it("accepts back-to-back windows and a window ending at 24:00", () => {
    expect(validateAvailability(monday(["09:00", "10:00"], ["10:00", "11:00"])).ok).toBe(true);
    expect(validateAvailability(monday(["23:30", "24:00"])).ok).toBe(true);
  });

  it("refuses an invalid time zone with its message", () => {
    const result = validateAvailability({ ...monday(["09:00", "10:00"]), timeZone: "Mars/Base" });
    expect(result).toEqual({ ok: false, message: INVALID_TIME_ZONE_MESSAGE });
  });

  it("requires at least one time slot", () => {
    expect(validateAvailability({ timeZone: "UTC", windows: {} })).toEqual({
      ok: false,
      message: AVAILABILITY_REQUIRED_MESSAGE,
    });
    expect(validateAvailability({ timeZone: "UTC", windows: { 3: [] } })).toEqual({
      ok: false,
      message: AVAILABILITY_REQUIRED_MESSAGE,
    });
  });

  it("refuses zero-length and reversed windows", () => {
    expect(validateAvailability(monday(["09:00", "09:00"]))).toEqual({
      ok: false,
      message: "Monday: the time slot 09:00-09:00 must end after it starts.",
    });
    expect(validateAvailability(monday(["17:00", "09:00"])).ok).toBe(false);
  });

  it("refuses overlapping windows on one day, naming both", () => {
    expect(validateAvailability(monday(["10:00", "12:00"], ["09:00", "10:30"]))).toEqual({
      ok: false,
      message: "Monday: the time slots 09:00-10:30 and 10:00-12:00 overlap.",
    });
  });

  it.each(["9:00", "09:15", "24:00", "25:00", "09:00:00", ""])(
    "refuses the start time %j",
    (start) => {
      const result = validateAvailability(monday([start, "23:30"]));
      expect(result).toEqual({
        ok: false,
        message: `Monday: "${start}" is not a valid time. Use HH:mm on the hour or half hour.`,
      });
    },
  );
});

describe("parseAvailability", () => {
  it("reads JSON text and objects", () => {
    const value = monday(["09:00", "10:00"]);
    expect(parseAvailability(JSON.stringify(value)).ok).toBe(true);
    expect(parseAvailability(value).ok).toBe(true);
  });

  it.each([
    "not json",
    null,
    { timeZone: "UTC" },
    { timeZone: "UTC", windows: { 8: [{ start: "09:00", end: "10:00" }] } },
    { timeZone: "UTC", windows: { 1: [{ start: 9, end: 10 }] } },
    { timeZone: "UTC", windows: { 1: Array(49).fill({ start: "09:00", end: "10:00" }) } },
  ])("refuses malformed input %j", (input) => {
    expect(parseAvailability(input)).toEqual({ ok: false, message: INVALID_AVAILABILITY_MESSAGE });
  });

  it("applies the rules after the shape", () => {
    expect(parseAvailability({ timeZone: "UTC", windows: {} })).toEqual({
      ok: false,
      message: AVAILABILITY_REQUIRED_MESSAGE,
    });
  });
});

describe("defaults and helpers", () => {
  it("defaults to Monday-Friday 09:00-17:00 in the given zone", () => {
    const schedule = defaultWeeklySchedule("Europe/London");
    expect(schedule.timeZone).toBe("Europe/London");
    expect(Object.keys(schedule.windows)).toEqual(["1", "2", "3", "4", "5"]);
    expect(schedule.windows[5]).toEqual([{ start: "09:00", end: "17:00" }]);
    expect(validateAvailability(schedule).ok).toBe(true);
  });

  it("formats clocks and knows when a schedule is empty", () => {
    expect([0, 90, 1410, 1440].map(minutesToClock)).toEqual(["00:00", "01:30", "23:30", "24:00"]);
    expect(hasAnyWindow({ timeZone: "UTC", windows: { 2: [] } })).toBe(false);
    expect(hasAnyWindow(monday(["09:00", "10:00"]))).toBe(true);
  });
});

describe("grid cells", () => {
  it("numbers cells by weekday and half hour, and names them", () => {
    expect(cellIndex(1, 0)).toBe(0);
    expect(cellIndex(7, 47)).toBe(7 * CELLS_PER_DAY - 1);
    expect(cellPosition(cellIndex(3, 18))).toEqual({ day: 3, slot: 18 });
    expect(cellLabel(1, 18)).toBe("Monday 09:00 to 09:30");
    expect(cellLabel(7, 47)).toBe("Sunday 23:30 to 24:00");
  });

  it("turns windows into cells and back, merging adjacent windows", () => {
    const windows = {
      1: [
        { start: "09:00", end: "10:00" },
        { start: "10:00", end: "11:00" },
      ],
      7: [{ start: "23:00", end: "24:00" }],
    };
    const cells = windowsToCells(windows);
    expect([...cells].sort((a, b) => a - b)).toEqual([18, 19, 20, 21, 334, 335]);
    expect(cellsToWindows(cells)).toEqual({
      1: [{ start: "09:00", end: "11:00" }],
      7: [{ start: "23:00", end: "24:00" }],
    });
  });

  it("rounds an off-grid legacy window inwards and skips malformed ones", () => {
    const cells = windowsToCells({
      2: [
        { start: "09:15", end: "10:45" },
        { start: "bad", end: "11:00" },
      ],
    });
    expect([...cells]).toEqual([cellIndex(2, 19), cellIndex(2, 20)]);
  });

  it("keeps separate runs on one day apart", () => {
    const cells = new Set([cellIndex(4, 0), cellIndex(4, 2), cellIndex(4, 3)]);
    expect(cellsToWindows(cells)).toEqual({
      4: [
        { start: "00:00", end: "00:30" },
        { start: "01:00", end: "02:00" },
      ],
    });
  });

  it("finds the earliest selected half hour across days", () => {
    expect(earliestSelectedSlot(new Set())).toBeNull();
    expect(earliestSelectedSlot(new Set([cellIndex(1, 30), cellIndex(6, 17)]))).toBe(17);
  });
});

describe("weekSummary", () => {
  it("names each day's windows in order, evenings and the day's last half hour included", () => {
    const cells = windowsToCells({
      2: [{ start: "19:00", end: "21:30" }],
      4: [
        { start: "09:00", end: "10:00" },
        { start: "19:00", end: "21:30" },
      ],
      7: [{ start: "23:30", end: "24:00" }],
    });
    expect(weekSummary(cells)).toEqual([
      { day: 2, hours: "19:00–21:30" },
      { day: 4, hours: "09:00–10:00, 19:00–21:30" },
      { day: 7, hours: "23:30–24:00" },
    ]);
  });

  it("is empty for an empty week", () => {
    expect(weekSummary(new Set())).toEqual([]);
  });
});
