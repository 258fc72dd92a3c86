import { z } from "zod";
import { REJECTION_REASON_MAX } from "../admin/admin-forms";
import { ADMIN_MESSAGES as M } from "../messages/admin";
import { paragraphs } from "../plain-text";

/*
 * The small forms of the admin screens (one button each, plus a reason when rejecting). The
 * server parses every post with these; anything else is refused with the screen's message.
 */
export const adminRoleForm = z.object({
  intent: z.enum(["grant", "revoke"]),
  userId: z.guid(),
});

const rejectionReason = paragraphs()
  .max(REJECTION_REASON_MAX, M.reasonTooLong)
  .optional()
  .transform((reason) => reason || null);

/** The reject dialog's own field, checked in the browser as the action checks it. */
export const rejectReasonForm = z.object({ reason: rejectionReason });

export const advisorReviewForm = z.object({
  intent: z.enum(["approve", "reject"]),
  advisorId: z.guid(),
  reason: rejectionReason,
});

export const resendInvitationForm = z.object({
  intent: z.literal("resend-invitation"),
  advisorId: z.guid(),
});

/** The Payouts screen's two buttons: retry a failed transfer, run the reconciliation. */
export const payoutActionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry"), transferId: z.guid() }),
  z.object({ intent: z.literal("reconcile") }),
]);
