// The session dialogs' forms, Review Your Session and Cancellation Reason: one schema each for
// the dialog's hints and the action's final word.
import { z } from "zod";
import { SESSION_MESSAGES } from "../messages/sessions";
import { paragraphs } from "../plain-text";

export const REVIEW_FIELDS = {
  bookingId: "bookingId",
  helpfulness: "ratingHelpfulness",
  actionability: "ratingActionability",
  recommend: "recommendAdvisor",
  feedback: "writtenFeedback",
} as const;
export const FEEDBACK_MAX = 2000;

const stars = z.coerce
  .number({ error: SESSION_MESSAGES.ratingRequired })
  .int(SESSION_MESSAGES.ratingRequired)
  .min(1, SESSION_MESSAGES.ratingRequired)
  .max(5, SESSION_MESSAGES.ratingRequired);

export const reviewSchema = z.object({
  [REVIEW_FIELDS.helpfulness]: stars,
  [REVIEW_FIELDS.actionability]: stars,
  [REVIEW_FIELDS.recommend]: z.enum(["yes", "no"], {
    error: SESSION_MESSAGES.recommendRequired,
  }),
  [REVIEW_FIELDS.feedback]: paragraphs()
    .max(FEEDBACK_MAX, `Please keep your feedback to ${FEEDBACK_MAX} characters or fewer.`)
    .optional()
    .transform((value) => value || null),
});
export type ReviewInput = z.output<typeof reviewSchema>;

export const CANCEL_REASON_MAX = 1000;
export const cancelReasonSchema = paragraphs(z.string({ error: SESSION_MESSAGES.reasonRequired }))
  .min(1, SESSION_MESSAGES.reasonRequired)
  .max(CANCEL_REASON_MAX, SESSION_MESSAGES.reasonTooLong(CANCEL_REASON_MAX));
/** The Cancellation Reason form (the dialog and the dashboard's action). */
export const cancelFormSchema = z.object({ reason: cancelReasonSchema });
