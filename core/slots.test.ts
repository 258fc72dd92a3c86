import { describe, expect, it } from "vitest";
import {
  bookableSpan,
  bookingWindow,
  formatSlotLabel,
  isIsoDate,
  noSlotsReason,
  offeredSlots,
  selectableDates,
  type BusyInterval,
  type SlotQuery,
  type TimeWindow,
  type WeeklySchedule,
} from "./slots";

const NOW = new Date("2026-03-01T00:00:00Z"); // a Sunday; 2026-03-02 is a Monday

/** The same windows on all seven weekdays. */
function everyDay(timeZone: string, ...ranges: Array<[string, string]>): WeeklySchedule {
  const w: TimeWindow[] = ranges.map(([start, end]) => ({ start, end }));
  return { timeZone, windows: { 1: w, 2: w, 3: w, 4: w, 5: w, 6: w, 7: w } };
}

function busy(...ranges: Array<[string, string]>): BusyInterval[] {
  return ranges.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

function query(overrides: Partial<SlotQuery> & Pick<SlotQuery, "date">): SlotQuery {
  return {
    schedule: everyDay("UTC", ["09:00", "12:00"]),
    busy: [],
    durationMinutes: 30,
    viewerTimeZone: "UTC",
    now: NOW,
    ...overrides,
  };
}

const slots = (q: Parameters<typeof query>[0]) =>
  offeredSlots(query(q)).map((d) => d.toISOString());
const labels = (q: Parameters<typeof query>[0], zone = q.viewerTimeZone ?? "UTC") =>
  offeredSlots(query(q)).map((d) => formatSlotLabel(d, zone));

describe("half-hour offset zones", () => {
  const kolkata = everyDay("Asia/Kolkata", ["09:00", "10:00"]);
  const kathmandu = everyDay("Asia/Kathmandu", ["09:00", "10:00"]);

  it("Asia/Kolkata (+05:30) for a UTC viewer and a same-zone viewer", () => {
    const utc = slots({ schedule: kolkata, date: "2026-03-10" });
    expect(utc).toEqual(["2026-03-10T03:30:00.000Z", "2026-03-10T04:00:00.000Z"]);
    expect(labels({ schedule: kolkata, date: "2026-03-10" })).toEqual(["3:30 AM", "4:00 AM"]);
    const local = { schedule: kolkata, viewerTimeZone: "Asia/Kolkata", date: "2026-03-10" };
    expect(slots(local)).toEqual(utc);
    expect(labels(local)).toEqual(["9:00 AM", "9:30 AM"]);
  });

  it("Asia/Kathmandu (+05:45) for a UTC viewer and a same-zone viewer", () => {
    const utc = slots({ schedule: kathmandu, date: "2026-03-10" });
    expect(utc).toEqual(["2026-03-10T03:15:00.000Z", "2026-03-10T03:45:00.000Z"]);
    const local = { schedule: kathmandu, viewerTimeZone: "Asia/Kathmandu", date: "2026-03-10" };
    expect(slots(local)).toEqual(utc);
    expect(labels(local)).toEqual(["9:00 AM", "9:30 AM"]);
  });

  it("splits a window crossing the viewer's midnight across two viewer dates", () => {
    // Tuesday 04:00–07:00 Kathmandu = Mon 22:15Z – Tue 01:15Z.
    const schedule: WeeklySchedule = {
      timeZone: "Asia/Kathmandu",
      windows: { 2: [{ start: "04:00", end: "07:00" }] },
    };
    expect(slots({ schedule, date: "2026-03-09" })).toEqual([
      "2026-03-09T22:15:00.000Z",
      "2026-03-09T22:45:00.000Z",
      "2026-03-09T23:15:00.000Z",
      "2026-03-09T23:45:00.000Z",
    ]);
    expect(slots({ schedule, date: "2026-03-10" })).toEqual([
      "2026-03-10T00:15:00.000Z",
      "2026-03-10T00:45:00.000Z",
    ]);
  });
});

describe("viewer east or west of the advisor", () => {
  it("Los Angeles evening shows on the NEXT date for a Kolkata viewer", () => {
    const schedule: WeeklySchedule = {
      timeZone: "America/Los_Angeles",
      windows: { 1: [{ start: "18:00", end: "23:00" }] }, // Monday only, PST (-08:00)
    };
    const q = { schedule, viewerTimeZone: "Asia/Kolkata" };
    expect(slots({ ...q, date: "2026-03-02" })).toEqual([]);
    expect(noSlotsReason(query({ ...q, date: "2026-03-02" }))).toBe("not-working");
    const next = slots({ ...q, date: "2026-03-03" });
    expect(next).toHaveLength(10);
    expect(next[0]).toBe("2026-03-03T02:00:00.000Z");
    expect(next[9]).toBe("2026-03-03T06:30:00.000Z");
    expect(labels({ ...q, date: "2026-03-03" }).slice(0, 2)).toEqual(["7:30 AM", "8:00 AM"]);
  });

  it("Kolkata morning shows on the PREVIOUS date for a Los Angeles viewer", () => {
    const schedule: WeeklySchedule = {
      timeZone: "Asia/Kolkata",
      windows: { 1: [{ start: "09:00", end: "10:00" }] }, // Monday 2026-03-02
    };
    const q = { schedule, viewerTimeZone: "America/Los_Angeles" };
    expect(slots({ ...q, date: "2026-03-01" })).toEqual([
      "2026-03-02T03:30:00.000Z",
      "2026-03-02T04:00:00.000Z",
    ]);
    expect(labels({ ...q, date: "2026-03-01" })).toEqual(["7:30 PM", "8:00 PM"]);
    expect(slots({ ...q, date: "2026-03-02" })).toEqual([]);
  });

  it("reaches an advisor day two calendar days back (+14 viewer, -11 advisor)", () => {
    const schedule: WeeklySchedule = {
      timeZone: "Pacific/Pago_Pago",
      windows: { 1: [{ start: "23:00", end: "24:00" }] }, // Mon 2026-03-02 = Tue 10:00Z
    };
    const q = { schedule, viewerTimeZone: "Pacific/Kiritimati", date: "2026-03-04" };
    expect(slots(q)).toEqual(["2026-03-03T10:00:00.000Z", "2026-03-03T10:30:00.000Z"]);
    expect(labels(q)).toEqual(["12:00 AM", "12:30 AM"]);
  });
});

describe("daylight saving time", () => {
  const nineToFive = (zone: string) => everyDay(zone, ["09:00", "17:00"]);
  const firstLast = (q: Parameters<typeof query>[0]) => {
    const s = slots(q);
    return [s.length, s[0], s[s.length - 1]];
  };

  it("America/New_York keeps 09:00–17:00 local across spring forward (2026-03-08)", () => {
    const q = { schedule: nineToFive("America/New_York") };
    expect(firstLast({ ...q, date: "2026-03-07" })).toEqual([
      16,
      "2026-03-07T14:00:00.000Z",
      "2026-03-07T21:30:00.000Z",
    ]);
    expect(firstLast({ ...q, date: "2026-03-09" })).toEqual([
      16,
      "2026-03-09T13:00:00.000Z",
      "2026-03-09T20:30:00.000Z",
    ]);
    for (const date of ["2026-03-07", "2026-03-08", "2026-03-09"]) {
      const local = labels({ ...q, date, viewerTimeZone: "America/New_York" });
      expect([local[0], local[local.length - 1]]).toEqual(["9:00 AM", "4:30 PM"]);
    }
  });

  it("America/New_York keeps 09:00–17:00 local across fall back (2026-11-01)", () => {
    const q = { schedule: nineToFive("America/New_York"), now: new Date("2026-10-15T00:00:00Z") };
    expect(slots({ ...q, date: "2026-10-31" })[0]).toBe("2026-10-31T13:00:00.000Z");
    expect(slots({ ...q, date: "2026-11-02" })[0]).toBe("2026-11-02T14:00:00.000Z");
    expect(slots({ ...q, date: "2026-11-02" })).toHaveLength(16);
  });

  it("skips the non-existent 02:00–03:00 on the New York spring-forward night", () => {
    const q = {
      schedule: everyDay("America/New_York", ["01:00", "04:00"]),
      viewerTimeZone: "America/New_York",
      date: "2026-03-08",
    };
    expect(slots(q)).toEqual([
      "2026-03-08T06:00:00.000Z", // 01:00 EST
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T07:00:00.000Z", // 03:00 EDT
      "2026-03-08T07:30:00.000Z",
    ]);
    expect(labels(q)).toEqual(["1:00 AM", "1:30 AM", "3:00 AM", "3:30 AM"]);
  });

  it("does not offer the repeated 01:00–02:00 twice on the New York fall-back night", () => {
    const q = {
      schedule: everyDay("America/New_York", ["01:00", "03:00"]),
      viewerTimeZone: "America/New_York",
      date: "2026-11-01",
      now: new Date("2026-10-15T00:00:00Z"),
    };
    // Repeated wall times resolve to their first occurrence (EDT).
    expect(slots(q)).toEqual([
      "2026-11-01T05:00:00.000Z", // 01:00 EDT
      "2026-11-01T05:30:00.000Z", // 01:30 EDT
      "2026-11-01T07:00:00.000Z", // 02:00 EST
      "2026-11-01T07:30:00.000Z",
    ]);
    expect(labels(q)).toEqual(["1:00 AM", "1:30 AM", "2:00 AM", "2:30 AM"]);
  });

  it("rejects a slot whose real end falls past a window end inside the gap", () => {
    // 01:45 EST + 30 min = 03:15 EDT, but the window closes when the clock jumps past 02:15.
    const schedule = everyDay("America/New_York", ["01:15", "02:15"]);
    expect(slots({ schedule, date: "2026-03-08" })).toEqual(["2026-03-08T06:15:00.000Z"]);
  });

  it("Europe/London keeps 09:00–17:00 local across 2026-03-29 and 2026-10-25", () => {
    const q = { schedule: nineToFive("Europe/London") };
    expect(slots({ ...q, date: "2026-03-28" })[0]).toBe("2026-03-28T09:00:00.000Z");
    expect(slots({ ...q, date: "2026-03-30" })[0]).toBe("2026-03-30T08:00:00.000Z");
    const autumn = { ...q, now: new Date("2026-10-15T00:00:00Z") };
    expect(slots({ ...autumn, date: "2026-10-24" })[0]).toBe("2026-10-24T08:00:00.000Z");
    expect(slots({ ...autumn, date: "2026-10-26" })[0]).toBe("2026-10-26T09:00:00.000Z");
  });

  it("Europe/London skips 01:00–02:00 in spring and does not repeat it in autumn", () => {
    const schedule = everyDay("Europe/London", ["00:00", "03:00"]);
    const q = { schedule, viewerTimeZone: "Europe/London" };
    expect(slots({ ...q, date: "2026-03-29" })).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z", // 02:00 BST
      "2026-03-29T01:30:00.000Z",
    ]);
    const autumn = { ...q, date: "2026-10-25", now: new Date("2026-10-15T00:00:00Z") };
    expect(slots(autumn)).toEqual([
      "2026-10-24T23:00:00.000Z", // 00:00 BST
      "2026-10-24T23:30:00.000Z",
      "2026-10-25T00:00:00.000Z", // 01:00 BST (first occurrence)
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T02:00:00.000Z", // 02:00 GMT
      "2026-10-25T02:30:00.000Z",
    ]);
    expect(labels(autumn)).toEqual([
      "12:00 AM",
      "12:30 AM",
      "1:00 AM",
      "1:30 AM",
      "2:00 AM",
      "2:30 AM",
    ]);
  });

  it("Australia/Sydney keeps 09:00–17:00 local across 2026-04-05 and 2026-10-04", () => {
    const q = { schedule: nineToFive("Australia/Sydney"), viewerTimeZone: "Australia/Sydney" };
    const april = { ...q, now: new Date("2026-03-20T00:00:00Z") };
    expect(slots({ ...april, date: "2026-04-04" })[0]).toBe("2026-04-03T22:00:00.000Z"); // AEDT
    expect(slots({ ...april, date: "2026-04-06" })[0]).toBe("2026-04-05T23:00:00.000Z"); // AEST
    const october = { ...q, now: new Date("2026-09-20T00:00:00Z") };
    expect(slots({ ...october, date: "2026-10-03" })[0]).toBe("2026-10-02T23:00:00.000Z");
    expect(slots({ ...october, date: "2026-10-05" })[0]).toBe("2026-10-04T22:00:00.000Z");
    expect(labels({ ...october, date: "2026-10-05" })[0]).toBe("9:00 AM");
  });

  it("Australia/Sydney skips 02:00–03:00 on 2026-10-04 and does not repeat it on 2026-04-05", () => {
    const q = {
      schedule: everyDay("Australia/Sydney", ["01:00", "04:00"]),
      viewerTimeZone: "Australia/Sydney",
    };
    const spring = { ...q, date: "2026-10-04", now: new Date("2026-09-20T00:00:00Z") };
    expect(slots(spring)).toEqual([
      "2026-10-03T15:00:00.000Z", // 01:00 AEST
      "2026-10-03T15:30:00.000Z",
      "2026-10-03T16:00:00.000Z", // 03:00 AEDT
      "2026-10-03T16:30:00.000Z",
    ]);
    const autumn = { ...q, date: "2026-04-05", now: new Date("2026-03-20T00:00:00Z") };
    expect(slots(autumn)).toEqual([
      "2026-04-04T14:00:00.000Z", // 01:00 AEDT
      "2026-04-04T14:30:00.000Z",
      "2026-04-04T15:00:00.000Z", // 02:00 AEDT (first occurrence)
      "2026-04-04T15:30:00.000Z",
      "2026-04-04T17:00:00.000Z", // 03:00 AEST
      "2026-04-04T17:30:00.000Z",
    ]);
    expect(new Set(labels(autumn)).size).toBe(6);
  });

  it("uses real viewer-day bounds when the viewer's midnight is skipped or repeated", () => {
    // America/Santiago: 2026-09-06 starts at 01:00 (-03); 2026-04-04 lasts 25 hours.
    const q = { schedule: everyDay("UTC", ["03:00", "05:00"]), viewerTimeZone: "America/Santiago" };
    const spring = { ...q, date: "2026-09-06", now: new Date("2026-08-20T00:00:00Z") };
    expect(slots(spring)).toEqual(["2026-09-06T04:00:00.000Z", "2026-09-06T04:30:00.000Z"]);
    expect(labels(spring)).toEqual(["1:00 AM", "1:30 AM"]);
    const autumn = { ...q, date: "2026-04-04", now: new Date("2026-03-20T00:00:00Z") };
    expect(labels(autumn)).toEqual([
      "12:00 AM",
      "12:30 AM",
      "1:00 AM",
      "1:30 AM",
      "11:00 PM",
      "11:30 PM",
    ]);
    expect(slots(autumn).slice(-2)).toEqual([
      "2026-04-05T03:00:00.000Z",
      "2026-04-05T03:30:00.000Z",
    ]);
  });

  it("America/Sao_Paulo is -03:00 all year (no DST)", () => {
    const schedule = everyDay("America/Sao_Paulo", ["09:00", "10:00"]);
    const jan = { schedule, now: new Date("2026-01-01T00:00:00Z"), date: "2026-01-15" };
    const jul = { schedule, now: new Date("2026-07-01T00:00:00Z"), date: "2026-07-15" };
    expect(slots(jan)).toEqual(["2026-01-15T12:00:00.000Z", "2026-01-15T12:30:00.000Z"]);
    expect(slots(jul)).toEqual(["2026-07-15T12:00:00.000Z", "2026-07-15T12:30:00.000Z"]);
  });
});

