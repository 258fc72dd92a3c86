import { z } from "zod";
import { ADMIN_MESSAGES as M } from "../messages/admin";
import { paragraphs } from "../plain-text";
import { toSingleLine } from "../plain-text-rules";

/*
 * The small forms of the admin screens (one button each, plus a reason when rejecting). The
 * server parses every post with these; anything else is refused with the screen's message.
 */
export const REJECTION_REASON_MAX = 1000;

/**
 * What an admin screen's search box asked for: one line of at most 100 characters. Control
 * characters go (PostgreSQL refuses a NUL in text, and no name holds one).
 */
export const adminSearchText = (value: string | null) => toSingleLine(value ?? "").slice(0, 100);

/** The users page's role filter: everyone, people who are only seekers, advisors, admins. */
export const USER_ROLE_FILTERS = ["all", "seeker", "advisor", "admin"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

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

/** A form post as a plain object, for the schemas above. */
export function formObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}
