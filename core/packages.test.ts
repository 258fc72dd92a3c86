import { describe, expect, it } from "vitest";
import { statementItem } from "./earnings";
import { PURCHASE_MESSAGES as M } from "./messages/package-purchases";
import {
  bookLabel,
  endingOutcome,
  nthSessionFee,
  PACKAGE_LIMITS,
  packagePrice,
  packagePriceProblem,
  packageSaving,
  packageSummary,
  refundOfRest,
  sessionShares,
  sessionsLeftText,
} from "./packages";
import { seededRandom } from "./seeded-random.test-support";

describe("a package's price", () => {
  it("adds 18% GST in whole rupees, halves up, as a session's price does", () => {
    expect(packagePrice(2400)).toEqual({
      feePaise: 240_000,
      gstPaise: 43_200,
      totalPaise: 283_200,
    });
    // 125 × 1.18 = 147.5 → ₹148.
    expect(packagePrice(125)).toEqual({ feePaise: 12_500, gstPaise: 2_300, totalPaise: 14_800 });
    expect(() => packagePrice(10.5)).toThrow(RangeError);
  });

  it("splits into sessions' shares that add up exactly, the remainder on the last", () => {
    expect(sessionShares(100_000, 3)).toEqual([33_333, 33_333, 33_334]);
    expect(sessionShares(283_200, 3)).toEqual([94_400, 94_400, 94_400]);
    expect(() => sessionShares(100, 0)).toThrow(RangeError);
    const price = packagePrice(1000);
    expect(nthSessionFee(price, 3, 3)).toBe(33_334);
    expect(() => nthSessionFee(price, 3, 4)).toThrow(RangeError);
  });

  it("keeps every session's GST share positive and the refund of the rest exact, for any price", () => {
    const random = seededRandom(40);
    for (let i = 0; i < 2_000; i++) {
      const priceInr = random.int(PACKAGE_LIMITS.minPriceInr, PACKAGE_LIMITS.maxPriceInr);
      const sessions = random.int(PACKAGE_LIMITS.minSessions, PACKAGE_LIMITS.maxSessions);
      const price = packagePrice(priceInr);
      const totals = sessionShares(price.totalPaise, sessions);
      const fees = sessionShares(price.feePaise, sessions);
      totals.forEach((t, k) => expect(t - fees[k]!).toBeGreaterThan(0));
      for (let used = 0; used <= sessions; used++) {
        const rest = refundOfRest(price, sessions, used);
        const usedTotal = totals.slice(0, used).reduce((a, b) => a + b, 0);
        const usedFees = fees.slice(0, used).reduce((a, b) => a + b, 0);
        expect(rest.amount + usedTotal).toBe(price.totalPaise);
        expect(rest.amount - rest.gst + usedFees).toBe(price.feePaise);
        expect(rest.gst).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("refunds everything unused and nothing once all is used", () => {
    const price = packagePrice(2400);
    expect(refundOfRest(price, 3, 0)).toEqual({ amount: 283_200, gst: 43_200 });
    expect(refundOfRest(price, 3, 3)).toEqual({ amount: 0, gst: 0 });
    expect(() => refundOfRest(price, 3, 4)).toThrow(RangeError);
  });
});

describe("what a package is shown as", () => {
  it("states the saving honestly: against the same sessions one by one, rounded down", () => {
    // ₹2,000 an hour: a 30-minute session is ₹1,000 + GST = ₹1,180; three are ₹3,540.
    const saving = packageSaving({
      priceInr: 2400,
      sessions: 3,
      duration: 30,
      hourlyRateInr: 2000,
    });
    expect(saving).toEqual({ oneByOnePaise: 354_000, totalPaise: 283_200, percent: 20 });
    expect(
      packageSaving({ priceInr: 3000, sessions: 3, duration: 30, hourlyRateInr: 2000 }).percent,
    ).toBe(0);
    expect(packageSummary({ sessions: 3, totalPaise: 600_000, savePercent: 20 })).toBe(
      "3 sessions · ₹6,000 (incl. GST) · save 20%",
    );
    expect(packageSummary({ sessions: 2, totalPaise: 236_000, savePercent: 0 })).toBe(
      "2 sessions · ₹2,360 (incl. GST)",
    );
  });

  it("refuses a price out of bounds, for a free advisor, or dearer than one by one", () => {
    const base = { sessions: 3, duration: 30 as const, hourlyRateInr: 2000 };
    expect(packagePriceProblem({ ...base, priceInr: 2400 })).toBeNull();
    expect(packagePriceProblem({ ...base, priceInr: 3000 })).toBeNull();
    expect(packagePriceProblem({ ...base, priceInr: 3001 })).toBe(
      "The price must not be more than the same sessions one by one (₹3,000 before GST).",
    );
    expect(packagePriceProblem({ ...base, priceInr: 99 })).toBe(
      "Enter a price in whole rupees from ₹100 to ₹10,00,000.",
    );
    expect(packagePriceProblem({ ...base, priceInr: 150.5 })).not.toBeNull();
    expect(packagePriceProblem({ ...base, hourlyRateInr: 0, priceInr: 200 })).toBe(
      "Packages are for paid sessions: set an hourly rate first.",
    );
  });

  it("names the next session and what is left", () => {
    expect(
      bookLabel({ price: { isFree: true, totalInr: 0 }, packageUse: { nth: 2, sessions: 3 } }),
    ).toBe("Book Session 2 of 3");
    expect(bookLabel({ price: { isFree: false, totalInr: 1180 } })).toBe("Pay ₹1,180");
    expect(bookLabel({ price: { isFree: true, totalInr: 0 } })).toBe("Book Free Session");
    expect(sessionsLeftText(3, 1)).toBe("2 of 3 sessions left");
    expect(sessionsLeftText(3, 4)).toBe("0 of 3 sessions left");
    expect(statementItem({ sessionType: "Follow up call", packageName: "Three mornings" })).toBe(
      "Package session (Three mornings)",
    );
    expect(statementItem({ sessionType: "First Call", packageName: null })).toBe("First Call");
  });
});

describe("ending a package with sessions booked", () => {
  const now = new Date("2026-03-21T17:00:00.000Z");
  const starts = [
    new Date("2026-03-22T03:30:00.000Z"), // 10.5 hours: inside the cutoff, takes place
    new Date("2026-03-22T06:00:00.000Z"), // 13 hours: a late cancel for the seeker
    new Date("2026-03-25T03:30:00.000Z"), // days ahead: goes back
  ];
  it("cancels what is beyond the cutoff by the ender's rule", () => {
    const base = { sessions: 4, taken: 3, upcomingStarts: starts, now };
    expect(endingOutcome({ ...base, by: "seeker" })).toEqual({ cancelled: 2, used: 2 });
    expect(endingOutcome({ ...base, by: "advisor" })).toEqual({ cancelled: 2, used: 1 });
    expect(endingOutcome({ ...base, upcomingStarts: [], by: "admin" })).toEqual({
      cancelled: 0,
      used: 3,
    });
  });
  it("says so before anyone ends it", () => {
    expect(M.endPreview({ cancelled: 2, unused: 2, refund: "₹1,888" })).toBe(
      "Your 2 sessions booked more than 12 hours ahead are cancelled too. The 2 unused sessions are refunded: ₹1,888 to the original payment method.",
    );
    expect(M.endPreview({ cancelled: 0, unused: 0, refund: "₹0" })).toBe(
      "Every session of this package is used or still booked, so nothing is refunded.",
    );
  });
});
