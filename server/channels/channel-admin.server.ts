import { eq } from "drizzle-orm";
import { PHONE_CHANNEL_LABELS, channelMessageLabel } from "../../core/channels";
import { formatPhone } from "../../core/phone";
import { PHONE_MESSAGES as M } from "../../core/messages/phone";
import { writeAudit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { channelMessages, users } from "../db/schema";
import { deadLetters, requeueDeadLetter } from "./channel-outbox.server";

/** The admin's list of dead letters, each in words. */
export async function failedMessages(db: Db) {
  const rows = await deadLetters(db);
  return rows.map((row) => ({
    id: row.id,
    channel: PHONE_CHANNEL_LABELS[row.channel],
    message: channelMessageLabel(row.name),
    to: row.firstName ? `${row.firstName} ${row.lastName}`.trim() : "",
    phone: formatPhone(row.toPhone),
    attempts: row.attempts,
    lastError: row.lastError ?? "",
    failedAt: row.failedAt,
  }));
}

/**
 * An admin queues a dead letter again (fresh attempts, due now), audited in the same
 * transaction: who, which message to whom, and the error it had failed with.
 */
export async function retryFailedMessage(
  db: Db,
  input: { id: string; actorUserId: string; requestId: string; now: Date },
): Promise<{ ok: true; message: string } | { ok: false; status: 404; message: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        lastError: channelMessages.lastError,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(channelMessages)
      .leftJoin(users, eq(users.id, channelMessages.userId))
      .where(eq(channelMessages.id, input.id))
      .for("update", { of: channelMessages });
    const row = before ? await requeueDeadLetter(tx, input.id, input.now) : null;
    if (!row) return { ok: false, status: 404, message: M.notDeadLetter };
    const to = before!.firstName
      ? `${before!.firstName} ${before!.lastName}`.trim()
      : formatPhone(row.toPhone);
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: "message.retry",
      targetType: "message",
      targetId: row.id,
      targetLabel: `${PHONE_CHANNEL_LABELS[row.channel]} ${channelMessageLabel(row.name)} to ${to}`,
      before: { status: "failed", lastError: before!.lastError },
      after: { status: "queued" },
      requestId: input.requestId,
    });
    return { ok: true, message: M.retried };
  });
}
