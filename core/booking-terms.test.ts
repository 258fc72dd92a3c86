import { describe, expect, it } from "vitest";
import {
  bookedPastRefundDeadline,
  bookingTerms,
  changeDeadline,
  needsNoRefundAcknowledgement,
  refundDeadline,
} from "./booking-terms";
import { FULL_REFUND_HOURS, MODIFY_CUTOFF_HOURS, refundPaise } from "./sessions";

const HOUR = 3_600_000;
const now = new Date("2026-03-02T08:30:00Z");
const inHours = (h: number) => new Date(now.getTime() + h * HOUR);
const ZONE = "Asia/Kolkata";

describe("the refund and change deadlines", () => {
  it("come from the session rules' constants", () => {
    const start = inHours(48);
    expect(start.getTime() - refundDeadline(start).getTime()).toBe(FULL_REFUND_HOURS * HOUR);
    expect(start.getTime() - changeDeadline(start).getTime()).toBe(MODIFY_CUTOFF_HOURS * HOUR);
  });

  it("agree with the refund rule at its edge: exactly 24 hours ahead is still refunded", () => {
    for (const hours of [FULL_REFUND_HOURS + 1, FULL_REFUND_HOURS, FULL_REFUND_HOURS - 0.01, 19]) {
      const start = inHours(hours);
      const refunded = refundPaise({ paidPaise: 100, start, cancelledAt: now, by: "seeker" }) > 0;
      expect(bookedPastRefundDeadline(start, now), `${hours} h`).toBe(!refunded);
    }
  });

  it("ask for the acknowledgement only when money is paid and the deadline has passed", () => {
    expect(needsNoRefundAcknowledgement({ start: inHours(19), now, totalPaise: 118_000 })).toBe(
      true,
    );
    expect(needsNoRefundAcknowledgement({ start: inHours(19), now, totalPaise: 0 })).toBe(false);
    expect(needsNoRefundAcknowledgement({ start: inHours(25), now, totalPaise: 118_000 })).toBe(
      false,
    );
  });
});

describe("the summary's terms", () => {
  it("booked 19 hours ahead: not refundable, with the rupees, the change deadline and a box to tick", () => {
    // 2026-03-03 03:30 UTC = 09:00 in Kolkata; changes close 12 hours earlier, at 21:00.
    const terms = bookingTerms({ start: inHours(19), now, totalPaise: 118_000, zone: ZONE });
    expect(terms).toEqual({
      kind: "final",
      lines: [
        "This session starts in less than 24 hours, so it is not refundable: if you cancel, you won't get back the ₹1,180 you pay.",
        "You can reschedule or cancel until Mon, 2 Mar 2026, 9:00 PM (Asia/Kolkata), 12 hours before the start; no changes are possible after that.",
      ],
      acknowledgement: "I understand that I won't get a refund of ₹1,180 if I cancel this session.",
    });
  });

  it("booked days ahead: a full refund until 24 hours before, in the seeker's zone", () => {
    // 2026-03-05 03:30 UTC: the refund deadline is 2026-03-04 03:30 UTC = 09:00 in Kolkata.
    const terms = bookingTerms({ start: inHours(67), now, totalPaise: 236_000, zone: ZONE });
    expect(terms).toEqual({
      kind: "refundable",
      lines: [
        "Full refund of ₹2,360 if you cancel by Wed, 4 Mar 2026, 9:00 AM (Asia/Kolkata), 24 hours before the start.",
        "No refund if you cancel after that.",
        "You can reschedule or cancel until Wed, 4 Mar 2026, 9:00 PM (Asia/Kolkata), 12 hours before the start; no changes are possible after that.",
      ],
      acknowledgement: null,
    });
  });

  it("a free session: no money, and the rescheduling rule", () => {
    const terms = bookingTerms({ start: inHours(19), now, totalPaise: 0, zone: "Europe/London" });
    expect(terms).toEqual({
      kind: "free",
      lines: [
        "This session is free: there is nothing to pay and nothing to refund.",
        "You can reschedule or cancel until Mon, 2 Mar 2026, 3:30 PM (Europe/London), 12 hours before the start; no changes are possible after that.",
      ],
      acknowledgement: null,
    });
  });
});
