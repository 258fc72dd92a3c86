import { and, eq, gt } from "drizzle-orm";
import { lockMinutesLeft } from "../../core/auth-rules";
import { AUTH_MESSAGES } from "../../core/messages/auth";
import { SECURITY_MESSAGES as M } from "../../core/messages/security";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import { type Failure, limited, saveFailure } from "./accounts.server";
import type { Auth } from "./auth.server";
import type { Config } from "../config.server";

/*
 * Second factors (ADR 92): an authenticator app (better-auth's twoFactor plugin) or a passkey
 * (@better-auth/passkey). `auth_users.two_factor_enabled` is kept true while a person has
 * either, so the plugin asks for the second step after every password sign-in of theirs; the
 * step itself runs here, with the password's lockout (ADR 4) counting wrong codes too.
 */

type Deps = { db: Db; auth: Auth; config: Pick<Config, "rateLimitScale"> };

/** Does this auth user have a confirmed authenticator app or a passkey? */
export async function hasSecondFactor(db: Db, authUserId: string): Promise<boolean> {
  const [totp] = await db
    .select({ id: s.authTwoFactors.id })
    .from(s.authTwoFactors)
    .where(and(eq(s.authTwoFactors.userId, authUserId), eq(s.authTwoFactors.verified, true)));
  if (totp) return true;
  const [key] = await db
    .select({ id: s.authPasskeys.id })
    .from(s.authPasskeys)
    .where(eq(s.authPasskeys.userId, authUserId))
    .limit(1);
  return Boolean(key);
}

/** Sets the plugin's flag from what the person has; returns it. */
export async function syncSecondFactorFlag(db: Db, authUserId: string): Promise<boolean> {
  const has = await hasSecondFactor(db, authUserId);
  await db.update(s.authUsers).set({ twoFactorEnabled: has }).where(eq(s.authUsers.id, authUserId));
  return has;
}

/** The twoFactor plugin's challenge cookie (signed by better-call: "value.signature"). */
const CHALLENGE_COOKIES = ["bt.two_factor", "__Secure-bt.two_factor"];

function challengeId(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || !CHALLENGE_COOKIES.includes(part.slice(0, eq).trim())) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    const dot = value.indexOf(".");
    const id = dot === -1 ? value : value.slice(0, dot);
    return /^2fa-[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
  }
  return null;
}

export type PendingSignIn = { authUserId: string; email: string; totp: boolean; passkey: boolean };

/**
 * Whose sign-in waits for its second step, from the challenge the password step left, or null
 * when there is none (or it expired). The plugin checks the cookie's signature itself when the
 * code is verified; the id alone is a random secret.
 */
