import { describe, expect, it } from "vitest";
import {
  canDispute,
  canReportNoShow,
  disputeDeadline,
  hidesFromSearch,
  lastMonths,
  monthLabel,
  NO_SHOW_RULES,
  settlesByRule,
  strikeWindowStart,
  upheldOutcome,
} from "./no-show";

const MIN = 60_000;
const at = (iso: string) => new Date(iso);
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MIN);
// A 30-minute session at 10:00 in Kolkata, 04:30 UTC.
const start = at("2026-03-10T10:00:00+05:30");
const end = at("2026-03-10T10:30:00+05:30");
const session = { start, end, status: "confirmed" };

describe("the no-show report window", () => {
  it("opens 10 minutes after the start, not a minute before", () => {
    expect(canReportNoShow(session, plus(start, 9))).toBe(false);
    expect(canReportNoShow(session, plus(start, 10))).toBe(true);
    expect(canReportNoShow(session, plus(start, 11))).toBe(true);
  });

  it("closes 48 hours after the end: open a minute before, shut at it and a minute after", () => {
    const closes = plus(end, 48 * 60);
    expect(canReportNoShow({ ...session, status: "completed" }, plus(closes, -1))).toBe(true);
    expect(canReportNoShow({ ...session, status: "completed" }, closes)).toBe(false);
    expect(canReportNoShow({ ...session, status: "completed" }, plus(closes, 1))).toBe(false);
  });

  it("is the same instant seen from another time zone (New York's clock)", () => {
    // 10:10 in Kolkata is 00:40 the same day in New York (EDT since 8 March).
    expect(canReportNoShow(session, at("2026-03-10T00:39:00-04:00"))).toBe(false);
    expect(canReportNoShow(session, at("2026-03-10T00:40:00-04:00"))).toBe(true);
    expect(canReportNoShow(session, at("2026-03-12T00:59:00-04:00"))).toBe(true);
    expect(canReportNoShow(session, at("2026-03-12T01:00:00-04:00"))).toBe(false);
  });

  it("is never open for a cancelled or unpaid session", () => {
    for (const status of ["cancelled", "pending_payment", "failed"])
      expect(canReportNoShow({ ...session, status }, plus(start, 20))).toBe(false);
  });
});

describe("the dispute and the rule", () => {
  const reportedAt = at("2026-03-10T12:00:00+05:30");
  const deadline = disputeDeadline(reportedAt);

  it("allows a dispute until a minute before 48 hours, then settles by rule", () => {
    expect(deadline.toISOString()).toBe("2026-03-12T06:30:00.000Z");
    const report = { status: "reported", reportedAt };
    expect(canDispute(report, plus(deadline, -1))).toBe(true);
    expect(settlesByRule(report, plus(deadline, -1))).toBe(false);
    expect(canDispute(report, deadline)).toBe(false);
    expect(settlesByRule(report, deadline)).toBe(true);
    expect(canDispute(report, plus(deadline, 1))).toBe(false);
  });

  it("neither disputes twice nor settles a disputed or settled report", () => {
    for (const status of ["disputed", "settled"]) {
      expect(canDispute({ status, reportedAt }, plus(reportedAt, 1))).toBe(false);
      expect(settlesByRule({ status, reportedAt }, plus(deadline, 1))).toBe(false);
    }
  });

  it("upholds a report against the other party", () => {
    expect(upheldOutcome("seeker")).toBe("advisor_absent");
    expect(upheldOutcome("advisor")).toBe("seeker_absent");
  });
});

describe("strikes", () => {
  it("hide an advisor at 3 within 90 days", () => {
    expect(hidesFromSearch(2)).toBe(false);
    expect(hidesFromSearch(3)).toBe(true);
    const now = at("2026-06-01T00:00:00Z");
    expect(strikeWindowStart(now).toISOString()).toBe("2026-03-03T00:00:00.000Z");
  });

  it("are stated with the constants' numbers", () => {
    expect(NO_SHOW_RULES.report).toContain("10 minutes after a session's start until 48 hours");
    expect(NO_SHOW_RULES.dispute).toContain("within 48 hours");
    expect(NO_SHOW_RULES.strikes).toContain("3 upheld no-shows within 90 days");
  });
});

describe("lastMonths", () => {
  it("counts back in India's months across a year's turn", () => {
    // 20:00 UTC on 31 Dec is already 1 Jan in Kolkata.
    expect(lastMonths(at("2026-12-31T20:00:00Z"), 3)).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(lastMonths(at("2026-02-15T00:00:00Z"), 3)).toEqual(["2025-12", "2026-01", "2026-02"]);
  });
});

describe("monthLabel", () => {
  it("says a month key as the dashboard shows it", () => {
    expect(monthLabel("2026-01")).toBe("Jan 2026");
    expect(monthLabel("2026-12")).toBe("Dec 2026");
  });
});
