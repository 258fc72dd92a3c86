import { checkNewAdvisor } from "../../core/admin/add-advisor";
import { ADMIN_MESSAGES as M } from "../../core/messages/admin";
import { APPLICATION_MESSAGES as A } from "../../core/messages/advisor";
import { emailRegistered } from "../auth/accounts.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { advisors, users } from "../db/schema";
import { sqlState } from "../db/sql-state";
import { saveSchedule } from "../scheduling/schedule.server";
import { auditLabel, writeAudit } from "../audit/audit.server";
import { sendInvitation } from "./invitations.server";
import { profileColumns } from "./profile-columns.server";

/*
 * An admin creates an advisor who has no login yet: the inactive user, the profile pending
 * activation and its schedule in one transaction, then the invitation e-mail (queued in the
 * same transaction). Setting a password on the invitation activates the user and approves
 * the profile.
 */

export type HeadshotStore = {
  /** Checks, re-encodes and stores the photo; answers its public URL or why it was refused. */
  save(bytes: Buffer): Promise<{ ok: true; url: string } | { ok: false; message: string }>;
  /** Removes a stored photo again when the advisor could not be created. */
  remove(url: string): Promise<void>;
};

export type CreateAdvisorResult =
  | { ok: true; advisorId: string; email: string }
  | { ok: false; status: 400; message: string; fieldErrors: Record<string, string> }
  | { ok: false; status: 409 | 500; title: string; message: string; cause?: unknown };

export async function createAdvisorByAdmin(
  db: Db,
  config: Pick<Config, "appUrl" | "supportEmail">,
  headshots: HeadshotStore,
  input: {
    actorUserId: string;
    values: unknown;
    headshot: Buffer | null;
    requestId?: string;
  },
): Promise<CreateAdvisorResult> {
  const invalid = (fieldErrors: Record<string, string>) => ({
    ok: false as const,
    status: 400 as const,
    message: M.fixHighlighted,
    fieldErrors,
  });
  // Every rule first: nothing is stored or written for a form with any error.
  const checked = checkNewAdvisor(input.values);
  if (!checked.ok) return invalid(checked.errors);
  const { data } = checked;
  if (await emailRegistered(db, data.email)) return invalid({ email: M.emailExists });
  if (!input.headshot) return invalid({ headshot: A.headshotRequired });
  const stored = await headshots.save(input.headshot);
  if (!stored.ok) return invalid({ headshot: stored.message });

  try {
    const created = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email,
          isActive: false, // no login until the invitation is accepted
        })
        .returning();
      const [advisor] = await tx
        .insert(advisors)
        .values({
          userId: user!.id,
          headshotUrl: stored.url,
          ...profileColumns(data),
          sessionTimezone: data.availability.timeZone,
          termsAccepted: true,
          profileStatus: "pending_activation",
        })
        .returning({ id: advisors.id });
      const schedule = await saveSchedule(tx, advisor!.id, data.availability);
      if (!schedule.ok) throw new Error(schedule.message, { cause: schedule });
      await writeAudit(tx, {
        actorUserId: input.actorUserId,
        action: "advisor.create",
        targetType: "advisor",
        targetId: advisor!.id,
        targetLabel: auditLabel(user!),
        before: null,
        after: { email: user!.email, profile_status: "pending_activation", user_active: false },
        requestId: input.requestId,
      });
      await sendInvitation(tx, config, user!);
      return { advisorId: advisor!.id, email: user!.email };
    });
    return { ok: true, ...created };
  } catch (error) {
    await headshots.remove(stored.url).catch(() => {});
    return { ok: false, ...createFailure(error), title: M.createErrorTitle, cause: error };
  }
}

/** The product's mapping of a failed create to what the admin reads. */
function createFailure(error: unknown): { status: 409 | 500; message: string } {
  const state = sqlState(error);
  if (state === "23505") return { status: 409, message: M.createEmailConflict };
  if (state?.startsWith("23")) return { status: 409, message: M.createConstraint };
  return { status: 500, message: M.createUnexpected };
}
