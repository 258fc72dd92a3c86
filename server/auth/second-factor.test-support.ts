import { symmetricEncrypt } from "better-auth/crypto";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { totp } from "../../tests/support/totp";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import { signIn } from "./accounts.server";
import type { Auth } from "./auth.server";
import { verifySecondStep } from "./second-factor.server";

/** The authenticator key the tests give people (admins must have a second factor, ADR 92). */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** A confirmed authenticator app with TEST_TOTP_SECRET, as the twoFactor plugin stores one. */
export async function giveSecondFactor(
  db: Db,
  email: string,
  authSecret: string,
  backupCodes: string[] = [],
) {
  const [user] = await db
    .select({ id: s.authUsers.id })
    .from(s.authUsers)
    .where(eq(s.authUsers.email, email.toLowerCase()));
  if (!user) throw new Error(`no login for ${email}`);
  await db.insert(s.authTwoFactors).values({
    id: randomUUID(),
    userId: user.id,
    secret: await symmetricEncrypt({ key: authSecret, data: `base32:${TEST_TOTP_SECRET}` }),
    backupCodes: await symmetricEncrypt({ key: authSecret, data: JSON.stringify(backupCodes) }),
    verified: true,
  });
  await db.update(s.authUsers).set({ twoFactorEnabled: true }).where(eq(s.authUsers.id, user.id));
}

type Deps = { db: Db; auth: Auth; config: { rateLimitScale: number } };

/** Cookies of Set-Cookie headers as a Cookie header (expired ones left out). */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Password sign-in, and the second step with a computed code when the account asks for one:
 * the session's Cookie header.
 */
export async function signInFully(
  deps: Deps,
  input: { email: string; password: string },
  clientIp: string,
): Promise<string> {
  const first = await signIn(
    deps,
    { ...input, rememberMe: false },
    { headers: new Headers(), clientIp },
  );
  if (!first.ok) throw new Error(first.message);
  if (!first.secondStep) return cookieHeader(first.headers);
  const request = new Request("http://localhost/auth/two-factor", {
    headers: { cookie: cookieHeader(first.headers) },
  });
  const second = await verifySecondStep(
    deps,
    { method: "totp", code: totp(TEST_TOTP_SECRET), trustDevice: false },
    { request, clientIp },
    new Date(),
  );
  if (!second.ok) throw new Error(second.message);
  return cookieHeader(second.headers);
}