describe("lead time and booking window", () => {
  it("allows a slot exactly 12h ahead but not 11h59m ahead", () => {
    const exact = slots({ date: "2026-03-10", now: new Date("2026-03-09T21:00:00Z") });
    expect(exact[0]).toBe("2026-03-10T09:00:00.000Z");
    const late = slots({ date: "2026-03-10", now: new Date("2026-03-09T21:01:00Z") });
    expect(late[0]).toBe("2026-03-10T09:30:00.000Z");
  });

  it("offers day 30 but not day 31 or yesterday", () => {
    expect(slots({ date: "2026-03-31" })).toHaveLength(6);
    expect(slots({ date: "2026-04-01" })).toEqual([]);
    expect(slots({ date: "2026-02-28" })).toEqual([]);
  });

  it("selectableDates spans the advisor's today..today+30, shown in the viewer's zone", () => {
    const schedule = everyDay("UTC", ["09:00", "17:00"]);
    const dates = selectableDates({
      schedule,
      busy: [],
      durationMinutes: 30,
      viewerTimeZone: "UTC",
      now: NOW,
    });
    expect(dates).toHaveLength(31);
    expect([dates[0], dates[30]]).toEqual(["2026-03-01", "2026-03-31"]);
    // 20:00Z is already 01:30 on 2 March in Kolkata, but still 1 March for the UTC advisor:
    // the window ends as 1 April begins in UTC (05:30 in Kolkata), before that day's hours.
    const ist = { schedule, busy: [], durationMinutes: 30, viewerTimeZone: "Asia/Kolkata" };
    const shifted = selectableDates({ ...ist, now: new Date("2026-03-01T20:00:00Z") });
    expect([shifted[0], shifted[shifted.length - 1]]).toEqual(["2026-03-02", "2026-03-31"]);
    expect(
      noSlotsReason({ ...ist, now: new Date("2026-03-01T20:00:00Z"), date: "2026-04-01" }),
    ).toBe("out-of-range");
  });

  it("rejects malformed dates and unsupported durations", () => {
    expect(slots({ date: "2026-02-30" })).toEqual([]);
    expect(slots({ date: "10/03/2026" })).toEqual([]);
    expect(() => offeredSlots(query({ date: "2026-03-10", durationMinutes: 45 }))).toThrow(
      RangeError,
    );
    expect(() => selectableDates({ ...query({ date: "" }), durationMinutes: 60 })).toThrow(
      RangeError,
    );
  });
});

