import { ADDITIONAL_INFO_MAX, topicsValid } from "../booking-limits";
import type { Checker, Issue } from "../form";
import { BOOKING_MESSAGES as M } from "../messages/booking";
import { COMMON_MESSAGES } from "../messages/common";
import { isParagraphText, normaliseLineBreaks } from "../plain-text-rules";

/*
 * The rules of the first two booking steps on an advisor's profile, for the form kit's bound
 * forms (useZodForm), without zod: the profile page downloads no validation library. They
 * say what core/forms/booking.ts's bookingRequestSchema says of the same fields, in its words; the
 * server runs that schema on the whole request.
 */

export type TopicsStepValues = { topics: string[]; additionalInfo: string };
export type SessionStepValues = { option: string | null };

/** Step 1: one to 30 of the advisor's topics; the notes within their limit. */
export const topicsStepRules: Checker<TopicsStepValues> = {
  safeParse(value) {
    const values = value as TopicsStepValues;
    const issues: Issue[] = [];
    if (!topicsValid(values.topics)) issues.push({ path: ["topics"], message: M.topicsRequired });
    // As paragraphs() checks the notes: line breaks as "\n", trimmed, no control characters.
    const info = normaliseLineBreaks(values.additionalInfo).trim();
    if (!isParagraphText(info))
      issues.push({ path: ["additionalInfo"], message: COMMON_MESSAGES.noControlCharacters });
    else if (info.length > ADDITIONAL_INFO_MAX)
      issues.push({ path: ["additionalInfo"], message: M.additionalInfoTooLong });
    return issues.length > 0
      ? { success: false, error: { issues } }
      : { success: true, data: values };
  },
};

/** Step 2: a session option. */
export const sessionStepRules: Checker<{ option: string }> = {
  safeParse(value) {
    const { option } = value as SessionStepValues;
    return option
      ? { success: true, data: { option } }
      : { success: false, error: { issues: [{ path: ["option"], message: M.sessionRequired }] } };
  },
};

export type SummaryStepValues = { noRefundAcknowledged: boolean };

const acknowledgementRequired: Checker<SummaryStepValues> = {
  safeParse(value) {
    const values = value as SummaryStepValues;
    return values.noRefundAcknowledged === true
      ? { success: true, data: values }
      : {
          success: false,
          error: {
            issues: [{ path: ["noRefundAcknowledged"], message: M.noRefundNotAcknowledged }],
          },
        };
  },
};
const nothingRequired: Checker<SummaryStepValues> = {
  safeParse: (value) => ({ success: true, data: value as SummaryStepValues }),
};

/**
 * Step 4: a paid session booked inside its refund deadline needs the "no refund" box ticked,
 * as the server requires (core/booking-terms.ts decides which sessions). One object per case,
 * so the form keeps its errors while the case stays the same.
 */
export function summaryStepRules(needsAcknowledgement: boolean): Checker<SummaryStepValues> {
  return needsAcknowledgement ? acknowledgementRequired : nothingRequired;
}
