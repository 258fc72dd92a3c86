import { createHash, randomBytes, randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import { hashPassword } from "better-auth/crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import {
  lockMinutesLeft,
  recordFailure,
  safeRedirect,
  type LoginRecord,
} from "../../core/auth-rules";
import { AUTH_MESSAGES as MESSAGES } from "../../core/messages/auth";
import type { Config } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import * as s from "../db/schema";
import { hitRateLimit } from "../security/rate-limit.server";
import type { Auth } from "./auth.server";
import { insertVerifiedLogin } from "./verified-login.server";
import { ACTIVATION_WORDING } from "../../core/consents";
import { recordSignUpConsent } from "../consents/consents.server";

/*
 * Account flows on top of better-auth: the product's messages, the server-side lockout, per-client
 * rate limits, and invitations. Routes call these and only shape the answers.
 */

export type Failure = {
  ok: false;
  title: string;
  message: string;
  /** Which /auth tab the message invites the person to. */
  jumpTo?: "signup" | "signin";
  hint?: string;
};
type Deps = { db: Db; auth: Auth; config: Pick<Config, "rateLimitScale"> };

const WINDOW_15_MIN = 15 * 60_000;
const LIMITS = {
  signIn: { limit: 30, windowMs: WINDOW_15_MIN },
  signUp: { limit: 10, windowMs: 60 * 60_000 },
  emailCheck: { limit: 30, windowMs: 60_000 },
  reset: { limit: 5, windowMs: WINDOW_15_MIN },
};

export async function limited(
  { db, config }: Pick<Deps, "db" | "config">,
  key: string,
  rule: { limit: number; windowMs: number },
) {
  const limit = Math.round(rule.limit * config.rateLimitScale);
  const result = await hitRateLimit(db, key, { ...rule, limit });
  if (result.allowed) return null;
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  return {
    ok: false,
    title: MESSAGES.errorTitle,
    message: MESSAGES.tooManyRequests(minutes),
  } satisfies Failure;
}

/** Is the e-mail taken, by an account or by an invited person who has none yet? */
export async function emailRegistered(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

/** The sign-up form's first step (check_email_exists), rate-limited per client (ADR 4). */
export async function checkEmail(
  deps: Pick<Deps, "db" | "config">,
  email: string,
  clientIp: string,
) {
  const refused = await limited(deps, `email-check:${clientIp}`, LIMITS.emailCheck);
  if (refused) return refused;
  return { ok: true as const, registered: await emailRegistered(deps.db, email) };
}

/**
 * Creates the account and e-mails its confirmation link. The link signs the person in
 * (auth.server.ts) and carries `redirectTo`, so they continue where they were going.
 */
export async function signUp(
  { db, auth, config }: Deps,
  input: { firstName: string; lastName: string; email: string; password: string },
  clientIp: string,
  redirectTo?: string,
): Promise<{ ok: true } | Failure> {
  const refused = await limited({ db, config }, `sign-up:${clientIp}`, LIMITS.signUp);
  if (refused) return refused;
  if (await emailRegistered(db, input.email)) {
    return {
      ok: false,
      title: MESSAGES.emailTakenTitle,
      message: MESSAGES.emailTaken,
      jumpTo: "signin",
    };
  }
  try {
    const result = await auth.api.signUpEmail({
      body: {
        name: `${input.firstName} ${input.lastName}`,
        email: input.email,
        password: input.password,
        callbackURL: confirmationLanding(redirectTo),
      },
    });
    // The user-create hook made the product user; give it the names exactly as typed.
    await db
      .update(s.users)
      .set({ firstName: input.firstName, lastName: input.lastName })
      .where(eq(s.users.authUserId, result.user.id));
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError && /exist/i.test(error.message)) {
      return {
        ok: false,
        title: MESSAGES.emailTakenTitle,
        message: MESSAGES.emailTaken,
        jumpTo: "signin",
      };
    }
    throw error;
  }
}

/** Where the confirmation link lands: /auth, which sends a signed-in person on to `redirectTo`. */
export function confirmationLanding(redirectTo: string | undefined): string {
  return `/auth?confirmed=1&redirect=${encodeURIComponent(safeRedirect(redirectTo))}`;
}

/** `secondStep`: the password was right and the second factor is asked next (ADR 92). */
export type SignInResult = { ok: true; headers: Headers; secondStep: boolean } | Failure;

/**
 * Password sign-in with the lockout of ADR 4, kept in the database:
 * 5 failures within 15 minutes lock the e-mail until 15 minutes after the last one.
 */