describe("busy intervals", () => {
  const date = "2026-03-10";
  it("removes only overlapping slots", () => {
    const b = busy(["2026-03-10T10:00:00Z", "2026-03-10T10:30:00Z"]);
    expect(labels({ date, busy: b })).toEqual([
      "9:00 AM",
      "9:30 AM",
      "10:30 AM",
      "11:00 AM",
      "11:30 AM",
    ]);
    const straddling = busy(["2026-03-10T09:45:00Z", "2026-03-10T10:15:00Z"]);
    expect(labels({ date, busy: straddling })).toEqual([
      "9:00 AM",
      "10:30 AM",
      "11:00 AM",
      "11:30 AM",
    ]);
  });

  it("allows back-to-back sessions (half-open intervals)", () => {
    const b = busy(["2026-03-10T09:30:00Z", "2026-03-10T10:00:00Z"]);
    expect(labels({ date, busy: b })).toEqual([
      "9:00 AM",
      "10:00 AM",
      "10:30 AM",
      "11:00 AM",
      "11:30 AM",
    ]);
  });

  it("handles a blocked time spanning several slots, unsorted and overlapping input", () => {
    const b = busy(
      ["2026-03-10T10:00:00Z", "2026-03-10T11:00:00Z"],
      ["2026-03-10T09:00:00Z", "2026-03-10T10:30:00Z"],
      ["2026-03-12T09:00:00Z", "2026-03-12T09:00:00Z"], // empty: ignored
    );
    expect(labels({ date, busy: b })).toEqual(["11:00 AM", "11:30 AM"]);
  });
});

