import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES as M } from "../../core/messages/account";
import type { Auth } from "../auth/auth.server";
import { hashUndoToken } from "../auth/email-change.server";
import type { Db, Tx } from "../db/client.server";
import * as s from "../db/schema";

/*
 * The link in the notice to the old address (ADR 89). Opening it only shows what it would do
 * (mail scanners open links); the button restores the old address in one transaction for both
 * tables, signs out every session, and mails the old address a link to choose a new password:
 * whoever made the change may know the password.
 */

type Change = typeof s.emailChanges.$inferSelect;

async function usableChange(db: Db | Tx, token: string, now: Date, lock = false) {
  const query = db
    .select()
    .from(s.emailChanges)
    .where(
      and(
        eq(s.emailChanges.undoTokenHash, hashUndoToken(token)),
        isNull(s.emailChanges.undoneAt),
        gt(s.emailChanges.undoExpiresAt, now),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** What the link would undo, or null for a link that is unknown, used or expired. */
export async function undoableChange(db: Db, token: string, now: Date) {
  const change = await usableChange(db, token, now);
  return change ? { oldEmail: change.oldEmail, newEmail: change.newEmail } : null;
}

export async function undoEmailChange(
  { db, auth }: { db: Db; auth: Auth },
  token: string,
  now: Date,
): Promise<{ ok: true; oldEmail: string } | { ok: false; message: string }> {
  const outcome = await db.transaction(async (tx) => {
    const change: Change | null = await usableChange(tx, token, now, true);
    if (!change) return { ok: false as const, message: M.undoInvalid };
    const [user] = await tx
      .select({ authUserId: s.users.authUserId })
      .from(s.users)
      .where(eq(s.users.id, change.userId));
    if (!user?.authUserId) return { ok: false as const, message: M.undoInvalid };
    const old = change.oldEmail.toLowerCase();
    const [heldByUser] = await tx
      .select({ id: s.users.id })
      .from(s.users)
      .where(and(sql`lower(${s.users.email}) = ${old}`, ne(s.users.id, change.userId)));
    const [heldByAccount] = await tx
      .select({ id: s.authUsers.id })
      .from(s.authUsers)
      .where(and(sql`lower(${s.authUsers.email}) = ${old}`, ne(s.authUsers.id, user.authUserId)));
    if (heldByUser || heldByAccount) return { ok: false as const, message: M.undoAddressTaken };

    await tx
      .update(s.authUsers)
      .set({ email: old, emailVerified: true })
      .where(eq(s.authUsers.id, user.authUserId));
    await tx.update(s.users).set({ email: change.oldEmail }).where(eq(s.users.id, change.userId));
    // Every session ends, the undoer's too; every other undo link of this person goes with it.
    await tx.delete(s.authSessions).where(eq(s.authSessions.userId, user.authUserId));
    await tx
      .update(s.emailChanges)
      .set({ undoneAt: now })
      .where(and(eq(s.emailChanges.userId, change.userId), isNull(s.emailChanges.undoneAt)));
    return { ok: true as const, oldEmail: change.oldEmail };
  });
  if (outcome.ok) {
    await auth.api.requestPasswordReset({
      body: { email: outcome.oldEmail, redirectTo: "/reset-password" },
    });
  }
  return outcome;
}
