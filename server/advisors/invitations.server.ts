import { and, eq, like } from "drizzle-orm";
import { ADMIN_MESSAGES as M } from "../../core/messages/admin";
import { createInvite } from "../auth/accounts.server";
import type { Config } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import { advisors, authVerifications, users } from "../db/schema";
import { queueEmail } from "../mail/mailer.server";
import { invitationMail } from "./advisor-mails";
import { auditLabel, writeAudit } from "../audit/audit.server";

type Links = Pick<Config, "appUrl" | "supportEmail">;

/**
 * A new one-time activation link for an invited person, e-mailed to them, inside the caller's
 * transaction. Earlier links stop working: only the newest mail's link activates.
 */
export async function sendInvitation(
  tx: Tx,
  config: Links,
  user: { id: string; firstName: string; email: string },
  now = new Date(),
) {
  await tx
    .delete(authVerifications)
    .where(
      and(like(authVerifications.identifier, "invite:%"), eq(authVerifications.value, user.id)),
    );
  const token = await createInvite(tx, user.id, now);
  await queueEmail(tx, invitationMail(user, token, config));
}

export type ResendResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** Resends the activation e-mail of an advisor still pending activation (audited). */
export async function resendInvitation(
  db: Db,
  config: Links,
  input: { actorUserId: string; advisorId: string; requestId?: string },
): Promise<ResendResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ advisor: advisors, user: users })
      .from(advisors)
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(eq(advisors.id, input.advisorId))
      .for("update");
    if (!row) return { ok: false as const, status: 404 as const, message: M.advisorNotFound };
    if (row.advisor.profileStatus !== "pending_activation" || row.user.authUserId) {
      return { ok: false as const, status: 409 as const, message: M.invitationNotPending };
    }
    await sendInvitation(tx, config, row.user);
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: "advisor.invite_resent",
      targetType: "advisor",
      targetId: row.advisor.id,
      targetLabel: auditLabel(row.user),
      before: null,
      after: { invitation_sent_to: row.user.email },
      requestId: input.requestId,
    });
    return { ok: true as const };
  });
}