describe("windows and durations", () => {
  const date = "2026-03-10";
  const at = (...ranges: Array<[string, string]>) => everyDay("UTC", ...ranges);

  it("steps by the session duration from each window start", () => {
    expect(labels({ date, schedule: at(["09:00", "10:00"]) })).toEqual(["9:00 AM", "9:30 AM"]);
    expect(labels({ date, schedule: at(["09:00", "10:00"]), durationMinutes: 15 })).toEqual([
      "9:00 AM",
      "9:15 AM",
      "9:30 AM",
      "9:45 AM",
    ]);
  });

  it("offers nothing in a window shorter than the duration", () => {
    expect(slots({ date, schedule: at(["09:00", "09:20"]) })).toEqual([]);
    expect(labels({ date, schedule: at(["09:00", "09:20"]), durationMinutes: 15 })).toEqual([
      "9:00 AM",
    ]);
  });

  it("keeps each slot inside one window, sorts, dedupes and supports 24:00", () => {
    expect(labels({ date, schedule: at(["09:00", "09:45"], ["09:45", "10:30"]) })).toEqual([
      "9:00 AM",
      "9:45 AM",
    ]);
    expect(
      labels({ date, schedule: at(["14:00", "15:00"], ["09:30", "11:00"], ["09:00", "10:00"]) }),
    ).toEqual(["9:00 AM", "9:30 AM", "10:00 AM", "10:30 AM", "2:00 PM", "2:30 PM"]);
    expect(labels({ date, schedule: at(["23:00", "24:00"]) })).toEqual(["11:00 PM", "11:30 PM"]);
    expect(
      slots({ date, schedule: at(["9am", "10:00"], ["11:00", "10:00"], ["24:00", "24:00"]) }),
    ).toEqual([]);
  });

  it("treats invalid advisor and viewer zones as UTC", () => {
    const schedule = everyDay("Mars/Olympus", ["09:00", "10:00"]);
    expect(slots({ date, schedule, viewerTimeZone: "+05:30" })).toEqual([
      "2026-03-10T09:00:00.000Z",
      "2026-03-10T09:30:00.000Z",
    ]);
  });
});