export async function signIn(
  { db, auth, config }: Deps,
  input: { email: string; password: string; rememberMe: boolean },
  request: { headers: Headers; clientIp: string },
  now = new Date(),
): Promise<SignInResult> {
  const refused = await limited({ db, config }, `sign-in:${request.clientIp}`, LIMITS.signIn);
  if (refused) return refused;

  const [record] = await db
    .select()
    .from(s.loginAttempts)
    .where(eq(s.loginAttempts.email, input.email));
  const lockedFor = lockMinutesLeft(record, now);
  if (lockedFor > 0)
    return { ok: false, title: MESSAGES.lockedTitle, message: MESSAGES.locked(lockedFor) };

  const response = await auth.api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
    headers: request.headers,
    asResponse: true,
  });
  if (response.ok) {
    const body = (await response.json().catch(() => ({}))) as { twoFactorRedirect?: boolean };
    // With a second factor ahead, the failures are cleared only once it is passed too.
    if (body.twoFactorRedirect) return { ok: true, headers: response.headers, secondStep: true };
    await db.delete(s.loginAttempts).where(eq(s.loginAttempts.email, input.email));
    return { ok: true, headers: response.headers, secondStep: false };
  }

  const { code } = (await response.json().catch(() => ({}))) as { code?: string };
  if (code === "EMAIL_NOT_VERIFIED") {
    // The password was right: not a failed attempt. The product's message, with the way out.
    return {
      ok: false,
      title: MESSAGES.notFoundTitle,
      message: MESSAGES.notFound,
      hint: MESSAGES.unconfirmedHint,
    };
  }
  const next = await saveFailure(db, input.email, record, now);
  const nowLocked = lockMinutesLeft(next, now);
  if (nowLocked > 0)
    return { ok: false, title: MESSAGES.lockedTitle, message: MESSAGES.locked(nowLocked) };
  if (!(await hasCredentials(db, input.email))) {
    return {
      ok: false,
      title: MESSAGES.notFoundTitle,
      message: MESSAGES.notFound,
      jumpTo: "signup",
    };
  }
  return { ok: false, title: MESSAGES.loginFailedTitle, message: MESSAGES.loginFailed };
}

export async function saveFailure(
  db: Db,
  email: string,
  record: LoginRecord | undefined,
  now: Date,
) {
  const next = recordFailure(record, now);
  await db
    .insert(s.loginAttempts)
    .values({ email, ...next })
    .onConflictDoUpdate({ target: s.loginAttempts.email, set: next });
  return next;
}

async function hasCredentials(db: Db, email: string) {
  const rows = await db
    .select({ id: s.authUsers.id })
    .from(s.authUsers)
    .where(eq(s.authUsers.email, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function signOut(auth: Auth, headers: Headers): Promise<Headers> {
  const response = await auth.api.signOut({ headers, asResponse: true });
  if (!response.ok) throw new Error(`sign-out failed with ${response.status}`);
  return response.headers;
}

/** Sends a reset link (valid 24 hours, once) to an existing account. */
export async function requestPasswordReset(
  { db, auth, config }: Deps,
  email: string,
  clientIp: string,
): Promise<{ ok: true } | Failure> {
  const refused = await limited({ db, config }, `reset:${clientIp}`, LIMITS.reset);
  if (refused) return refused;
  if (!(await hasCredentials(db, email))) {
    return { ok: false, title: MESSAGES.errorTitle, message: MESSAGES.resetNoAccount };
  }
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
    return { ok: true };
  } catch {
    return { ok: false, title: MESSAGES.errorTitle, message: MESSAGES.resetSendFailed };
  }
}

export async function resetPassword(
  auth: Auth,
  input: { token: string; password: string },
): Promise<{ ok: true } | Failure> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) {
      return {
        ok: false,
        title: MESSAGES.errorTitle,
        message: MESSAGES.updatePasswordFailed,
      };
    }
    throw error;
  }
}

// ------------------------------------------------------------------- invitations (ADR 4)

const INVITE_DAYS = 7;
const inviteIdentifier = (token: string) =>
  `invite:${createHash("sha256").update(token).digest("base64url")}`;

/** A one-time activation token for an invited user who has no credentials yet. */
export async function createInvite(db: Db | Tx, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(s.authVerifications).values({
    id: randomUUID(),
    identifier: inviteIdentifier(token), // only a hash is stored
    value: userId,
    expiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60_000),
  });
  return token;
}

/**
 * Setting a password on an invitation creates the credentials, activates the user and
 * approves the advisor profile, all in one transaction; the token works once.
 */
export async function activateInvite(
  db: Db,
  input: { token: string; password: string },
  now = new Date(),
): Promise<{ ok: true; email: string } | Failure> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .delete(s.authVerifications)
      .where(
        and(
          eq(s.authVerifications.identifier, inviteIdentifier(input.token)),
          gt(s.authVerifications.expiresAt, now),
        ),
      )
      .returning();
    const [user] = invite
      ? await tx.select().from(s.users).where(eq(s.users.id, invite.value))
      : [];
    if (!user || user.authUserId) {
      return {
        ok: false,
        title: MESSAGES.errorTitle,
        message: MESSAGES.updatePasswordFailed,
      } as Failure;
    }
    const authUserId = await insertVerifiedLogin(tx, {
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      passwordHash,
    });
    await tx.update(s.users).set({ authUserId, isActive: true }).where(eq(s.users.id, user.id));
    await recordSignUpConsent(tx, user.id, now, ACTIVATION_WORDING);
    await tx
      .update(s.advisors)
      .set({ profileStatus: "approved" })
      .where(
        and(eq(s.advisors.userId, user.id), eq(s.advisors.profileStatus, "pending_activation")),
      );
    return { ok: true as const, email: user.email };
  });
}
