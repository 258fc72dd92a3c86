import { describe, expect, it } from "vitest";
import { bookingRequestSchema } from "./booking";
import { sessionStepRules, summaryStepRules, topicsStepRules } from "./booking-steps";
import { firstErrorPerField } from "../form";

const errorsOf = (result: ReturnType<typeof topicsStepRules.safeParse>) =>
  result.success ? {} : firstErrorPerField(result.error);
const zodErrors = (values: object) => {
  const parsed = bookingRequestSchema
    .pick({ topics: true, additionalInfo: true })
    .safeParse(values);
  return parsed.success ? {} : firstErrorPerField(parsed.error);
};

describe("the booking steps' zod-free rules", () => {
  it.each([
    [{ topics: [], additionalInfo: "" }],
    [{ topics: ["Visas"], additionalInfo: "" }],
    [{ topics: ["Visas"], additionalInfo: "x".repeat(1001) }],
    [{ topics: [], additionalInfo: "x".repeat(1001) }],
    [{ topics: ["Visas"], additionalInfo: "a bell\u0007 in the notes" }],
    [{ topics: ["Visas"], additionalInfo: "lines\r\nand\ttabs are fine" }],
    [{ topics: ["Visas"], additionalInfo: `${"x".repeat(1000)}\n\n` }],
    [{ topics: Array.from({ length: 31 }, (_, i) => `Topic ${i}`), additionalInfo: "ok" }],
  ])("step 1 says what the booking schema says of %j", (values) => {
    expect(errorsOf(topicsStepRules.safeParse(values))).toEqual(zodErrors(values));
  });
  it("step 2 needs a session option", () => {
    expect(sessionStepRules.safeParse({ option: null })).toEqual({
      success: false,
      error: { issues: [{ path: ["option"], message: "Please choose a session option." }] },
    });
    expect(sessionStepRules.safeParse({ option: "first-30" })).toEqual({
      success: true,
      data: { option: "first-30" },
    });
  });
  it("step 4 needs the no-refund box ticked only when the session calls for it", () => {
    expect(summaryStepRules(true).safeParse({ noRefundAcknowledged: false })).toEqual({
      success: false,
      error: {
        issues: [
          {
            path: ["noRefundAcknowledged"],
            message:
              "This session starts in less than 24 hours and is not refundable. Please confirm that you understand before you book it.",
          },
        ],
      },
    });
    expect(summaryStepRules(true).safeParse({ noRefundAcknowledged: true }).success).toBe(true);
    expect(summaryStepRules(false).safeParse({ noRefundAcknowledged: false }).success).toBe(true);
    // One rule object per case, so the form keeps its errors while the case holds.
    expect(summaryStepRules(true)).toBe(summaryStepRules(true));
  });
});