describe("selectableDates", () => {
  it("excludes fully booked days and days without windows", () => {
    const w = [{ start: "09:00", end: "10:00" }];
    const schedule: WeeklySchedule = { timeZone: "UTC", windows: { 1: w, 3: w } }; // Mon, Wed
    const b = busy(["2026-03-04T09:00:00Z", "2026-03-04T10:00:00Z"]);
    const q = { schedule, busy: b, durationMinutes: 30, viewerTimeZone: "UTC", now: NOW };
    expect(selectableDates(q)).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2026-03-11",
      "2026-03-16",
      "2026-03-18",
      "2026-03-23",
      "2026-03-25",
      "2026-03-30",
    ]);
  });

  it("agrees with offeredSlots for every date, across zones and DST", () => {
    const base = {
      schedule: everyDay("America/Los_Angeles", ["18:00", "23:00"], ["01:00", "03:00"]),
      busy: busy(["2026-03-10T02:00:00Z", "2026-03-12T06:00:00Z"]),
      durationMinutes: 15,
      viewerTimeZone: "Asia/Kolkata",
      now: NOW,
    };
    const expected: string[] = [];
    for (let i = -1; i <= 32; i++) {
      const date = new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10);
      if (offeredSlots({ ...base, date }).length > 0) expected.push(date);
    }
    expect(selectableDates(base)).toEqual(expected);
    expect(expected).not.toContain("2026-03-11");
    expect(expected).toHaveLength(29); // 2 .. 31 March minus 11 March (1 March is all too soon)
  });
});