export async function pendingSignIn(
  db: Db,
  request: Request,
  now: Date,
): Promise<PendingSignIn | null> {
  const id = challengeId(request);
  if (!id) return null;
  const [row] = await db
    .select({ authUserId: s.authUsers.id, email: s.authUsers.email })
    .from(s.authVerifications)
    .innerJoin(s.authUsers, eq(s.authUsers.id, s.authVerifications.value))
    .where(and(eq(s.authVerifications.identifier, id), gt(s.authVerifications.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const [totp] = await db
    .select({ id: s.authTwoFactors.id })
    .from(s.authTwoFactors)
    .where(and(eq(s.authTwoFactors.userId, row.authUserId), eq(s.authTwoFactors.verified, true)));
  const [key] = await db
    .select({ id: s.authPasskeys.id })
    .from(s.authPasskeys)
    .where(eq(s.authPasskeys.userId, row.authUserId))
    .limit(1);
  return { ...row, totp: Boolean(totp), passkey: Boolean(key) };
}

const SECOND_STEP_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

export type SecondStepResult = { ok: true; headers: Headers } | (Failure & { restart?: boolean });

/**
 * The sign-in's second step: an authenticator code or a backup code. A wrong code is a failed
 * sign-in attempt of that e-mail (5 in 15 minutes lock it, as wrong passwords do); a right one
 * clears the count and gives the session cookie (and the trusted-device cookie if asked).
 */
export async function verifySecondStep(
  { db, auth, config }: Deps,
  input: { method: "totp" | "backup"; code: string; trustDevice: boolean },
  request: { request: Request; clientIp: string },
  now: Date,
): Promise<SecondStepResult> {
  const refused = await limited(
    { db, config },
    `two-factor:${request.clientIp}`,
    SECOND_STEP_LIMIT,
  );
  if (refused) return refused;
  const pending = await pendingSignIn(db, request.request, now);
  if (!pending) return expired();
  const email = pending.email.toLowerCase();
  const [record] = await db.select().from(s.loginAttempts).where(eq(s.loginAttempts.email, email));
  const lockedFor = lockMinutesLeft(record, now);
  if (lockedFor > 0) return locked(lockedFor);

  const body = { code: input.code, trustDevice: input.trustDevice };
  const options = { body, headers: request.request.headers, asResponse: true as const };
  const response =
    input.method === "totp"
      ? await auth.api.verifyTOTP(options)
      : await auth.api.verifyBackupCode(options);
  if (response.ok) {
    await db.delete(s.loginAttempts).where(eq(s.loginAttempts.email, email));
    return { ok: true, headers: response.headers };
  }
  const { code } = (await response.json().catch(() => ({}))) as { code?: string };
  if (code === "ACCOUNT_TEMPORARILY_LOCKED") return locked(15);
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") await saveFailure(db, email, record, now);
    return expired();
  }
  const next = await saveFailure(db, email, record, now);
  const nowLocked = lockMinutesLeft(next, now);
  if (nowLocked > 0) return locked(nowLocked);
  return { ok: false, title: M.wrongCodeTitle, message: M.wrongCode };
}

const expired = () =>
  ({
    ok: false,
    title: M.challengeExpiredTitle,
    message: M.challengeExpired,
    restart: true,
  }) as const;
const locked = (minutes: number) =>
  ({
    ok: false,
    title: AUTH_MESSAGES.lockedTitle,
    message: AUTH_MESSAGES.locked(minutes),
    restart: true,
  }) as const;

// ------------------------------------------------------------------- passkey sign-in

const PASSKEY_LIMIT = { limit: 30, windowMs: 15 * 60_000 };
const PASSKEY_OPTIONS_LIMIT = { limit: 60, windowMs: 15 * 60_000 };

/**
 * WebAuthn request options for a sign-in with any passkey of this site (discoverable). Each
 * stores a challenge, so a client may ask only so often.
 */
export async function passkeySignInOptions(
  { db, auth, config }: Deps,
  request: { headers: Headers; clientIp: string },
): Promise<Response | Failure> {
  const refused = await limited(
    { db, config },
    `passkey-options:${request.clientIp}`,
    PASSKEY_OPTIONS_LIMIT,
  );
  if (refused) return refused;
  return auth.api.generatePasskeyAuthenticationOptions({
    headers: request.headers,
    asResponse: true,
  });
}

/**
 * A passkey signs in on its own (it is something you have, unlocked by something you are or
 * know) and finishes a password sign-in's second step the same way.
 */
export async function passkeySignIn(
  { db, auth, config }: Deps,
  input: { response: Record<string, unknown> },
  request: { headers: Headers; clientIp: string },
): Promise<{ ok: true; headers: Headers } | Failure> {
  const refused = await limited({ db, config }, `passkey:${request.clientIp}`, PASSKEY_LIMIT);
  if (refused) return refused;
  const response = await auth.api.verifyPasskeyAuthentication({
    // The plugin checks the answer's shape and signature itself.
    body: { response: input.response as never },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) return { ok: false, title: M.passkeyFailedTitle, message: M.passkeyFailed };
  const body = (await response.json()) as { user?: { email?: string } };
  if (body.user?.email) {
    await db
      .delete(s.loginAttempts)
      .where(eq(s.loginAttempts.email, body.user.email.toLowerCase()));
  }
  return { ok: true, headers: response.headers };
}
