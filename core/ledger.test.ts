import { describe, expect, it } from "vitest";
import {
  type BalanceEntry,
  balancesOf,
  hasMatured,
  monthKey,
  monthRange,
  monthsBetween,
  monthTotals,
  parseMonth,
  holdPassedFor,
  releaseAt,
  splitFee,
  unaccounted,
} from "./ledger";
import { seededRandom } from "./seeded-random.test-support";

const DAY = 86_400_000;

describe("splitFee", () => {
  it("gives the advisor everything at 0 %", () => {
    expect(splitFee(100_000, 0)).toEqual({ commission: 0, share: 100_000 });
    expect(splitFee(0, 0)).toEqual({ commission: 0, share: 0 });
  });

  it("takes 12.5 % exactly, in basis points (no floating-point drift)", () => {
    expect(splitFee(100_000, 12.5)).toEqual({ commission: 12_500, share: 87_500 });
    // 0.1 + 0.2 style percentages still land on whole basis points.
    expect(splitFee(100_000, 0.29)).toEqual({ commission: 290, share: 99_710 });
    expect(splitFee(100_000, 14.35)).toEqual({ commission: 14_350, share: 85_650 });
  });

  it("rounds the commission half up to the paisa", () => {
    // 10 % of 5 paise = 0.5 → 1; 10 % of 4 paise = 0.4 → 0.
    expect(splitFee(5, 10)).toEqual({ commission: 1, share: 4 });
    expect(splitFee(4, 10)).toEqual({ commission: 0, share: 4 });
    // 12.5 % of 4 = 0.5 → 1; of 3 = 0.375 → 0; of 100_004 = 12_500.5 → 12_501.
    expect(splitFee(4, 12.5).commission).toBe(1);
    expect(splitFee(3, 12.5).commission).toBe(0);
    expect(splitFee(100_004, 12.5).commission).toBe(12_501);
    expect(splitFee(15, 10).commission).toBe(2);
  });

  it("always adds up to the fee (share + commission = fee)", () => {
    const random = seededRandom(74);
    for (let i = 0; i < 5_000; i++) {
      const fee = random.int(0, 10_000_000);
      const percent = random.int(0, 10_000) / 100;
      const { commission, share } = splitFee(fee, percent);
      expect(commission + share).toBe(fee);
      expect(Number.isInteger(commission)).toBe(true);
      expect(commission).toBeGreaterThanOrEqual(0);
      expect(share).toBeGreaterThanOrEqual(0);
      // Never more than half a paisa away from the exact commission.
      expect(Math.abs(commission - (fee * percent) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
    }
    expect(splitFee(123_456, 100)).toEqual({ commission: 123_456, share: 0 });
  });

  it("refuses a fee that is not a whole, non-negative number of paise, or a bad rate", () => {
    for (const fee of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => splitFee(fee, 10)).toThrow(RangeError);
    }
    for (const percent of [-0.01, 100.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => splitFee(1_000, percent)).toThrow(RangeError);
    }
  });
});

describe("hasMatured", () => {
  const endsAt = new Date("2026-03-10T10:30:00Z");
  const due = releaseAt(endsAt, 3);

  it("matures a completed session exactly when the holding period has passed", () => {
    expect(due).toEqual(new Date("2026-03-13T10:30:00Z"));
    const completed = { status: "completed", endsAt };
    expect(hasMatured(completed, 3, new Date(due.getTime() - 1))).toBe(false);
    expect(hasMatured(completed, 3, due)).toBe(true);
    expect(hasMatured(completed, 3, new Date(due.getTime() + 1))).toBe(true);
  });

  it("names the latest end matured at a moment: the inverse of the release", () => {
    expect(holdPassedFor(due, 3)).toEqual(endsAt);
    expect(holdPassedFor(new Date("2026-03-13T00:00:00Z"), 0)).toEqual(
      new Date("2026-03-13T00:00:00Z"),
    );
  });

  it("matures a late cancellation (the advisor keeps the share) like a completed session", () => {
    const cancelled = { status: "cancelled", endsAt };
    expect(hasMatured(cancelled, 3, new Date(due.getTime() - 1))).toBe(false);
    expect(hasMatured(cancelled, 3, due)).toBe(true);
  });

  it("never matures a session still to happen or in progress, however late", () => {
    const later = new Date(endsAt.getTime() + 365 * DAY);
    expect(hasMatured({ status: "confirmed", endsAt }, 3, later)).toBe(false);
    expect(hasMatured({ status: "pending_payment", endsAt }, 3, later)).toBe(false);
  });

  it("with no hold, matures at the session's end", () => {
    expect(hasMatured({ status: "completed", endsAt }, 0, endsAt)).toBe(true);
    expect(hasMatured({ status: "completed", endsAt }, 0, new Date(endsAt.getTime() - 1))).toBe(
      false,
    );
  });
});

describe("balancesOf", () => {
  const sum = (entries: BalanceEntry[]) => entries.reduce((t, e) => t + e.amount, 0);

  it("is all zero with no entries", () => {
    expect(balancesOf([])).toEqual({ pending: 0, available: 0, paid: 0 });
  });

  it("keeps an unmatured credit pending and a matured one available", () => {
    expect(
      balancesOf([
        { kind: "session_credit", amount: 87_500, matured: false },
        { kind: "session_credit", amount: 50_000, matured: true },
      ]),
    ).toEqual({ pending: 87_500, available: 50_000, paid: 0 });
  });

  it("a refund debit cancels its credit where the credit was", () => {
    expect(
      balancesOf([
        { kind: "session_credit", amount: 87_500, matured: false },
        { kind: "refund_debit", amount: -87_500, matured: false },
      ]),
    ).toEqual({ pending: 0, available: 0, paid: 0 });
  });

  it("takes payouts off available into paid; a returned payout goes back", () => {
    const entries: BalanceEntry[] = [
      { kind: "session_credit", amount: 87_500, matured: true },
      { kind: "session_credit", amount: 40_000, matured: true },
      { kind: "session_credit", amount: 10_000, matured: false },
      { kind: "payout", amount: -87_500, matured: true },
    ];
    expect(balancesOf(entries)).toEqual({ pending: 10_000, available: 40_000, paid: 87_500 });
    entries.push({ kind: "payout_returned", amount: 87_500, matured: true });
    expect(balancesOf(entries)).toEqual({ pending: 10_000, available: 127_500, paid: 0 });
    entries.push({ kind: "payout", amount: -87_500, matured: true });
    expect(balancesOf(entries)).toEqual({ pending: 10_000, available: 40_000, paid: 87_500 });
  });

  it("pending + available is always the sum of the entries (random ledgers)", () => {
    const random = seededRandom(7);
    for (let run = 0; run < 500; run++) {
      const entries: BalanceEntry[] = [];
      let paidOut = 0;
      for (let i = random.int(0, 30); i > 0; i--) {
        const amount = random.int(1, 200_000);
        const matured = random.chance(0.5);
        entries.push({ kind: "session_credit", amount, matured });
        if (random.chance(0.2)) entries.push({ kind: "refund_debit", amount: -amount, matured });
        else if (matured && random.chance(0.5)) {
          entries.push({ kind: "payout", amount: -amount, matured });
          paidOut += amount;
          if (random.chance(0.2)) {
            entries.push({ kind: "payout_returned", amount, matured });
            paidOut -= amount;
          }
        }
      }
      const balances = balancesOf(entries);
      expect(balances.pending + balances.available).toBe(sum(entries));
      expect(balances.paid).toBe(paidOut);
      expect(balances.available).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("monthTotals and unaccounted", () => {
  it("accounts for every paisa: share + commission + GST, or a full refund", () => {
    const totals = monthTotals([
      {
        month: "2026-11",
        amount: 118_000,
        gst: 18_000,
        commission: 12_500,
        creditedFees: 100_000,
        advisorNet: 87_500,
        refunded: 0,
        refundedGst: 0,
        paidAhead: false,
      },
      {
        month: "2026-11",
        amount: 59_000,
        gst: 9_000,
        commission: 6_250,
        creditedFees: 50_000,
        advisorNet: 0,
        refunded: 59_000,
        refundedGst: 9_000,
        paidAhead: false,
      },
      // Paid after the hold lapsed: no session, refunded in full.
      {
        month: "2026-10",
        amount: 59_000,
        gst: 9_000,
        commission: 0,
        creditedFees: 0,
        advisorNet: 0,
        refunded: 59_000,
        refundedGst: 9_000,
        paidAhead: false,
      },
    ]);
    expect(totals).toEqual([
      {
        month: "2026-11",
        collected: 177_000,
        advisorShares: 87_500,
        commission: 12_500,
        gst: 18_000,
        refunds: 59_000,
        prepaid: 0,
      },
      {
        month: "2026-10",
        collected: 59_000,
        advisorShares: 0,
        commission: 0,
        gst: 0,
        refunds: 59_000,
        prepaid: 0,
      },
    ]);
    expect(totals.map(unaccounted)).toEqual([0, 0]);
  });

  it("names a payment with no credit as money unaccounted for", () => {
    const [totals] = monthTotals([
      {
        month: "2026-11",
        amount: 118_000,
        gst: 18_000,
        commission: 0,
        creditedFees: 0,
        advisorNet: 0,
        refunded: 0,
        refundedGst: 0,
        paidAhead: false,
      },
    ]);
    expect(unaccounted(totals!)).toBe(100_000);
  });

  it("is empty with no payments", () => {
    expect(monthTotals([])).toEqual([]);
  });
});

describe("statement months (India's calendar)", () => {
  it("monthKey turns over at midnight IST (18:30 UTC)", () => {
    expect(monthKey(new Date("2026-11-30T18:29:59.999Z"))).toBe("2026-11");
    expect(monthKey(new Date("2026-11-30T18:30:00.000Z"))).toBe("2026-12");
    expect(monthKey(new Date("2026-12-31T18:29:59.999Z"))).toBe("2026-12");
    expect(monthKey(new Date("2026-12-31T18:30:00.000Z"))).toBe("2027-01");
    expect(monthKey(new Date("2026-02-28T18:30:00.000Z"))).toBe("2026-03");
    expect(monthKey(new Date("2026-01-01T00:00:00.000Z"))).toBe("2026-01");
  });

  it("parseMonth accepts YYYY-MM only", () => {
    expect(parseMonth("2026-11")).toBe("2026-11");
    expect(parseMonth("2026-01")).toBe("2026-01");
    expect(parseMonth("2026-12")).toBe("2026-12");
    for (const bad of [
      "2026-13",
      "2026-00",
      "2026-1",
      "",
      "abcd-ef",
      "2026-11-01",
      " 2026-11",
      "2026-11\n",
      "1999-12",
      "2101-01",
      null,
      undefined,
    ]) {
      expect(parseMonth(bad)).toBeNull();
    }
  });

  it("monthRange covers the IST month, [from, to), and agrees with monthKey", () => {
    expect(monthRange("2026-11")).toEqual({
      from: new Date("2026-10-31T18:30:00.000Z"),
      to: new Date("2026-11-30T18:30:00.000Z"),
    });
    expect(monthRange("2026-12")).toEqual({
      from: new Date("2026-11-30T18:30:00.000Z"),
      to: new Date("2026-12-31T18:30:00.000Z"),
    });
    for (const month of ["2026-01", "2026-02", "2028-02", "2026-12"]) {
      const { from, to } = monthRange(month);
      expect(monthKey(from)).toBe(month);
      expect(monthKey(new Date(to.getTime() - 1))).toBe(month);
      expect(monthKey(to)).not.toBe(month);
    }
  });
});

describe("monthsBetween", () => {
  it("lists every month from the first to the last, across a year's end", () => {
    expect(monthsBetween("2026-11", "2027-02")).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
    expect(monthsBetween("2026-11", "2026-11")).toEqual(["2026-11"]);
    expect(monthsBetween("2027-01", "2026-12")).toEqual([]);
  });
});
