import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { createAdvisor, createSeeker, createUser } from "../db/factories.test-support";
import { advisors, conversations, messageAttachments, messages } from "../db/schema";

/*
 * Conversations written directly (part A's send service is built beside this part): a seeker,
 * an advisor and their conversation, messages at chosen times, files on messages.
 */

export async function createConversation(
  db: Db,
  parties: { seekerId?: string; advisorId?: string } = {},
) {
  const seekerId = parties.seekerId ?? (await createSeeker(db, { firstName: "Aarav" }));
  const advisorId =
    parties.advisorId ?? (await createAdvisor(db, {}, { firstName: "Priya", lastName: "Sharma" }));
  const [advisor] = await db
    .select({ userId: advisors.userId })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  const [row] = await db
    .insert(conversations)
    .values({ seekerId, advisorId })
    .returning({ id: conversations.id });
  return { id: row!.id, seekerId, advisorId, advisorUserId: advisor!.userId };
}

export async function addMessage(
  db: Db,
  input: { conversationId: string; senderId: string; body: string; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      senderId: input.senderId,
      body: input.body,
      createdAt: input.at,
    })
    .returning({ id: messages.id });
  await db
    .update(conversations)
    .set({ lastMessageId: row!.id, lastMessageAt: input.at })
    .where(eq(conversations.id, input.conversationId));
  return row!.id;
}

export async function addAttachment(
  db: Db,
  input: {
    messageId: number;
    fileKey: string;
    fileName: string;
    contentType: string;
    byteSize: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(messageAttachments)
    .values(input)
    .returning({ id: messageAttachments.id });
  return row!.id;
}

export const createStranger = (db: Db) => createUser(db, { firstName: "Stranger" });
