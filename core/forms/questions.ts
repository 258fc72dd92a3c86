// Paid questions (issue 40): the advisor's offer and the seeker's question, as forms send them.
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "../conversation";
import { CONVERSATION_MESSAGES } from "../messages/conversations";
import { QUESTION_MESSAGES as M } from "../messages/questions";
import { paragraphs } from "../plain-text";
import { QUESTION_LIMITS as L } from "../questions";
import { attachmentsField } from "./conversations";
import { wholeNumber } from "./packages";

/** The offer: a price in whole rupees before GST and an answer time in days. */
export const questionOfferSchema = z.object({
  priceInr: wholeNumber(L.minPriceInr, L.maxPriceInr, M.priceInvalid),
  answerDays: wholeNumber(L.minAnswerDays, L.maxAnswerDays, M.answerDaysInvalid),
});
export type QuestionOfferInput = z.output<typeof questionOfferSchema>;

/** The question: plain paragraphs as a message's (ADR 65), long enough to answer, and files. */
export const questionSchema = z.object({
  body: paragraphs(z.string({ error: M.bodyTooShort }))
    .min(L.bodyMin, M.bodyTooShort)
    .max(MESSAGE_MAX_LENGTH, CONVERSATION_MESSAGES.bodyTooLong),
  attachments: attachmentsField,
});
export type QuestionInput = z.output<typeof questionSchema>;
