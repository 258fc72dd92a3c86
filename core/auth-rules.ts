/*
 * The account rules: password length, the sign-in lockout and safe redirects. Their messages
 * are in core/messages/auth.ts, the form schemas in core/forms/auth.ts.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

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
