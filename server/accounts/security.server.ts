import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, asc, eq } from "drizzle-orm";
import { encode } from "uqr";
import type { QrMatrix, SecurityView } from "../../core/account-security";
import { SECURITY_MESSAGES as M } from "../../core/messages/security";
import { type Failure, limited } from "../auth/accounts.server";
import { APP_NAME, type Auth } from "../auth/auth.server";
import { syncSecondFactorFlag } from "../auth/second-factor.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";

/*
 * The Security settings (ADR 92): an authenticator app through better-auth's twoFactor plugin
 * and passkeys through @better-auth/passkey, each change followed by the flag that makes the
 * plugin ask for a second step (syncSecondFactorFlag). Routes pass the request's headers, so
 * better-auth sees the person's own session.
 */

type Deps = { db: Db; auth: Auth; config: Pick<Config, "authSecret" | "rateLimitScale"> };
type Who = { authUserId: string; email: string; headers: Headers };

const SETTINGS_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

export async function loadSecurity(deps: Deps, who: Omit<Who, "headers">): Promise<SecurityView> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(s.authTwoFactors)
    .where(eq(s.authTwoFactors.userId, who.authUserId));
  const passkeys = await db
    .select()
    .from(s.authPasskeys)
    .where(eq(s.authPasskeys.userId, who.authUserId))
    .orderBy(asc(s.authPasskeys.createdAt));
  const setup = row && !row.verified ? await setupFor(deps, row.secret, who.email) : null;
  return {
    totp: !row ? "off" : row.verified ? "on" : "pending",
    setup,
    hasPassword: await hasPassword(db, who.authUserId),
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name || M.unnamedPasskey,
      createdAt: p.createdAt.toISOString(),
      synced: p.backedUp,
    })),
  };
}

/** The pending secret as apps take it: base32 for typing, an otpauth:// URI for the QR code. */
async function setupFor({ config }: Deps, encrypted: string, email: string) {
  const raw = await symmetricDecrypt({ key: config.authSecret, data: encrypted });
  const secretBytes = raw.startsWith("base32:") ? null : raw;
  const secret = secretBytes
    ? base32.encode(secretBytes, { padding: false })
    : raw.slice("base32:".length).toUpperCase();
  const uri = createOTP(secretBytes ?? base32.decode(secret)).url(APP_NAME, email);
  return { secret, uri, qr: qrMatrix(uri) };
}

export function qrMatrix(text: string): QrMatrix {
  const { data, size } = encode(text, { ecc: "M", border: 0 });
  return { size, rows: data.map((row) => row.map((dark) => (dark ? "1" : "0")).join("")) };
}

async function hasPassword(db: Db, authUserId: string) {
  const [row] = await db
    .select({ id: s.authAccounts.id })
    .from(s.authAccounts)
    .where(and(eq(s.authAccounts.userId, authUserId), eq(s.authAccounts.providerId, "credential")))
    .limit(1);
  return Boolean(row);
}

type Answer<T = object> = ({ ok: true; headers: Headers } & T) | (Failure & { field?: string });

async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return body.code;
}

function passwordCheck(hasPw: boolean, password: string): (Failure & { field?: string }) | null {
  if (hasPw && !password)
    return { ok: false, title: M.errorTitle, message: M.passwordRequired, field: "password" };
  return null;
}

async function refusedOrNull(deps: Deps, who: Who) {
  return limited(deps, `security:${who.authUserId}`, SETTINGS_LIMIT);
}

/**
 * A better-auth call the person's password guards: limited, the password asked for when the
 * account has one, and a wrong one said on its field. The provider's answer when it agreed.
 */
async function passwordGuarded(
  deps: Deps,
  who: Who,
  password: string,
  name: string,
  call: (body: { password?: string }) => Promise<Response>,
): Promise<Response | (Failure & { field?: string })> {
  const refused = await refusedOrNull(deps, who);
  if (refused) return refused;
  const missing = passwordCheck(await hasPassword(deps.db, who.authUserId), password);
  if (missing) return missing;
  const response = await call({ password: password || undefined });
  if (response.ok) return response;
  const code = await errorCode(response);
  if (code === "INVALID_PASSWORD")
    return { ok: false, title: M.errorTitle, message: M.wrongPassword, field: "password" };
  throw new Error(`${name} answered ${response.status} ${code ?? ""}`);
}

/** "Turn on": checks the password and stores a new secret, unconfirmed until a first code. */
export async function startTotp(deps: Deps, who: Who, password: string): Promise<Answer> {
  const response = await passwordGuarded(deps, who, password, "enableTwoFactor", (body) =>
    deps.auth.api.enableTwoFactor({ body, headers: who.headers, asResponse: true }),
  );
  return response instanceof Response ? { ok: true, headers: response.headers } : response;
}

