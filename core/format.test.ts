import { describe, it, expect } from "vitest";
import {
  firstCallPricing,
  formatAdminDate,
  formatAdminDateTime,
  formatInr,
  formatPaise,
  formatLongDate,
  formatPriceLabel,
  formatSessionDate,
  formatSessionTime,
  formatShortDate,
  formatSessionTimes,
  fullName,
  truncate,
} from "./format";
import { sessionOptions } from "./booking";

describe("formatInr", () => {
  it.each([
    [0, "₹0"],
    [738, "₹738"],
    [1180, "₹1,180"],
    [99999, "₹99,999"],
    [118000, "₹1,18,000"],
    [12345678, "₹1,23,45,678"],
    [368.75, "₹368.75"],
    [0.5, "₹0.50"],
    [1234.5, "₹1,234.50"],
    [368.999, "₹369"], // whole at paise precision
  ])("%s -> %s", (amount, expected) => {
    expect(formatInr(amount)).toBe(expected);
  });
});

describe("formatAdminDateTime and formatAdminDate", () => {
  it("read the moment in India's time, whatever the machine's zone", () => {
    const instant = new Date("2026-03-14T18:45:00Z");
    expect(formatAdminDateTime(instant)).toBe("15 Mar 2026, 12:15 am");
    expect(formatAdminDate(instant)).toBe("15 Mar 2026");
  });
});

describe("formatPaise", () => {
  it.each([
    [0, "₹0"],
    [73_800, "₹738"],
    [11_800_000, "₹1,18,000"],
    [36_875, "₹368.75"],
    [50, "₹0.50"],
    [-50_000, "-₹500"],
  ])("%s paise -> %s", (paise, expected) => {
    expect(formatPaise(paise)).toBe(expected);
  });
});

describe("formatPriceLabel", () => {
  it("shows Free for pro bono advisors", () => {
    expect(formatPriceLabel(0)).toBe("Free");
  });

  it.each([
    [2500, "₹738"],
    [1250, "₹369"],
    [10000, "₹2,950"],
    [400000, "₹1,18,000"],
  ])("%s/h -> %s", (rate, expected) => {
    expect(formatPriceLabel(rate)).toBe(expected);
  });
});

describe("truncate", () => {
  const eighty = "a".repeat(80);

  it("leaves text of max length or shorter alone", () => {
    expect(truncate(eighty, 80)).toBe(eighty);
    expect(truncate("short", 80)).toBe("short");
    expect(truncate("", 80)).toBe("");
  });

  it("cuts longer text and adds an ellipsis", () => {
    expect(truncate(eighty + "b", 80)).toBe(eighty + "...");
    expect(truncate("Hello world", 5)).toBe("Hello...");
  });

  it("trims trailing whitespace before the ellipsis", () => {
    expect(truncate("Hello   world", 7)).toBe("Hello...");
    expect(truncate("Hello\n world", 6)).toBe("Hello...");
  });

  it("does not split astral characters", () => {
    expect(truncate("🙂🙂🙂", 2)).toBe("🙂🙂...");
    expect(truncate("🙂🙂", 2)).toBe("🙂🙂");
  });
});

describe("fullName", () => {
  it.each([
    ["Asha", "Rao", "Asha Rao"],
    ["  Asha ", " Rao  ", "Asha Rao"],
    ["Asha", "", "Asha"],
    ["", "Rao", "Rao"],
    ["  ", "  ", ""],
    ["Asha", null, "Asha"],
    [undefined, "Rao", "Rao"],
  ])("(%j, %j) -> %j", (first, last, expected) => {
    expect(fullName(first, last)).toBe(expected);
  });
});

describe("firstCallPricing", () => {
  it("names the First Call's price beside the card's when it is all a newcomer can book", () => {
    // ₹3,500 an hour: the card's "Starting @" is the 15-minute price, ₹1,033 with GST.
    expect(firstCallPricing(3500, sessionOptions(3500, true))).toEqual({
      firstCall: "First Call · 30 min · ₹2,065 (incl. GST)",
      followUps:
        "Your first session with an advisor is a 30-minute First Call. Follow-up calls after it are 15 or 30 minutes, from ₹1,033.",
    });
  });

  it("says nothing once follow-ups are open, or when the advisor is free", () => {
    expect(firstCallPricing(3500, sessionOptions(3500, false))).toBeNull();
    expect(firstCallPricing(0, sessionOptions(0, true))).toBeNull();
  });
});

describe("dates read the Indian way (en-IN)", () => {
  // 04:30 UTC: still the 23rd in New York, already 10 AM on the 24th in India.
  const start = new Date("2026-11-24T04:30:00Z");

  it("shortens a day for lists, with or without the year", () => {
    expect(formatShortDate(start, "Asia/Kolkata")).toBe("Tue, 24 Nov 2026");
    expect(formatShortDate(start, "America/New_York", false)).toBe("Mon, 23 Nov");
  });

  it("puts the day before the month, in each party's zone", () => {
    expect(formatSessionTime(start, "Asia/Kolkata")).toBe(
      "Tue, 24 Nov 2026, 10:00 AM (Asia/Kolkata)",
    );
    expect(formatSessionTime(start, "America/New_York")).toBe(
      "Mon, 23 Nov 2026, 11:30 PM (America/New_York)",
    );
    expect(formatSessionTime(new Date("2026-03-14T04:00:00Z"), "Europe/London")).toBe(
      "Sat, 14 Mar 2026, 4:00 AM (Europe/London)",
    );
  });

  it("writes a long date as weekday, day, month, year", () => {
    expect(formatSessionDate(start, "Asia/Kolkata")).toBe("Tuesday, 24 November 2026");
    expect(formatSessionDate(start, "America/New_York")).toBe("Monday, 23 November 2026");
    expect(formatLongDate("2026-03-03")).toBe("Tuesday, 3 March 2026");
  });

  it("gives each party's zone once, for a calendar file both share", () => {
    expect(formatSessionTimes(start, ["Asia/Kolkata", "America/New_York"])).toBe(
      "Tue, 24 Nov 2026, 10:00 AM (Asia/Kolkata); Mon, 23 Nov 2026, 11:30 PM (America/New_York)",
    );
    expect(formatSessionTimes(start, ["Asia/Kolkata", "Asia/Kolkata"])).toBe(
      "Tue, 24 Nov 2026, 10:00 AM (Asia/Kolkata)",
    );
  });

  it("falls back to UTC for a zone it does not know, and never throws", () => {
    expect(formatSessionTime(start, "Mars/Olympus")).toBe("Tue, 24 Nov 2026, 4:30 AM (UTC)");
    expect(formatSessionDate(start, "not a zone")).toBe("Tuesday, 24 November 2026");
  });
});
