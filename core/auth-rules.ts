import { z } from "zod";

/*
 * The account rules and their exact messages (ADR 4).
 * One source for the forms and the server actions.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

export const MESSAGES = {
  requiredFields: "Please fill in all required fields.",
  weakPasswordTitle: "Weak Password",
  weakPassword: "Password must be at least 8 characters long.",
  passwordsDiffer: "Passwords do not match",
  emailInvalid: "Please enter a valid email address.",
  emailCheckFailed: "Could not validate email. Try again.",
  emailTakenTitle: "Email Already Registered",
  emailTaken: "Please sign in instead.",
  signUpFailedTitle: "Sign up failed",
  signUpSuccessTitle: "Check Your Email",
  signUpSuccess: "We've sent you a confirmation link to complete your registration.",
  lockedTitle: "Account Temporarily Locked",
  locked: (minutes: number) =>
    `Too many failed login attempts. Please try again in ${minutes} minutes.`,
  loginFailedTitle: "Login Failed",
  loginFailed: "Incorrect email or password. Please try again.",
  notFoundTitle: "Account Not Found",
  notFound: "No account found with this email. Please Sign Up first.",
  unconfirmedHint:
    "If you have just signed up, open the confirmation link we e-mailed you first, then sign in.",
  signInSuccessTitle: "Welcome back!",
  signInSuccess: "You have been successfully logged in.",
  signInFailedTitle: "Error",
  signInFailed: "Failed to sign in. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  tooManyRequests: (minutes: number) =>
    `Too many attempts from your network. Please try again in ${minutes} minutes.`,
  callbackFailedTitle: "Authentication Error",
  callbackFailed: "Failed to complete authentication. Please try again.",
  resetNoAccount: "No account found with this email address",
  resetSendFailed: "Failed to send reset email. Please try again.",
  resetSentTitle: "Email Sent",
  updatePasswordFailed: "Failed to update password. Link may have expired.",
  passwordUpdated: "Password updated successfully",
  passwordSet: "Password set! Your account is now active.",
  activatedTitle: "Advisor Account Activated!",
  signOutFailed: "Failed to sign out. Please try again.",
  rolesFailed: "Failed to fetch user roles",
} as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MESSAGES.emailInvalid }));
const password = z.string().min(PASSWORD_MIN_LENGTH, { message: MESSAGES.weakPassword });

export const signUpSchema = z.object({
  firstName: z.string().trim().min(1, { message: MESSAGES.requiredFields }).max(100),
  lastName: z.string().trim().min(1, { message: MESSAGES.requiredFields }).max(100),
  email,
  password,
});

export const signInSchema = z.object({
  email,
  password: z.string().min(1, { message: MESSAGES.requiredFields }),
  rememberMe: z.boolean().default(false),
});

export const emailOnlySchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password,
    confirmPassword: z.string(),
    token: z.string().min(1, { message: MESSAGES.updatePasswordFailed }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/**
 * Where to go after signing in: only a same-site relative path, never another site
 * ("//evil.example" and "/\\evil.example" are protocol-relative in browsers).
 */
export function safeRedirect(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  if ([...target].some((c) => c.charCodeAt(0) < 32)) return fallback; // no header tricks
  return target;
}

export type LoginRecord = { failedCount: number; firstFailedAt: Date; lastFailedAt: Date };

/** Minutes left on a lock, or 0 when the e-mail may try to sign in. */
export function lockMinutesLeft(record: LoginRecord | undefined, now: Date): number {
  if (!record || record.failedCount < LOCKOUT_MAX_FAILURES) return 0;
  const unlocksAt = record.lastFailedAt.getTime() + LOCKOUT_WINDOW_MS;
  const left = unlocksAt - now.getTime();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** The record after one more failure: a window older than 15 minutes starts over. */
export function recordFailure(record: LoginRecord | undefined, now: Date): LoginRecord {
  // An expired lock is always older than the window too, so it also starts over.
  const stale = !record || now.getTime() - record.firstFailedAt.getTime() > LOCKOUT_WINDOW_MS;
  return stale
    ? { failedCount: 1, firstFailedAt: now, lastFailedAt: now }
    : { ...record, failedCount: record.failedCount + 1, lastFailedAt: now };
}
