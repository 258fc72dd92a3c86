import type { AuditAction } from "../../core/admin/audit-actions";
import { auditLabel, writeAudit } from "../audit/audit.server";
import type { Tx } from "../db/client.server";
import type { Actor } from "./actor";
import { partOf, type SessionRecord } from "./session-record.server";

/**
 * Records an admin's cancellation or reschedule of someone else's session in the audit log,
 * through the transaction of the change itself. A party's own change (even by a party who is
 * also an admin) is not an admin action and writes nothing.
 */
export async function auditAdminSessionChange(
  tx: Tx,
  input: {
    record: SessionRecord;
    actor: Actor;
    action: Extract<AuditAction, "booking.cancel" | "booking.reschedule">;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<void> {
  const { record, actor } = input;
  if (partOf(record, actor) !== "admin") return;
  const { seeker, advisor } = record;
  await writeAudit(tx, {
    actorUserId: actor.userId,
    action: input.action,
    targetType: "booking",
    targetId: record.booking.id,
    targetLabel: `${auditLabel(seeker)} with ${auditLabel(advisor)}`,
    before: input.before,
    after: input.after,
  });
}
