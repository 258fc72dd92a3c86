/**
 * Paid questions (issue 40): an advisor opts in with a price and an answer time; a seeker pays
 * and asks in their conversation; the advisor's share is credited on the answer, and a question
 * left unanswered past its deadline is refunded in full. Money is integer paise (ADR 1); the
 * price is whole rupees without GST, and GST is added to it as to a session's.
 */
import { packagePrice, type PackagePrice } from "./packages";

const DAY_MS = 86_400_000;

export const QUESTION_LIMITS = {
  /** Rupees, without GST. */
  minPriceInr: 100,
  maxPriceInr: 50_000,
  minAnswerDays: 1,
  maxAnswerDays: 7,
  /** The question itself, as a conversation message allows. */
  bodyMin: 10,
} as const;

export const QUESTION_STATUSES = [
  /** Asked; the payment has not arrived. */
  "pending_payment",
  /** Paid and waiting for the advisor's answer until `deadline`. */
  "open",
  /** The advisor answered and marked it answered: their share is credited. */
  "answered",
  /** Unanswered by the deadline: refunded in full. */
  "refunded",
  /** Never paid, or paid when it could no longer be asked (that payment is refunded). */
  "abandoned",
] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** The question's price with GST, rounded to whole rupees as a session's is. */
export function questionPrice(priceInr: number): PackagePrice {
  return packagePrice(priceInr);
}

/** The answer is due this long after the payment arrived (not after the question was written). */
export function questionDeadline(paidAt: Date, answerDays: number): Date {
  return new Date(paidAt.getTime() + answerDays * DAY_MS);
}

/** Only the question's advisor answers, and only while it is open and before its deadline. */
export function canMarkAnswered(
  question: { status: QuestionStatus; deadline: Date | null },
  now: Date,
): boolean {
  return (
    question.status === "open" &&
    question.deadline !== null &&
    now.getTime() < question.deadline.getTime()
  );
}

/** Open and past its deadline: the deadline job refunds it. */
export function isOverdue(
  question: { status: QuestionStatus; deadline: Date | null },
  now: Date,
): boolean {
  return (
    question.status === "open" &&
    question.deadline !== null &&
    now.getTime() >= question.deadline.getTime()
  );
}
