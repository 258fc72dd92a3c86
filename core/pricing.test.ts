import { describe, it, expect } from "vitest";
import { GST_RATE, sessionPrice, startingPriceInr } from "./pricing";

describe("sessionPrice", () => {
  // [rate, minutes, fee, total] — gst is always total - fee.
  const cases: Array<[number, number, number, number]> = [
    [1000, 15, 250, 295],
    [1000, 30, 500, 590],
    [1250, 15, 313, 369], // 312.5 -> 313, 368.75 -> 369
    [1250, 30, 625, 738], // 737.5 -> 738
    [1500, 15, 375, 443], // 442.5 -> 443
    [1500, 30, 750, 885],
    [2000, 15, 500, 590],
    [2000, 30, 1000, 1180],
    [2500, 15, 625, 738], // 737.5 -> 738
    [2500, 30, 1250, 1475],
    [999.99, 15, 250, 295], // 249.9975, 294.99705
    [999.99, 30, 500, 590], // 499.995, 589.9941
    [3333, 15, 833, 983], // 833.25, 983.235
    [3333, 30, 1667, 1966], // 1666.5 -> 1667, 1966.47 -> 1966
    [0.01, 15, 0, 0],
  ];

  it.each(cases)("%s/h for %s min -> fee %s, total %s", (rate, minutes, fee, total) => {
    expect(sessionPrice(rate, minutes)).toEqual({
      feeInr: fee,
      gstInr: total - fee,
      totalInr: total,
      totalPaise: total * 100,
      isFree: false,
    });
  });

  it("matches the float formula wherever it is not on a rounding edge", () => {
    for (let rate = 0; rate <= 10_000; rate += 7.31) {
      const r = Math.round(rate * 100) / 100;
      for (const m of [15, 30]) {
        const exact = ((r * m) / 60) * (1 + GST_RATE);
        if (Math.abs((exact % 1) - 0.5) < 1e-6) continue;
        expect(sessionPrice(r, m).totalInr).toBe(Math.round(exact));
      }
    }
  });

  it("treats rate 0 as pro bono", () => {
    expect(sessionPrice(0, 15)).toEqual({
      feeInr: 0,
      gstInr: 0,
      totalInr: 0,
      totalPaise: 0,
      isFree: true,
    });
    expect(sessionPrice(0, 30).isFree).toBe(true);
  });

  it("charges total * 100 paise as an integer", () => {
    const price = sessionPrice(999.99, 15);
    expect(price.totalPaise).toBe(29_500);
    expect(Number.isInteger(price.totalPaise)).toBe(true);
  });

  it.each([-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY])("rejects rate %s", (rate) => {
    expect(() => sessionPrice(rate, 15)).toThrow(RangeError);
  });

  it.each([0, 10, 20, 45, 60, 15.5])("rejects %s minutes", (minutes) => {
    expect(() => sessionPrice(1000, minutes)).toThrow(RangeError);
  });

  it("rejects rates too large to price exactly", () => {
    expect(() => sessionPrice(1e15, 30)).toThrow(RangeError);
  });
});

describe("startingPriceInr", () => {
  it.each([
    [0, 0],
    [1000, 295],
    [1250, 369],
    [1500, 443],
    [2000, 590],
    [2500, 738],
    [999.99, 295],
    [3333, 983],
  ])("%s/h starts at %s", (rate, expected) => {
    expect(startingPriceInr(rate)).toBe(expected);
  });

  it("always equals the 15-minute checkout total", () => {
    for (const rate of [0, 1, 333.33, 1250, 2500, 7777.77]) {
      expect(startingPriceInr(rate)).toBe(sessionPrice(rate, 15).totalInr);
    }
  });

  it("throws for an invalid rate", () => {
    expect(() => startingPriceInr(-5)).toThrow(RangeError);
  });
});
