import { describe, expect, it } from "vitest";
import {
  bestOffer,
  comparisonText,
  offerSummary,
  offerTerms,
  packageRowView,
  priceBreakdown,
  totalText,
  validityText,
} from "./package-offers";

/** ₹4,000 an hour: a 30-minute session is ₹2,000 + GST = ₹2,360, a 15-minute one ₹1,180. */
const RATE = 4000;
const sprint = { sessions: 3, duration: 30 as const, priceInr: 5085 };

describe("a package in words", () => {
  it("sums it up as the profile and the cards show it", () => {
    expect(offerSummary(sprint, RATE)).toBe("3 sessions · ₹6,000 (incl. GST) · save 15%");
    // No saving, no claim of one.
    expect(offerSummary({ ...sprint, priceInr: 6000 }, RATE)).toBe(
      "3 sessions · ₹7,080 (incl. GST)",
    );
    // A pro bono advisor's rate saves nothing against free sessions.
    expect(offerSummary(sprint, 0)).toBe("3 sessions · ₹6,000 (incl. GST)");
    expect(offerTerms({ duration: 30, validityDays: 60 })).toBe(
      "30-minute sessions · use within 60 days of purchase",
    );
    expect(validityText(60)).toBe("Use within 60 days of purchase");
  });

  it("compares it honestly with the same sessions one by one", () => {
    expect(comparisonText(sprint, RATE)).toBe("₹7,080 one by one · save ₹1,080 (15%)");
    expect(comparisonText({ ...sprint, priceInr: 6000 }, RATE)).toBe(
      "₹7,080 one by one · no saving",
    );
    expect(comparisonText({ ...sprint, priceInr: 7000 }, RATE)).toBe(
      "₹7,080 one by one · ₹1,180 more as a package",
    );
    expect(totalText(5085)).toBe("₹6,000 (incl. GST)");
    expect(priceBreakdown(5085)).toBe("₹5,085 + ₹915 GST");
  });

  it("puts the largest saving on the card, then the lower price, then the first", () => {
    const offers = [
      { id: "a", ...sprint },
      { id: "b", sessions: 6, duration: 30 as const, priceInr: 9000 }, // 25%
      { id: "c", sessions: 2, duration: 15 as const, priceInr: 1500 }, // 25%, cheaper
    ];
    expect(bestOffer(offers, RATE)?.id).toBe("c");
    expect(bestOffer(offers.slice(0, 2), RATE)?.id).toBe("b");
    expect(bestOffer([], RATE)).toBeNull();
    // Nothing saves: the lowest price.
    expect(bestOffer(offers, 0)?.id).toBe("c");
  });

  it("makes every text of a row of the advisor's list", () => {
    const row = packageRowView(
      {
        id: "a",
        name: "Sprint",
        description: "",
        validityDays: 60,
        status: "active",
        hidden: false,
        ...sprint,
      },
      RATE,
    );
    expect(row).toMatchObject({
      shape: "3 × 30 minutes",
      validity: "Use within 60 days of purchase",
      total: "₹6,000 (incl. GST)",
      comparison: "₹7,080 one by one · save ₹1,080 (15%)",
    });
  });
});
