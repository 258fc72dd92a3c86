import { describe, expect, it } from "vitest";
import { parseSlotParams, SLOT_QUERY_ERRORS } from "./slot-query";

const parse = (query: string, requireDate = true) =>
  parseSlotParams(new URLSearchParams(query), { requireDate });

describe("parseSlotParams", () => {
  it("reads date, zone and duration", () => {
    expect(parse("date=2026-03-14&tz=America/New_York&duration=15")).toEqual({
      ok: true,
      value: { date: "2026-03-14", viewerTimeZone: "America/New_York", duration: 15 },
    });
  });

  it("defaults to Asia/Kolkata and 30 minutes; the dates endpoint needs no date", () => {
    expect(parse("date=2026-03-14")).toEqual({
      ok: true,
      value: { date: "2026-03-14", viewerTimeZone: "Asia/Kolkata", duration: 30 },
    });
    expect(parse("", false)).toMatchObject({ ok: true, value: { date: null } });
  });

  it.each([
    ["", SLOT_QUERY_ERRORS.date],
    ["date=2026-02-30", SLOT_QUERY_ERRORS.date],
    ["date=14/03/2026", SLOT_QUERY_ERRORS.date],
    ["date=2026-03-14&tz=IST", SLOT_QUERY_ERRORS.timeZone],
    ["date=2026-03-14&tz=Mars/Base", SLOT_QUERY_ERRORS.timeZone],
    ["date=2026-03-14&duration=45", SLOT_QUERY_ERRORS.duration],
    ["date=2026-03-14&duration=", SLOT_QUERY_ERRORS.duration],
  ])("refuses %j", (query, message) => {
    expect(parse(query)).toEqual({ ok: false, message });
  });

  it("checks a date given to the dates endpoint too", () => {
    expect(parse("date=nope", false)).toEqual({ ok: false, message: SLOT_QUERY_ERRORS.date });
  });
});
