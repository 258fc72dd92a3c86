import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../auth-rules";
import { AUTH_MESSAGES as M } from "../messages/auth";
import { singleLine } from "../plain-text";

/** The account forms. Each schema takes the form's strings; its keys are the field names. */

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: M.emailInvalid }));
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, { error: M.weakPassword });
/** A required one-line field; too long says so (in the spec's words for a limit), not "required". */
const required = (label: string, max: number) =>
  singleLine()
    .min(1, { error: M.requiredFields })
    .max(max, { error: M.tooLong(label, max) });

export const NAME_MAX_LENGTH = 100;

export const signUpSchema = z.object({
  firstName: required("First name", NAME_MAX_LENGTH),
  lastName: required("Last name", NAME_MAX_LENGTH),
  email,
  password: newPassword,
});

export const signInSchema = z.object({
  email,
  password: z.string().min(1, { error: M.requiredFields }),
  // A checkbox sends "on" when ticked and nothing otherwise.
  rememberMe: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export const forgotPasswordSchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string(),
    token: z.string().min(1, { error: M.updatePasswordFailed }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: M.passwordsDiffer,
    path: ["confirmPassword"],
  });
