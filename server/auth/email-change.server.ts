import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import { queueEmail } from "../mail/mailer.server";

/*
 * Changing the sign-in address (ADR 89). better-auth's `changeEmail` mails a link to the new
 * address and its `/verify-email` makes the change when the link is opened; these hooks keep the
 * product's `users.email` in step, record the change, and tell the old address with a link that
 * undoes it (server/accounts/email-change-undo.server.ts).
 */

export const UNDO_EMAIL_CHANGE_PATH = "/account/undo-email-change";
export const UNDO_EMAIL_CHANGE_DAYS = 7;
/** Where better-auth sends the browser once the new address is confirmed. */
export const EMAIL_CHANGED_LANDING = "/settings/account?email-changed=1";

export const hashUndoToken = (token: string) => createHash("sha256").update(token).digest("hex");

const firstName = (name: string) => name.split(" ")[0] ?? "";

/** Is this verification mail the confirmation of a new address (not a new account's)? */
export async function isAddressChange(db: Db, authUser: { id: string; email: string }) {
  const [row] = await db
    .select({ email: s.authUsers.email })
    .from(s.authUsers)
    .where(eq(s.authUsers.id, authUser.id));
  return row !== undefined && row.email.toLowerCase() !== authUser.email.toLowerCase();
}

export async function sendNewAddressConfirmation(
  db: Db,
  user: { name: string; email: string },
  url: string,
) {
  await queueEmail(db, {
    name: "auth.confirm-new-email",
    to: user.email,
    subject: "Confirm your new e-mail address for BeenThere",
    heading: "Confirm your new e-mail address",
    paragraphs: [
      `Hi ${firstName(user.name)}, you asked to sign in to BeenThere with this address from now on.`,
      "Your address changes only when you open the link below. It works for 24 hours.",
    ],
    action: { label: "Confirm new e-mail", url },
    footnote: "If you did not ask for this, you can ignore this e-mail: nothing changes.",
  });
}

/** The `iat` of better-auth's verify-email token (already verified by then), in ms. */
function linkIssuedAt(token: unknown): number | null {
  if (typeof token !== "string") return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return typeof payload.iat === "number" ? payload.iat * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * better-auth's `user.update.before`: may the sign-in address become `email`? Not when another
 * person (an account, or an invited advisor without one) holds it by now, and not by a link
 * issued before a change to that address was undone (the undone change's link would redo it).
 */
export async function mayTakeAddress(
  db: Db,
  email: string,
  verifyToken: unknown,
): Promise<boolean> {
  const address = email.toLowerCase();
  const [taken] = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${address}`)
    .limit(1);
  if (taken) return false;
  const issuedAt = linkIssuedAt(verifyToken);
  const [undone] = await db
    .select({ id: s.emailChanges.id })
    .from(s.emailChanges)
    .where(
      and(
        sql`lower(${s.emailChanges.newEmail}) = ${address}`,
        isNotNull(s.emailChanges.undoneAt),
        issuedAt === null ? undefined : gte(s.emailChanges.undoneAt, new Date(issuedAt)),
      ),
    )
    .limit(1);
  return !undone;
}

/**
 * better-auth's `user.update.after`: when the sign-in address changed, in one transaction our
 * `users.email` follows, the change is recorded, and the old address gets the notice with its
 * undo link. Other updates (a name, a verified flag) find the addresses equal and do nothing.
 */
export async function recordEmailChange(
  db: Db,
  appUrl: string,
  authUser: { id: string; email: string; name: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: s.users.id, email: s.users.email })
      .from(s.users)
      .where(eq(s.users.authUserId, authUser.id))
      .for("update");
    if (!user || user.email.toLowerCase() === authUser.email.toLowerCase()) return;
    await tx.update(s.users).set({ email: authUser.email }).where(eq(s.users.id, user.id));
    const token = randomBytes(32).toString("base64url");
    await tx.insert(s.emailChanges).values({
      userId: user.id,
      oldEmail: user.email,
      newEmail: authUser.email,
      changedAt: now,
      undoTokenHash: hashUndoToken(token),
      undoExpiresAt: new Date(now.getTime() + UNDO_EMAIL_CHANGE_DAYS * 24 * 60 * 60_000),
    });
    await queueEmail(tx, {
      name: "auth.email-changed",
      to: user.email,
      subject: "Your BeenThere e-mail address was changed",
      heading: "Your e-mail address was changed",
      paragraphs: [
        `Hi ${firstName(authUser.name)}, the BeenThere account that used ${user.email} now signs in with ${authUser.email}.`,
        `If you made this change, there is nothing to do. If you did not, undo it within ${UNDO_EMAIL_CHANGE_DAYS} days: your account goes back to this address, every device is signed out, and we send you a link to choose a new password.`,
      ],
      action: {
        label: "Undo this change",
        url: `${appUrl}${UNDO_EMAIL_CHANGE_PATH}?token=${token}`,
      },
      footnote: "We sent this to your previous address so that you hear of every change.",
    });
  });
}

/** The person's latest change still standing, to greet them after the link (or show nothing). */
export async function latestEmailChange(db: Db, userId: string) {
  const [row] = await db
    .select({ newEmail: s.emailChanges.newEmail, changedAt: s.emailChanges.changedAt })
    .from(s.emailChanges)
    .where(and(eq(s.emailChanges.userId, userId), sql`${s.emailChanges.undoneAt} is null`))
    .orderBy(desc(s.emailChanges.changedAt))
    .limit(1);
  return row ?? null;
}
