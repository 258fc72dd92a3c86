import { and, count, desc, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES as M } from "../../core/messages/account";
import { describeUserAgent, maskIpAddress } from "../../core/user-agent";
import type { Auth } from "../auth/auth.server";
import { emailRegistered } from "../auth/accounts.server";
import { EMAIL_CHANGED_LANDING, latestEmailChange } from "../auth/email-change.server";
import type { Viewer } from "../auth/session.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server";

/*
 * The Account section of /settings: the sign-in address, the password and where the person is
 * signed in, all through better-auth's own endpoints, called with the request's headers so
 * better-auth checks the session itself. Routes call these and only shape the answers.
 */

type Deps = { db: Db; auth: Auth; config: Pick<Config, "rateLimitScale"> };
type Person = Pick<Viewer, "userId" | "authUserId" | "email">;
export type Refusal = { ok: false; message: string; field?: string; status: 400 | 404 | 429 };

const HOUR = 60 * 60_000;
/** Sign-up's limit, per person: an address check reveals no more here than sign-up does. */
const EMAIL_CHANGE_LIMIT: RateLimitRule = { limit: 10, windowMs: HOUR };
/** Guesses of the current password, like the sign-in lockout's five per 15 minutes. */
const PASSWORD_LIMIT: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

async function limited(
  deps: Pick<Deps, "db" | "config">,
  key: string,
  rule: RateLimitRule,
  now: Date,
) {
  const limit = Math.max(1, Math.round(rule.limit * deps.config.rateLimitScale));
  const result = await hitRateLimit(deps.db, key, { ...rule, limit }, now);
  if (result.allowed) return null;
  return {
    ok: false,
    message: M.tooManyRequests(Math.ceil(result.retryAfterSeconds / 60)),
    status: 429,
  } satisfies Refusal;
}

