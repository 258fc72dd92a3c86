import { describe, expect, it } from "vitest";
import {
  monthChoices,
  monthLabel,
  payoutStatus,
  type StatementRow,
  statementLine,
  statementMonth,
  statementPage,
  statementTotals,
  statementView,
} from "./earnings";
import { row } from "./earnings-fixture.test-support";

const HOLD = 7;
const before = new Date("2026-11-25T00:00:00Z");

describe("a statement row's payout status", () => {
  it("is on hold until the session's end plus the holding period, in India's days", () => {
    expect(payoutStatus(row(), HOLD, before)).toBe("On hold until Tue, 1 Dec");
    // 23:50 UTC on 30 Nov is already 1 Dec in India.
    const late = row({ sessionEnd: new Date("2026-11-23T23:50:00Z") });
    expect(payoutStatus(late, HOLD, before)).toBe("On hold until Tue, 1 Dec");
    expect(payoutStatus(row({ transfer: null }), HOLD, before)).toBe("On hold until Tue, 1 Dec");
  });
  it("is being paid out once the hold has passed but the transfer is not released yet", () => {
    expect(payoutStatus(row(), HOLD, new Date("2026-12-02T00:00:00Z"))).toBe("Being paid out");
  });
  it("says what each transfer state means for the advisor", () => {
    const as = (status: NonNullable<StatementRow["transfer"]>["status"], lastError = null) =>
      payoutStatus(row({ transfer: { status, lastError } }), HOLD, before);
    expect(as("awaiting_account")).toBe("Waiting for bank details");
    expect(as("released")).toBe("Paid out");
    expect(as("settled")).toBe("Paid out");
    expect(as("cancelled")).toBe("Refunded");
    expect(as("reversing")).toBe("Refunded");
    expect(as("reversed")).toBe("Refunded");
    expect(as("failed")).toBe("Failed");
    expect(
      payoutStatus(
        row({ transfer: { status: "failed", lastError: "Beneficiary account closed" } }),
        HOLD,
        before,
      ),
    ).toBe("Failed: Beneficiary account closed");
  });
  it("is refunded whenever the session was, whatever the transfer says", () => {
    const refunded = row({
      refund: 80_000,
      net: 0,
      transfer: { status: "failed", lastError: "x" },
    });
    expect(payoutStatus(refunded, HOLD, before)).toBe("Refunded");
    expect(statementLine(refunded, HOLD, before).failed).toBe(false);
  });
});

describe("a statement line", () => {
  it("shows the day, the first name, rupees and the commission's rate", () => {
    expect(statementLine(row({ fee: 123_456_78 }), HOLD, before)).toMatchObject({
      date: "Tue, 24 Nov 2026",
      seeker: "Aarav",
      sessionType: "First Call",
      fee: "₹1,23,456.78",
      commission: "₹200 (20%)",
      refund: "₹0",
      net: "₹800",
      failed: false,
    });
    expect(statementLine(row({ sessionType: "Discovery Call" }), HOLD, before).sessionType).toBe(
      "Free Discovery Call",
    );
  });
  it("adds up the totals", () => {
    const rows = [row(), row({ refund: 80_000, net: 0 }), row({ fee: 50_050, commission: 10_010 })];
    expect(statementTotals(rows)).toEqual({
      fee: 250_050,
      commission: 50_010,
      refund: 80_000,
      net: 160_000,
    });
    expect(statementTotals([])).toEqual({ fee: 0, commission: 0, refund: 0, net: 0 });
  });
});

describe("the statement's month", () => {
  it("is the month asked for, else the current month in India", () => {
    const now = new Date("2026-11-30T19:00:00Z"); // 1 Dec, 00:30 in India
    expect(statementMonth("2026-10", now)).toBe("2026-10");
    for (const bad of [
      null,
      undefined,
      "",
      "2026-13",
      "2026-1",
      "nonsense",
      "1999-12",
      "2026-11-01",
    ])
      expect(statementMonth(bad, now)).toBe("2026-12");
  });
  it("is named in words", () => {
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(monthLabel("2027-01")).toBe("January 2027");
  });
});

describe("the statement's page", () => {
  it("is the page asked for, else the first, as the sessions list reads it", () => {
    expect(statementPage("3")).toBe(3);
    for (const bad of [null, undefined, "", "0", "-2", "abc", "NaN"])
      expect(statementPage(bad)).toBe(1);
  });
});

describe("the month picker", () => {
  it("offers the months with sessions and the one shown, newest first", () => {
    expect(monthChoices(["2026-11", "2026-09"], "2026-10")).toEqual([
      { value: "2026-11", label: "November 2026" },
      { value: "2026-10", label: "October 2026" },
      { value: "2026-09", label: "September 2026" },
    ]);
    expect(monthChoices([], "2026-12")).toEqual([{ value: "2026-12", label: "December 2026" }]);
  });
});

describe("a statement in the reader's zone", () => {
  // 23:50 UTC on 30 Nov: 1 Dec in India, still 30 Nov in New York.
  const late = row({ sessionAt: new Date("2026-11-30T23:50:00Z") });

  it("dates rows in the zone it is given, and says so when that is not India's", () => {
    const india = statementView("2026-11", [late], {
      holdDays: HOLD,
      now: before,
      zone: "Asia/Kolkata",
    });
    const newYork = statementView("2026-11", [late], {
      holdDays: HOLD,
      now: before,
      zone: "America/New_York",
    });
    expect(india.lines[0]!.date).toBe("Tue, 1 Dec 2026");
    expect(india.zoneNote).toBeNull();
    expect(newYork.lines[0]!.date).toBe("Mon, 30 Nov 2026");
    expect(newYork.zoneNote).toBe(
      "Dates are in your time zone (America/New_York); months follow India Standard Time, as our accounts do.",
    );
  });
});
