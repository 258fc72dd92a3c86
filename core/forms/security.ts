import { z } from "zod";
import { SECURITY_MESSAGES as M } from "../messages/security";
import { singleLine } from "../plain-text";

/** The two-factor and passkey forms; each schema's keys are its field names. */

export const PASSKEY_NAME_MAX_LENGTH = 50;
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** Six digits, spaces allowed between them (apps show "123 456"). */
export const totpCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: M.codeFormat }));

/** A backup code as better-auth makes them: ten letters and digits, a dash in the middle. */
export const backupCode = z
  .string()
  .trim()
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, { error: M.backupCodeFormat }));

/** The sign-in's second step with an authenticator code. */
export const totpStepSchema = z.object({ code: totpCode, trustDevice: checkbox });
/** …or with a backup code. */
export const backupStepSchema = z.object({ code: backupCode, trustDevice: checkbox });

/** Turning TOTP on or off and making new backup codes ask for the current password. */
export const currentPasswordSchema = z.object({
  password: z.string().min(1, { error: M.passwordRequired }),
});

/** The first code that finishes enrolment. */
export const confirmTotpSchema = z.object({ code: totpCode });

export const passkeyNameSchema = z.object({
  name: singleLine()
    .min(1, { error: M.requiredFields })
    .max(PASSKEY_NAME_MAX_LENGTH, { error: M.passkeyNameTooLong }),
});

export const deletePasskeySchema = z.object({ id: z.string().min(1).max(200) });

export const renamePasskeySchema = deletePasskeySchema.extend(passkeyNameSchema.shape);

/** The same forms for an account made through Google, which has no password to confirm. */
export const noPasswordSchema = z.object({});
