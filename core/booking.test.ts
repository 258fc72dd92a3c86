import { describe, expect, it } from "vitest";
import {
  canJoin,
  invoiceNumber,
  paymentVerificationSchema,
  sessionOptions,
  sessionTypeLabel,
} from "./booking";
import { buildIcs } from "./ics";

describe("sessionOptions", () => {
  it("offers a first-time seeker one 30-minute First Call with fee, GST and total", () => {
    expect(sessionOptions(2000, true)).toEqual([
      {
        key: "First Call-30",
        type: "First Call",
        duration: 30,
        price: { feeInr: 1000, gstInr: 180, totalInr: 1180, totalPaise: 118000, isFree: false },
      },
    ]);
  });

  it("offers a returning seeker Follow up calls of 15 and 30 minutes", () => {
    const options = sessionOptions(1250, false);
    expect(options.map((o) => [o.type, o.duration, o.price.totalInr])).toEqual([
      ["Follow up call", 15, 369],
      ["Follow up call", 30, 738],
    ]);
  });

  it("prices a pro bono advisor's sessions as free", () => {
    expect(sessionOptions(0, true)[0]!.price).toMatchObject({ totalPaise: 0, isFree: true });
  });
});

describe("paymentVerificationSchema", () => {
  it("takes Razorpay's ids and nothing a query could choke on", () => {
    const fields = {
      razorpay_order_id: "order_IluGWxBm9U8zJ8",
      razorpay_payment_id: "pay_test0a1b2c3d4e5f6a7b8c9",
      razorpay_signature: "0".repeat(64),
    };
    expect(paymentVerificationSchema.safeParse(fields).success).toBe(true);
    for (const bad of ["order_1\u0000", "order_1\r\nX", "order 1", "", "o".repeat(101)]) {
      expect(
        paymentVerificationSchema.safeParse({ ...fields, razorpay_order_id: bad }).success,
      ).toBe(false);
      expect(
        paymentVerificationSchema.safeParse({ ...fields, razorpay_payment_id: bad }).success,
      ).toBe(false);
    }
  });
});

describe("helpers", () => {
  it("opens Join 15 minutes before the start until the end", () => {
    const start = new Date("2026-03-14T10:00:00Z");
    expect(canJoin(start, 30, new Date("2026-03-14T09:44:59Z"))).toBe(false);
    expect(canJoin(start, 30, new Date("2026-03-14T09:45:00Z"))).toBe(true);
    expect(canJoin(start, 30, new Date("2026-03-14T10:29:59Z"))).toBe(true);
    expect(canJoin(start, 30, new Date("2026-03-14T10:30:00Z"))).toBe(false);
  });

  it("names the discovery call and numbers invoices stably", () => {
    expect(sessionTypeLabel("Discovery Call")).toBe("Free Discovery Call");
    expect(sessionTypeLabel("First Call")).toBe("First Call");
    expect(
      invoiceNumber("0f8e2d1c-aaaa-4bbb-8ccc-123456789abc", new Date("2026-03-14T00:00:00Z")),
    ).toBe("BT-2026-0F8E2D1CAA");
  });
});

describe("buildIcs", () => {
  const invite = {
    method: "REQUEST" as const,
    uid: "booking-1@beenthere",
    sequence: 0,
    start: new Date("2026-03-14T04:00:00Z"),
    durationMinutes: 30,
    summary: "First Call: Asha Rao, with Vikram; BeenThere",
    description: "Topics: Career change\nJoin: https://meet.jit.si/x",
    location: "https://meet.jit.si/x",
    organizer: { name: "BeenThere", email: "no-reply@beenthere.example" },
    attendees: [
      { name: "Asha Rao", email: "asha@example.com" },
      { name: "Vikram", email: "vikram@example.com" },
    ],
    stamp: new Date("2026-03-01T12:00:00Z"),
  };

  it("writes a REQUEST in UTC with the stable UID, escaped text and CRLF lines", () => {
    const ics = buildIcs(invite);
    expect(ics).toContain("METHOD:REQUEST\r\n");
    expect(ics).toContain("UID:booking-1@beenthere\r\n");
    expect(ics).toContain("DTSTART:20260314T040000Z\r\n");
    expect(ics).toContain("DTEND:20260314T043000Z\r\n");
    expect(ics).toContain("SUMMARY:First Call: Asha Rao\\, with Vikram\\; BeenThere\r\n");
    expect(ics).toContain("DESCRIPTION:Topics: Career change\\nJoin: https://meet.jit.si/x");
    expect(ics).toContain("STATUS:CONFIRMED");
    expect(ics.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
      true,
    );
  });

  it("writes a CANCEL for the same event", () => {
    const ics = buildIcs({ ...invite, method: "CANCEL", sequence: 2 });
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("SEQUENCE:2");
    expect(ics).toContain("STATUS:CANCELLED");
  });
});
