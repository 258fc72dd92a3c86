import { eq, sql } from "drizzle-orm";
import type { SessionNoticeEvent } from "../../core/conversation";
import type { Tx } from "../db/client.server";
import { conversations, messageAttachments, messages } from "../db/schema";

/** The channel a new message's notification travels on, to every instance (LISTEN/NOTIFY). */
export const MESSAGE_CHANNEL = "conversation_message";

/** A file B's upload already checked and stored (issue 39, part B): only recorded here. */
export type NewAttachment = {
  fileKey: string;
  fileName: string;
  contentType: string;
  byteSize: number;
};

export type NewMessage =
  | { kind: "text"; senderId: string; body: string; attachments?: readonly NewAttachment[] }
  | {
      kind: "notice";
      bookingId: string;
      event: SessionNoticeEvent;
      sessionStart: Date;
    };

/**
 * Appends a message to a conversation in the caller's transaction: the conversation row is
 * locked first, so within one conversation ids are given in commit order and a reader catching
 * up from "after id n" never skips one that commits late. The notification (conversation,
 * message, both parties' user ids) goes out when the transaction commits, and not if it rolls back.
 */
export async function appendMessage(
  tx: Tx,
  parties: { conversationId: string; seekerUserId: string; advisorUserId: string },
  message: NewMessage,
  now: Date,
): Promise<{ id: number }> {
  const { conversationId } = parties;
  await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for("update");
  const [row] = await tx
    .insert(messages)
    .values(
      message.kind === "text"
        ? { conversationId, senderId: message.senderId, body: message.body, createdAt: now }
        : {
            conversationId,
            bookingId: message.bookingId,
            sessionEvent: message.event,
            sessionStart: message.sessionStart,
            createdAt: now,
          },
    )
    .returning({ id: messages.id });
  const id = row!.id;
  if (message.kind === "text" && message.attachments?.length)
    await tx
      .insert(messageAttachments)
      .values(message.attachments.map((a) => ({ ...a, messageId: id, createdAt: now })));
  // The sender has read their own message; a notice is news to both.
  const own =
    message.kind !== "text"
      ? {}
      : message.senderId === parties.seekerUserId
        ? { seekerReadThrough: id }
        : { advisorReadThrough: id };
  await tx
    .update(conversations)
    .set({ lastMessageId: id, lastMessageAt: now, ...own })
    .where(eq(conversations.id, conversationId));
  await tx.execute(
    sql`select pg_notify(${MESSAGE_CHANNEL}, ${`${conversationId} ${id} ${parties.seekerUserId} ${parties.advisorUserId}`})`,
  );
  return { id };
}
