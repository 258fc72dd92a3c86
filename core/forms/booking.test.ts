import { describe, expect, it } from "vitest";
import { firstErrorPerField } from "../form";
import { BOOKING_MESSAGES } from "../messages/booking";
import { bookingRequestSchema, discoveryRequestSchema } from "./booking";

const valid = {
  advisorId: "7a0c3c1e-5f7e-4a51-9d3c-2f1e0b6a9c11",
  topics: ["Career change"],
  additionalInfo: "  ",
  sessionType: "First Call",
  duration: 30,
  datetime: "2026-03-14T04:00:00.000Z",
  seekerTimezone: "Asia/Kolkata",
};

describe("bookingRequestSchema", () => {
  it("accepts a valid request and drops blank additional information", () => {
    const parsed = bookingRequestSchema.parse(valid);
    expect(parsed.additionalInfo).toBeUndefined();
    expect(parsed.topics).toEqual(["Career change"]);
  });

  it("never carries an amount from the browser", () => {
    const parsed = bookingRequestSchema.parse({ ...valid, amount: 1 });
    expect(parsed).not.toHaveProperty("amount");
  });

  it.each([
    [{ topics: [] }, "topics", BOOKING_MESSAGES.topicsRequired],
    [{ sessionType: "Discovery Call" }, "sessionType", BOOKING_MESSAGES.sessionRequired],
    [{ duration: 45 }, "duration", BOOKING_MESSAGES.sessionRequired],
    [{ datetime: "tomorrow" }, "datetime", BOOKING_MESSAGES.timeRequired],
    [{ seekerTimezone: "IST" }, "seekerTimezone", BOOKING_MESSAGES.invalidTimeZone],
    [
      { additionalInfo: "x".repeat(1001) },
      "additionalInfo",
      BOOKING_MESSAGES.additionalInfoTooLong,
    ],
  ])("refuses %o with the message for %s", (change, field, message) => {
    const result = bookingRequestSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(firstErrorPerField(result.error!)[field]).toBe(message);
  });
});

describe("discoveryRequestSchema", () => {
  it("requires the advice sought", () => {
    const result = discoveryRequestSchema.safeParse({
      adviceSought: "   ",
      datetime: valid.datetime,
      seekerTimezone: "UTC",
    });
    expect(firstErrorPerField(result.error!).adviceSought).toBe(
      "Please tell us what advice you're seeking.",
    );
  });
});
