import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client.server";
import * as s from "../db/schema";

/**
 * Writes a verified e-mail-and-password login straight into better-auth's tables, for people
 * who never go through sign-up: invited advisors (the invitation proved the address) and the
 * demo users. Returns the auth user's id.
 */
export async function insertVerifiedLogin(
  tx: Tx,
  login: { name: string; email: string; passwordHash: string },
): Promise<string> {
  const authUserId = randomUUID();
  await tx.insert(s.authUsers).values({
    id: authUserId,
    name: login.name,
    email: login.email.toLowerCase(),
    emailVerified: true,
  });
  await tx.insert(s.authAccounts).values({
    id: randomUUID(),
    accountId: authUserId,
    providerId: "credential",
    userId: authUserId,
    password: login.passwordHash,
  });
  return authUserId;
}
