import { and, eq } from "drizzle-orm";
import { validateForm } from "../../core/form";
import { type QuestionOfferInput, questionOfferSchema } from "../../core/forms/questions";
import { QUESTION_MESSAGES as M } from "../../core/messages/questions";
import type { Db } from "../db/client.server";
import { advisors } from "../db/schema";

/*
 * An advisor's paid-question offer (issue 40, ADR 98): a price and an answer time, set or
 * turned off by the approved advisor themself. Questions already asked keep what they were
 * asked at. The change NOTIFYs the directory like any public column, so the profile shows it.
 */

export type QuestionOffer = { priceInr: number; answerDays: number } | null;

export type QuestionOfferResult =
  | { ok: true; offer: QuestionOffer }
  | {
      ok: false;
      status: 400 | 403;
      message: string;
      fieldErrors?: Partial<Record<keyof QuestionOfferInput, string>>;
    };

/** The signed-in advisor's offer as their dashboard shows it, or null when they are none. */
export async function ownQuestionOffer(db: Db, userId: string) {
  const [row] = await db
    .select({
      status: advisors.profileStatus,
      priceInr: advisors.questionPriceInr,
      answerDays: advisors.questionAnswerDays,
    })
    .from(advisors)
    .where(eq(advisors.userId, userId));
  if (!row) return null;
  const offer: QuestionOffer =
    row.priceInr !== null && row.answerDays !== null
      ? { priceInr: row.priceInr, answerDays: row.answerDays }
      : null;
  return { approved: row.status === "approved", offer };
}

/** Sets the offer from the form's values, or turns it off (`values` null). */
export async function saveQuestionOffer(
  db: Db,
  userId: string,
  values: Record<string, unknown> | null,
): Promise<QuestionOfferResult> {
  let offer: QuestionOffer = null;
  if (values) {
    const parsed = validateForm(questionOfferSchema, values);
    if (!parsed.success)
      return {
        ok: false,
        status: 400,
        message: Object.values(parsed.fieldErrors)[0] ?? M.priceInvalid,
        fieldErrors: parsed.fieldErrors,
      };
    offer = parsed.data;
  }
  const [updated] = await db
    .update(advisors)
    .set({
      questionPriceInr: offer?.priceInr ?? null,
      questionAnswerDays: offer?.answerDays ?? null,
    })
    // Approved advisors only: a refusal writes nothing.
    .where(and(eq(advisors.userId, userId), eq(advisors.profileStatus, "approved")))
    .returning({ id: advisors.id });
  if (!updated) return { ok: false, status: 403, message: M.notAdvisor };
  return { ok: true, offer };
}