/** The first right code finishes enrolment; the backup codes are shown this once. */
export async function confirmTotp(
  deps: Deps,
  who: Who,
  code: string,
): Promise<Answer<{ backupCodes: string[] }>> {
  const refused = await refusedOrNull(deps, who);
  if (refused) return refused;
  const response = await deps.auth.api.verifyTOTP({
    body: { code },
    headers: who.headers,
    asResponse: true,
  });
  if (!response.ok) {
    return { ok: false, title: M.wrongCodeTitle, message: M.wrongCode, field: "code" };
  }
  await syncSecondFactorFlag(deps.db, who.authUserId);
  const [row] = await deps.db
    .select({ backupCodes: s.authTwoFactors.backupCodes })
    .from(s.authTwoFactors)
    .where(eq(s.authTwoFactors.userId, who.authUserId));
  const json = await symmetricDecrypt({ key: deps.config.authSecret, data: row!.backupCodes });
  return { ok: true, headers: response.headers, backupCodes: JSON.parse(json) as string[] };
}

/** Stops an enrolment that never got its first code (nothing is on yet). */
export async function cancelTotpSetup(db: Db, authUserId: string) {
  await db
    .delete(s.authTwoFactors)
    .where(and(eq(s.authTwoFactors.userId, authUserId), eq(s.authTwoFactors.verified, false)));
}

export async function regenerateBackupCodes(
  deps: Deps,
  who: Who,
  password: string,
): Promise<Answer<{ backupCodes: string[] }>> {
  const response = await passwordGuarded(deps, who, password, "generateBackupCodes", (body) =>
    deps.auth.api.generateBackupCodes({ body, headers: who.headers, asResponse: true }),
  );
  if (!(response instanceof Response)) return response;
  const { backupCodes } = (await response.json()) as { backupCodes: string[] };
  return { ok: true, headers: response.headers, backupCodes };
}

/** Turns the authenticator app off; passkeys, if any, remain a second factor. */
export async function disableTotp(deps: Deps, who: Who, password: string): Promise<Answer> {
  const response = await passwordGuarded(deps, who, password, "disableTwoFactor", (body) =>
    deps.auth.api.disableTwoFactor({ body, headers: who.headers, asResponse: true }),
  );
  if (!(response instanceof Response)) return response;
  await syncSecondFactorFlag(deps.db, who.authUserId);
  return { ok: true, headers: response.headers };
}

// ------------------------------------------------------------------------------ passkeys

/** WebAuthn creation options for a new passkey (and the challenge cookie that goes with them). */
export async function passkeyRegistrationOptions(deps: Deps, who: Who, name: string) {
  const response = await deps.auth.api.generatePasskeyRegistrationOptions({
    query: { name },
    headers: who.headers,
    asResponse: true,
  });
  return response;
}

/** Verifies the authenticator's answer and keeps the passkey under `name`. */
export async function registerPasskey(
  deps: Deps,
  who: Who,
  input: { name: string; response: unknown },
): Promise<Answer> {
  const refused = await refusedOrNull(deps, who);
  if (refused) return refused;
  const response = await deps.auth.api.verifyPasskeyRegistration({
    body: { response: input.response, name: input.name },
    headers: who.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const code = await errorCode(response);
    const message = code === "SESSION_NOT_FRESH" ? M.passkeyNeedsFreshSignIn : M.passkeyAddFailed;
    return { ok: false, title: M.errorTitle, message };
  }
  await syncSecondFactorFlag(deps.db, who.authUserId);
  return { ok: true, headers: response.headers };
}

/** Whether the passkey is this person's: anyone else's id looks like no passkey at all. */
async function ownsPasskey(deps: Deps, who: Who, id: string) {
  const [owned] = await deps.db
    .select({ id: s.authPasskeys.id })
    .from(s.authPasskeys)
    .where(and(eq(s.authPasskeys.id, id), eq(s.authPasskeys.userId, who.authUserId)));
  return owned !== undefined;
}

export async function renamePasskey(
  deps: Deps,
  who: Who,
  input: { id: string; name: string },
): Promise<Answer> {
  if (!(await ownsPasskey(deps, who, input.id))) {
    return { ok: false, title: M.errorTitle, message: M.passkeyNotFound };
  }
  const response = await deps.auth.api.updatePasskey({
    body: input,
    headers: who.headers,
    asResponse: true,
  });
  if (!response.ok) throw new Error(`updatePasskey answered ${response.status}`);
  return { ok: true, headers: response.headers };
}

export async function deletePasskey(deps: Deps, who: Who, id: string): Promise<Answer> {
  if (!(await ownsPasskey(deps, who, id))) {
    return { ok: false, title: M.errorTitle, message: M.passkeyNotFound };
  }
  const response = await deps.auth.api.deletePasskey({
    body: { id },
    headers: who.headers,
    asResponse: true,
  });
  if (!response.ok) throw new Error(`deletePasskey answered ${response.status}`);
  await syncSecondFactorFlag(deps.db, who.authUserId);
  return { ok: true, headers: response.headers };
}
