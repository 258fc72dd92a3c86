import { describe, expect, it } from "vitest";
import {
  type ConnectedCalendar,
  checkChoice,
  defaultChoice,
  staleBusyBefore,
  LAST_KNOWN_BUSY_MS,
  nextRefreshAt,
  normaliseBusy,
  overlapsBusy,
  withoutInterval,
  sameBusy,
  sessionEventId,
} from "./advisor-calendar";

const t = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
const busy = (start: string, end: string) => ({ start: t(start), end: t(end) });

const CALENDARS: ConnectedCalendar[] = [
  { id: "me@example.com", name: "Me", primary: true, writable: true },
  { id: "family", name: "Family", primary: false, writable: true },
  { id: "holidays", name: "Holidays", primary: false, writable: false },
];

describe("normaliseBusy", () => {
  it("sorts, merges overlapping and touching intervals, and drops empty ones", () => {
    expect(
      normaliseBusy([
        busy("12:00", "13:00"),
        busy("09:00", "10:00"),
        busy("09:30", "09:45"),
        busy("10:00", "10:30"),
        busy("11:00", "11:00"),
        busy("12:30", "14:00"),
      ]),
    ).toEqual([busy("09:00", "10:30"), busy("12:00", "14:00")]);
  });

  it("gives the same answer for the same busy times in any order", () => {
    const a = normaliseBusy([busy("09:00", "10:00"), busy("11:00", "12:00")]);
    const b = normaliseBusy([busy("11:00", "12:00"), busy("09:00", "10:00")]);
    expect(sameBusy(a, b)).toBe(true);
    expect(sameBusy(a, [busy("09:00", "10:00")])).toBe(false);
    expect(sameBusy(a, [busy("09:00", "10:00"), busy("11:00", "12:01")])).toBe(false);
  });
});

describe("overlapsBusy", () => {
  it("is half-open: a session back to back with a busy time is free", () => {
    const times = [busy("10:00", "11:00")];
    expect(overlapsBusy(times, t("09:30"), t("10:00"))).toBe(false);
    expect(overlapsBusy(times, t("11:00"), t("11:30"))).toBe(false);
    expect(overlapsBusy(times, t("10:59"), t("11:29"))).toBe(true);
    expect(overlapsBusy(times, t("09:00"), t("12:00"))).toBe(true);
  });
});

describe("withoutInterval", () => {
  it("cuts a session's own time out of the busy times, keeping what lies around it", () => {
    const own = busy("10:00", "10:30");
    expect(withoutInterval([busy("09:00", "11:00")], own)).toEqual([
      busy("09:00", "10:00"),
      busy("10:30", "11:00"),
    ]);
    expect(withoutInterval([busy("10:00", "10:30")], own)).toEqual([]);
    expect(withoutInterval([busy("10:15", "10:45"), busy("12:00", "13:00")], own)).toEqual([
      busy("10:30", "10:45"),
      busy("12:00", "13:00"),
    ]);
    expect(withoutInterval([busy("08:00", "09:00")], own)).toEqual([busy("08:00", "09:00")]);
    expect(withoutInterval([busy("08:00", "09:00")], undefined)).toEqual([busy("08:00", "09:00")]);
  });
});

describe("how old busy times may be", () => {
  it("keeps them for a day after their last fetch", () => {
    expect(staleBusyBefore(t("12:00"))).toEqual(new Date("2026-11-30T12:00:00Z"));
    expect(LAST_KNOWN_BUSY_MS).toBe(24 * 60 * 60_000);
  });

  it("fetches again in 5 minutes without a push channel, in an hour with one", () => {
    expect(nextRefreshAt(t("12:00"), false)).toEqual(t("12:05"));
    expect(nextRefreshAt(t("12:00"), true)).toEqual(t("13:00"));
  });
});

describe("the advisor's choice of calendars", () => {
  it("starts with the primary calendar blocking slots and receiving sessions", () => {
    expect(defaultChoice(CALENDARS)).toEqual({
      busyCalendarIds: ["me@example.com"],
      eventCalendarId: "me@example.com",
    });
    expect(defaultChoice([])).toEqual({ busyCalendarIds: [], eventCalendarId: null });
  });

  it("accepts their own calendars, without duplicates, and no calendar for sessions", () => {
    expect(
      checkChoice(CALENDARS, {
        busyCalendarIds: ["family", "holidays", "family"],
        eventCalendarId: null,
      }),
    ).toEqual({ busyCalendarIds: ["family", "holidays"], eventCalendarId: null });
  });

  it("refuses a calendar they do not have, and sessions into a read-only one", () => {
    const choice = (busyCalendarIds: string[], eventCalendarId: string | null) =>
      checkChoice(CALENDARS, { busyCalendarIds, eventCalendarId });
    expect(choice(["someone-else"], null)).toBeNull();
    expect(choice([], "holidays")).toBeNull();
    expect(choice([], "someone-else")).toBeNull();
    expect(choice([], "family")).toEqual({ busyCalendarIds: [], eventCalendarId: "family" });
  });
});

describe("a session's event id", () => {
  it("is base32hex, one per booking and version, as Google takes it", () => {
    const id = sessionEventId("0B6E5C2A-9F3D-4E1B-8A7C-2D4F6E8A0B1C", 3);
    expect(id).toBe("bt0b6e5c2a9f3d4e1b8a7c2d4f6e8a0b1cv3");
    expect(id).toMatch(/^[0-9a-v]{5,1024}$/);
    expect(sessionEventId("0b6e5c2a-9f3d-4e1b-8a7c-2d4f6e8a0b1c", 4)).not.toBe(id);
  });
});
