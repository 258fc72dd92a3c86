import { describe, expect, it } from "vitest";
import { validateForm } from "./form";
import { questionOfferSchema } from "./forms/questions";
import { QUESTION_MESSAGES as M } from "./messages/questions";
import {
  canMarkAnswered,
  isOverdue,
  QUESTION_LIMITS,
  questionDeadline,
  questionPrice,
} from "./questions";

describe("paid questions' rules", () => {
  it("prices a question as a session: whole rupees with GST rounded", () => {
    expect(questionPrice(500)).toEqual({ feePaise: 50_000, gstPaise: 9_000, totalPaise: 59_000 });
    // 18 % of ₹125 is ₹22.50: the half rounds up.
    expect(questionPrice(125)).toEqual({ feePaise: 12_500, gstPaise: 2_300, totalPaise: 14_800 });
  });

  it("accepts only offers within the limits", () => {
    const problem = (priceInr: string, answerDays: string) => {
      const parsed = validateForm(questionOfferSchema, { priceInr, answerDays });
      return parsed.success ? null : parsed.fieldErrors;
    };
    expect(problem("500", "3")).toBeNull();
    const price = { priceInr: M.priceInvalid };
    const days = { answerDays: M.answerDaysInvalid };
    expect(problem(String(QUESTION_LIMITS.minPriceInr - 1), "3")).toEqual(price);
    expect(problem(String(QUESTION_LIMITS.maxPriceInr + 1), "3")).toEqual(price);
    expect(problem("499.5", "3")).toEqual(price);
    expect(problem("500", "0")).toEqual(days);
    expect(problem("500", "8")).toEqual(days);
    expect(problem("500", "1.5")).toEqual(days);
  });

  it("counts the deadline from the payment and closes answering at it", () => {
    const paidAt = new Date("2026-03-01T10:00:00Z");
    const deadline = questionDeadline(paidAt, 3);
    expect(deadline.toISOString()).toBe("2026-03-04T10:00:00.000Z");
    const open = { status: "open" as const, deadline };
    const justBefore = new Date(deadline.getTime() - 1);
    expect(canMarkAnswered(open, justBefore)).toBe(true);
    expect(isOverdue(open, justBefore)).toBe(false);
    expect(canMarkAnswered(open, deadline)).toBe(false);
    expect(isOverdue(open, deadline)).toBe(true);
    expect(canMarkAnswered({ status: "answered", deadline }, justBefore)).toBe(false);
    expect(isOverdue({ status: "refunded", deadline }, deadline)).toBe(false);
  });
});
