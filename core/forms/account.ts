import { z } from "zod";
import { AUTH_MESSAGES as M } from "../messages/auth";
import { email, newPassword } from "./auth";

/** The Account section's forms; each has an `intent`, as the one action tells them apart by it. */

export const changeEmailSchema = z.object({ intent: z.literal("change-email"), newEmail: email });

export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z.string().min(1, { error: M.requiredFields }),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: M.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** A first password, for an account made through Google (no current one to give). */
export const setPasswordSchema = z
  .object({ intent: z.literal("set-password"), newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: M.passwordsDiffer,
    path: ["confirmPassword"],
  });

export const revokeSessionSchema = z.object({
  intent: z.literal("revoke-session"),
  sessionId: z.string().trim().min(1).max(200),
});

export const revokeOtherSessionsSchema = z.object({ intent: z.literal("revoke-other-sessions") });

export const ACCOUNT_INTENTS = [
  "change-email",
  "change-password",
  "set-password",
  "revoke-session",
  "revoke-other-sessions",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const undoEmailChangeSchema = z.object({ token: z.string().trim().min(1).max(200) });
