import { describe, expect, it } from "vitest";
import { formatPhone, isE164, toE164 } from "./phone";

describe("toE164", () => {
  it("takes an Indian number as typed, with or without +91, 0 or separators", () => {
    for (const typed of [
      "9876543210",
      "09876543210",
      "+91 98765 43210",
      "+91-98765-43210",
      "0091 98765 43210",
      "(+91) 98765.43210",
    ])
      expect(toE164(typed), typed).toBe("+919876543210");
  });

  it("keeps other countries' numbers in E.164", () => {
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("+1 (415) 555-0132")).toBe("+14155550132");
    expect(toE164("+971 50 123 4567")).toBe("+971501234567");
  });

  it("refuses what is not a phone number", () => {
    for (const typed of [
      "",
      "   ",
      "12345",
      "98765 4321", // nine digits: not an Indian number
      "+91 98765 432101", // eleven
      "+91 0876543210", // an Indian number never starts with 0 after the code
      "+0 123 456 789",
      "+1234567890123456", // sixteen digits
      "98765abcde",
      "+91 98765 43210 ext 2",
      "++919876543210",
    ])
      expect(toE164(typed), typed).toBeNull();
  });

  it("knows its own output and shows Indian numbers in groups", () => {
    expect(isE164("+919876543210")).toBe(true);
    expect(isE164("9876543210")).toBe(false);
    expect(formatPhone("+919876543210")).toBe("+91 98765 43210");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
  });
});