/** Better-auth's error code from an endpoint answered `asResponse`. */
async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function hasPassword(db: Db, authUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: s.authAccounts.id })
    .from(s.authAccounts)
    .where(
      and(
        eq(s.authAccounts.userId, authUserId),
        eq(s.authAccounts.providerId, "credential"),
        isNotNull(s.authAccounts.password),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** What the section shows besides the sessions; `justChangedTo` greets a confirmed change. */
export async function accountOverview(db: Db, person: Person, now: Date) {
  const latest = await latestEmailChange(db, person.userId);
  const recent =
    latest !== null &&
    latest.newEmail.toLowerCase() === person.email.toLowerCase() &&
    now.getTime() - latest.changedAt.getTime() < HOUR;
  return {
    email: person.email,
    hasPassword: await hasPassword(db, person.authUserId),
    justChangedTo: recent ? latest.newEmail : null,
  };
}

/** Sends the confirmation link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(
  deps: Deps,
  person: Person,
  newEmail: string,
  headers: Headers,
  now: Date,
): Promise<{ ok: true } | Refusal> {
  if (newEmail.toLowerCase() === person.email.toLowerCase()) {
    return { ok: false, message: M.emailSame, field: "newEmail", status: 400 };
  }
  const refused = await limited(deps, `email-change:${person.userId}`, EMAIL_CHANGE_LIMIT, now);
  if (refused) return refused;
  const [authTaken] = await deps.db
    .select({ id: s.authUsers.id })
    .from(s.authUsers)
    .where(sql`lower(${s.authUsers.email}) = ${newEmail.toLowerCase()}`)
    .limit(1);
  if (authTaken || (await emailRegistered(deps.db, newEmail))) {
    return { ok: false, message: M.emailTaken, field: "newEmail", status: 400 };
  }
  await deps.auth.api.changeEmail({
    body: { newEmail, callbackURL: EMAIL_CHANGED_LANDING },
    headers,
  });
  return { ok: true };
}

/** Checks the current password; the other sessions end, this one goes on (a new cookie). */
export async function changePassword(
  deps: Deps,
  person: Person,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
  now: Date,
): Promise<{ ok: true; headers: Headers } | Refusal> {
  const refused = await limited(deps, `password-change:${person.userId}`, PASSWORD_LIMIT, now);
  if (refused) return refused;
  const response = await deps.auth.api.changePassword({
    body: { ...input, revokeOtherSessions: true },
    headers,
    asResponse: true,
  });
  if (response.ok) return { ok: true, headers: cookiesOf(response) };
  const code = await errorCode(response);
  if (code === "INVALID_PASSWORD") {
    return { ok: false, message: M.currentPasswordWrong, field: "currentPassword", status: 400 };
  }
  if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
    return { ok: false, message: M.noPasswordYet, status: 400 };
  }
  throw new Error(`change-password answered ${response.status} ${code ?? ""}`);
}

/** A first password for an account made through Google; one that has a password is refused. */
export async function setFirstPassword(
  deps: Deps,
  person: Person,
  newPassword: string,
  headers: Headers,
): Promise<{ ok: true } | Refusal> {
  if (await hasPassword(deps.db, person.authUserId)) {
    return { ok: false, message: M.passwordAlreadySet, status: 400 };
  }
  await deps.auth.api.setPassword({ body: { newPassword }, headers });
  return { ok: true };
}

export type SignIn = {
  id: string;
  device: string;
  /** The address partly hidden, or null (ADR 89: no place without an outside service). */
  address: string | null;
  signedInAt: Date;
  lastActiveAt: Date;
  current: boolean;
};

/**
 * The person's unexpired sessions, the one of this request first, then the latest active.
 * Read from better-auth's table rather than its `listSessions`, which answers only a session
 * younger than a day and returns every session's token (ADR 89); no token leaves here.
 */
export async function listSignIns(
  deps: Pick<Deps, "db" | "auth">,
  person: Person,
  headers: Headers,
  now: Date,
): Promise<SignIn[]> {
  const session = await deps.auth.api.getSession({ headers });
  const rows = await deps.db
    .select({
      id: s.authSessions.id,
      userAgent: s.authSessions.userAgent,
      ipAddress: s.authSessions.ipAddress,
      createdAt: s.authSessions.createdAt,
      updatedAt: s.authSessions.updatedAt,
    })
    .from(s.authSessions)
    .where(and(eq(s.authSessions.userId, person.authUserId), gt(s.authSessions.expiresAt, now)))
    .orderBy(desc(s.authSessions.updatedAt), desc(s.authSessions.createdAt));
  const list = rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    address: maskIpAddress(row.ipAddress),
    signedInAt: row.createdAt,
    lastActiveAt: row.updatedAt,
    current: row.id === session?.session.id,
  }));
  return [...list.filter((x) => x.current), ...list.filter((x) => !x.current)];
}

/**
 * Signs out one of the person's own sessions by its id (better-auth's `revokeSession`). An id
 * that is not theirs is "already signed out": nobody learns whether it exists.
 */
export async function revokeSignIn(
  deps: Pick<Deps, "db" | "auth">,
  person: Person,
  sessionId: string,
  headers: Headers,
  now: Date,
): Promise<{ ok: true; device: string } | Refusal> {
  const [row] = await deps.db
    .select({ token: s.authSessions.token, userAgent: s.authSessions.userAgent })
    .from(s.authSessions)
    .where(
      and(
        eq(s.authSessions.id, sessionId),
        eq(s.authSessions.userId, person.authUserId),
        gt(s.authSessions.expiresAt, now),
      ),
    );
  if (!row) return { ok: false, message: M.sessionGone, status: 404 };
  await deps.auth.api.revokeSession({ body: { token: row.token }, headers });
  return { ok: true, device: describeUserAgent(row.userAgent) };
}

/** Every session but this one (better-auth's `revokeOtherSessions`); says how many ended. */
export async function revokeOtherSignIns(
  deps: Pick<Deps, "db" | "auth">,
  person: Person,
  headers: Headers,
  now: Date,
): Promise<{ ok: true; count: number }> {
  const session = await deps.auth.api.getSession({ headers });
  const [others] = await deps.db
    .select({ n: count() })
    .from(s.authSessions)
    .where(
      and(
        eq(s.authSessions.userId, person.authUserId),
        gt(s.authSessions.expiresAt, now),
        ne(s.authSessions.id, session?.session.id ?? ""),
      ),
    );
  await deps.auth.api.revokeOtherSessions({ headers });
  return { ok: true, count: Number(others?.n ?? 0) };
}
