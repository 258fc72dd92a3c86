import { z } from "zod";
import { REPORT_OUTCOMES } from "../conversation";
import { ADMIN_REPORT_MESSAGES as A, REPORT_MESSAGES as M } from "../messages/message-safety";
import { paragraphs } from "../plain-text";

export const REPORT_REASON_MAX = 1000;

/** A party's report of their conversation (the Report dialog). */
export const reportConversationSchema = z.object({
  reason: paragraphs(z.string({ error: M.reasonRequired }))
    .min(1, M.reasonRequired)
    .max(REPORT_REASON_MAX, M.reasonTooLong),
});

/** The admin queue's actions: close a report with an outcome, or unblock someone's messaging. */
export const reportActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("close"),
      reportId: z.uuid({ error: A.invalid }),
      outcome: z.enum(REPORT_OUTCOMES, { error: A.invalid }),
    }),
    z.object({ intent: z.literal("unblock"), userId: z.uuid({ error: A.invalid }) }),
  ],
  { error: A.invalid },
);
export type ReportAction = z.output<typeof reportActionSchema>;