describe("noSlotsReason", () => {
  it("explains each kind of empty date", () => {
    const monday: WeeklySchedule = {
      timeZone: "UTC",
      windows: { 1: [{ start: "09:00", end: "11:00" }] },
    };
    const q = (date: string, extra: Partial<SlotQuery> = {}) =>
      noSlotsReason(query({ schedule: monday, date, ...extra }));
    expect(q("2026-02-28")).toBe("out-of-range");
    expect(q("2026-04-06")).toBe("out-of-range");
    expect(q("2026-02-30")).toBe("out-of-range");
    expect(q("2026-03-03")).toBe("not-working");
    expect(q("2026-03-09", { now: new Date("2026-03-09T00:00:00Z") })).toBe("too-soon");
    expect(q("2026-03-09", { busy: busy(["2026-03-09T08:00:00Z", "2026-03-09T12:00:00Z"]) })).toBe(
      "fully-booked",
    );
    // Some slots are too soon and the rest are booked: the bookings are why it is empty.
    const mixed = {
      now: new Date("2026-03-08T21:30:00Z"),
      busy: busy(["2026-03-09T09:30:00Z", "2026-03-09T11:00:00Z"]),
    };
    expect(q("2026-03-09", mixed)).toBe("fully-booked");
    expect(q("2026-03-09")).toBeNull();
  });
});

describe("formatSlotLabel", () => {
  it("formats without a leading zero and with upper-case AM/PM", () => {
    expect(formatSlotLabel(new Date("2026-03-10T04:00:00Z"), "Asia/Kolkata")).toBe("9:30 AM");
    expect(formatSlotLabel(new Date("2026-03-10T12:00:00Z"), "UTC")).toBe("12:00 PM");
    expect(formatSlotLabel(new Date("2026-03-10T00:15:00Z"), "UTC")).toBe("12:15 AM");
    expect(formatSlotLabel(new Date("2026-03-10T12:00:00Z"), "Mars/Olympus")).toBe("12:00 PM");
  });
});

