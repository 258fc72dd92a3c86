import { isOwnAttachment } from "../../core/attachments";
import { eq } from "drizzle-orm";
import { maskContactDetails } from "../../core/message-text";
import type { Db } from "../db/client.server";
import { users } from "../db/schema";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server";
import { appendMessage, type NewAttachment } from "./append.server";
import { hadPaidSession } from "../repositories/conversation-pairs.server";
import { loadConversation } from "./parties.server";

/** Messages one person may send a minute, across all their conversations and instances. */
export const MESSAGE_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 60_000 };

export type SendRefusal =
  | "notFound"
  | "rateLimited"
  | "senderBlocked"
  | "blockedByMe"
  | "blockedByOther"
  | "otherGone"
  | "notOwnFile";

export type SendResult =
  | { ok: true; messageId: number; masked: boolean }
  | { ok: false; reason: SendRefusal; retryAfterSeconds?: number };

/**
 * Sends a text message (already parsed by core/forms/conversations.ts), with the files part B's
 * upload already checked and stored, all in one transaction with the conversation's order and
 * its notification. Refused for someone not a party (notFound), a sender an admin stopped, a
 * blocked conversation, a party who deleted their account, or too many messages a minute.
 * Before the pair's first paid session, phone numbers and e-mail addresses are masked (ADR 93).
 */
export async function sendMessage(
  db: Db,
  input: {
    senderUserId: string;
    conversationId: string;
    body: string;
    attachments?: readonly NewAttachment[];
    now: Date;
    rateLimitScale?: number;
  },
): Promise<SendResult> {
  const { senderUserId, conversationId, now } = input;
  // A file is sent only by the person who uploaded it, as the upload answered it.
  if ((input.attachments ?? []).some((file) => !isOwnAttachment(senderUserId, file)))
    return { ok: false, reason: "notOwnFile" };
  const peek = await loadConversation(db, conversationId, { userId: senderUserId });
  if (!peek) return { ok: false, reason: "notFound" };
  const [sender] = await db
    .select({ blockedAt: users.messagingBlockedAt })
    .from(users)
    .where(eq(users.id, senderUserId));
  if (sender?.blockedAt) return { ok: false, reason: "senderBlocked" };
  const rule = {
    ...MESSAGE_RATE_LIMIT,
    limit: Math.max(1, Math.round(MESSAGE_RATE_LIMIT.limit * (input.rateLimitScale ?? 1))),
  };
  const limit = await hitRateLimit(db, `message:${senderUserId}`, rule, now);
  if (!limit.allowed)
    return { ok: false, reason: "rateLimited", retryAfterSeconds: limit.retryAfterSeconds };

  return db.transaction(async (tx): Promise<SendResult> => {
    // Decided on the locked row: a block or deletion that committed first is seen.
    const record = await loadConversation(tx, conversationId, { userId: senderUserId }, true);
    if (!record) return { ok: false, reason: "notFound" };
    const { conversation: c, side, seeker, advisor } = record;
    const me = side === "seeker" ? seeker : advisor;
    const other = side === "seeker" ? advisor : seeker;
    if (me.messagingBlockedAt) return { ok: false, reason: "senderBlocked" };
    const mineBlocked = side === "seeker" ? c.seekerBlockedAt : c.advisorBlockedAt;
    const theirsBlocked = side === "seeker" ? c.advisorBlockedAt : c.seekerBlockedAt;
    if (mineBlocked) return { ok: false, reason: "blockedByMe" };
    if (theirsBlocked) return { ok: false, reason: "blockedByOther" };
    if (other.deletedAt || me.deletedAt) return { ok: false, reason: "otherGone" };
    const paid = await hadPaidSession(tx, c.seekerId, c.advisorId);
    const { text, masked } = paid
      ? { text: input.body, masked: false }
      : maskContactDetails(input.body);
    const { id } = await appendMessage(
      tx,
      { conversationId, seekerUserId: seeker.id, advisorUserId: advisor.userId },
      { kind: "text", senderId: senderUserId, body: text, attachments: input.attachments },
      now,
    );
    return { ok: true, messageId: id, masked };
  });
}
