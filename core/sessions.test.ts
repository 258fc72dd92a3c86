import { describe, expect, it } from "vitest";
import {
  averageRating,
  canJoin,
  displayRating,
  hoursRemaining,
  joinLabel,
  modificationDenial,
  recommendPercent,
  refundPaise,
  remindersPassedOver,
} from "./sessions";

const now = new Date("2026-03-01T10:00:00Z");
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe("modificationDenial", () => {
  it("allows a confirmed session 12 hours or more ahead", () => {
    expect(
      modificationDenial({ status: "confirmed", start: inHours(12), now, isAdmin: false }),
    ).toBeNull();
  });
  it("refuses a party inside 12 hours, but not an admin", () => {
    expect(
      modificationDenial({ status: "confirmed", start: inHours(11.99), now, isAdmin: false }),
    ).toBe("cutoff");
    expect(
      modificationDenial({ status: "confirmed", start: inHours(1), now, isAdmin: true }),
    ).toBeNull();
  });
  it("refuses past sessions even for admins", () => {
    expect(modificationDenial({ status: "confirmed", start: now, now, isAdmin: true })).toBe(
      "past",
    );
  });
  it("refuses sessions that are not confirmed", () => {
    for (const status of ["completed", "cancelled", "pending_payment", "expired"] as const)
      expect(modificationDenial({ status, start: inHours(48), now, isAdmin: true })).toBe(
        "not-confirmed",
      );
  });
});

describe("hoursRemaining", () => {
  it("counts whole hours left and never goes below zero", () => {
    expect(hoursRemaining(inHours(5.9), now)).toBe(5);
    expect(hoursRemaining(inHours(-2), now)).toBe(0);
  });
});

describe("refundPaise", () => {
  const base = { paidPaise: 59000, start: inHours(24) };
  it("refunds a seeker in full 24 hours or more ahead, nothing later", () => {
    expect(refundPaise({ ...base, cancelledAt: now, by: "seeker" })).toBe(59000);
    expect(refundPaise({ ...base, cancelledAt: inHours(0.01), by: "seeker" })).toBe(0);
  });
  it("always refunds in full when the advisor or an admin cancels", () => {
    expect(refundPaise({ ...base, cancelledAt: inHours(23), by: "advisor" })).toBe(59000);
    expect(refundPaise({ ...base, cancelledAt: inHours(23), by: "admin" })).toBe(59000);
  });
  it("refunds nothing for a free session", () => {
    expect(refundPaise({ paidPaise: 0, start: inHours(48), cancelledAt: now, by: "admin" })).toBe(
      0,
    );
  });
});

describe("canJoin", () => {
  const start = inHours(1);
  const end = new Date(start.getTime() + 30 * 60_000);
  it("opens 15 minutes before the start and closes at the end", () => {
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    expect(canJoin({ status: "confirmed", start, end, now: at(-16) })).toBe(false);
    expect(canJoin({ status: "confirmed", start, end, now: at(-15) })).toBe(true);
    expect(canJoin({ status: "confirmed", start, end, now: at(29) })).toBe(true);
    expect(canJoin({ status: "confirmed", start, end, now: at(30) })).toBe(false);
    expect(canJoin({ status: "cancelled", start, end, now: at(0) })).toBe(false);
  });
});

describe("ratings", () => {
  it("averages review scores to one decimal", () => {
    expect(averageRating([])).toBeNull();
    expect(
      averageRating([
        { ratingHelpfulness: 5, ratingActionability: 4 },
        { ratingHelpfulness: 3, ratingActionability: 3 },
        { ratingHelpfulness: 4, ratingActionability: 5 },
      ]),
    ).toBe(4);
    expect(
      averageRating([
        { ratingHelpfulness: 5, ratingActionability: 4 },
        { ratingHelpfulness: 4, ratingActionability: 4 },
      ]),
    ).toBe(4.3);
  });
  it("shows 5.0 before the first review", () => {
    expect(displayRating(null)).toBe("5.0");
    expect(displayRating(4.25)).toBe("4.3");
  });
  it("gives the share who recommend", () => {
    expect(recommendPercent(2, 3)).toBe(67);
    expect(recommendPercent(0, 0)).toBeNull();
  });
});

describe("joinLabel", () => {
  it("names the provider the link leads to", () => {
    expect(joinLabel("https://meet.google.com/abc-defg-hij")).toBe("Join Google Meet");
    expect(joinLabel("https://meet.jit.si/BeenThere-0123456789abcdef")).toBe("Join Jitsi Meet");
    expect(joinLabel("https://beta.meet.jit.si/BeenThere-01")).toBe("Join Jitsi Meet");
  });
  it("says nothing of Google for any other room, nor for a link it cannot read", () => {
    expect(joinLabel("https://meet.example/BeenThere-01")).toBe("Join Meeting");
    expect(joinLabel("https://meet.google.com.evil.example/x")).toBe("Join Meeting");
    expect(joinLabel("not a link")).toBe("Join Meeting");
  });
});

describe("remindersPassedOver", () => {
  it("booked 19 hours ahead: the 24-hour reminder is passed over, the 1-hour one is kept", () => {
    expect(remindersPassedOver(inHours(19), now)).toEqual([24]);
  });
  it("booked more than 24 hours ahead: both reminders are kept", () => {
    expect(remindersPassedOver(inHours(24.01), now)).toEqual([]);
    expect(remindersPassedOver(inHours(72), now)).toEqual([]);
  });
  it("at exactly 24 hours the reminder's moment has come (the job would send it at once)", () => {
    expect(remindersPassedOver(inHours(24), now)).toEqual([24]);
  });
  it("moved to within the hour (an admin may): both are passed over", () => {
    expect(remindersPassedOver(inHours(0.5), now)).toEqual([24, 1]);
  });
});