describe("bookableSpan: the one booking window", () => {
  const span = (zone: string, now: string) => {
    const { from, until } = bookableSpan(zone, new Date(now));
    return [from.toISOString(), until.toISOString()];
  };

  it("runs from now + 12 h to the end of the advisor's 30th day after today", () => {
    // 17:30 on 24 November in Kolkata: the window closes as 25 December begins there.
    expect(span("Asia/Kolkata", "2026-11-24T12:00:00Z")).toEqual([
      "2026-11-25T00:00:00.000Z",
      "2026-12-24T18:30:00.000Z",
    ]);
    expect(span("America/New_York", "2026-11-24T12:00:00Z")).toEqual([
      "2026-11-25T00:00:00.000Z",
      "2026-12-25T05:00:00.000Z",
    ]);
    expect(span("Not/AZone", "2026-11-24T12:00:00Z")[1]).toBe("2026-12-25T00:00:00.000Z");
  });

  it("moves by a day at the advisor's midnight, to the millisecond", () => {
    expect(span("Asia/Kolkata", "2026-11-24T18:29:59.999Z")[1]).toBe("2026-12-24T18:30:00.000Z");
    expect(span("Asia/Kolkata", "2026-11-24T18:30:00.000Z")[1]).toBe("2026-12-25T18:30:00.000Z");
  });

  it("ends at the advisor's local midnight across DST, or when a day starts at 01:00", () => {
    // New York: 5 October is daylight time, 5 November standard time.
    expect(span("America/New_York", "2026-10-05T12:00:00Z")[1]).toBe("2026-11-05T05:00:00.000Z");
    // Santiago skips from 00:00 to 01:00 on 6 September 2026: that day begins at 01:00 (-03).
    expect(span("America/Santiago", "2026-08-06T16:00:00Z")[1]).toBe("2026-09-06T04:00:00.000Z");
  });

  it("is what the slot engine offers, whatever the viewer's zone", () => {
    const schedule = everyDay("Asia/Kolkata", ["00:00", "24:00"]);
    const now = new Date("2026-11-24T12:00:00Z");
    const { from, until } = bookableSpan("Asia/Kolkata", now);
    for (const viewerTimeZone of ["Asia/Kolkata", "America/New_York", "Pacific/Kiritimati"]) {
      const q = { schedule, busy: [], durationMinutes: 30, viewerTimeZone, now };
      const starts = selectableDates(q).flatMap((date) => offeredSlots({ ...q, date }));
      expect(starts[0], viewerTimeZone).toEqual(from);
      expect(starts.at(-1)!.getTime() + 30 * 60_000, viewerTimeZone).toBe(until.getTime());
      expect(starts).toHaveLength((until.getTime() - from.getTime()) / (30 * 60_000));
    }
  });
});

describe("bookingWindow and isIsoDate", () => {
  it("spans the viewer's today to the viewer's date of the window's last instant", () => {
    const now = new Date("2026-03-01T20:00:00Z"); // already 2 March in Kolkata, 1 March in LA
    expect(bookingWindow("Asia/Kolkata", now, "Asia/Kolkata")).toEqual({
      first: "2026-03-02",
      last: "2026-04-01",
    });
    expect(bookingWindow("America/Los_Angeles", now, "America/Los_Angeles")).toEqual({
      first: "2026-03-01",
      last: "2026-03-31",
    });
    expect(bookingWindow("Not/AZone", now, "UTC")).toEqual({
      first: "2026-03-01",
      last: "2026-03-31",
    });
    // West of the advisor the window ends earlier in the viewer's calendar, east of it later.
    const late = new Date("2026-11-24T12:00:00Z");
    expect(bookingWindow("America/New_York", late, "Asia/Kolkata")).toEqual({
      first: "2026-11-24",
      last: "2026-12-24",
    });
    expect(bookingWindow("Asia/Kolkata", late, "America/New_York")).toEqual({
      first: "2026-11-24",
      last: "2026-12-25",
    });
  });

  it("accepts real calendar dates only", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    for (const bad of ["2026-02-30", "2026-2-3", "20260203", "", "2026-13-01"]) {
      expect(isIsoDate(bad)).toBe(false);
    }
  });
});
