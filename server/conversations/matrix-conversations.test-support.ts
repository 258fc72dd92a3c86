import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import type { FileStorage } from "../storage/file-storage";
import { storeAttachment } from "./attachment-files.server";
import { samplePdf } from "./attachment-samples.test-support";
import { addAttachment, addMessage } from "./conversations.test-support";

/** A conversation of the HTTP matrices (issue 39): its id and the id of a file sent in it. */
export type MatrixConversation = { id: string; attachmentId: string };

type Party = { userId: string; advisorId: string | null };

/**
 * Two conversations for the matrices: `mine`, the seeker's with the advisor (a PDF in it,
 * never reported, so only its two parties read its file), and `reported`, the other seeker's
 * with the other advisor (a PDF, and an open report by the other seeker, so an admin reads it).
 */
export async function matrixConversations(
  db: Db,
  storage: FileStorage,
  people: { seeker: Party; advisor: Party; otherSeeker: Party; otherAdvisor: Party },
): Promise<{ mine: MatrixConversation; reported: MatrixConversation }> {
  const make = async (seeker: Party, advisor: Party) => {
    // One conversation per pair: the fixture may have opened this one already.
    const [conversation] = await db
      .insert(s.conversations)
      .values({ seekerId: seeker.userId, advisorId: advisor.advisorId! })
      .onConflictDoUpdate({
        target: [s.conversations.seekerId, s.conversations.advisorId],
        set: { seekerId: seeker.userId },
      })
      .returning({ id: s.conversations.id });
    const id = conversation!.id;
    const stored = await storeAttachment(
      { db, storage },
      { uploaderId: seeker.userId, fileName: "cv.pdf", bytes: samplePdf(), now: new Date() },
    );
    if (!stored.ok) throw new Error(stored.message);
    const messageId = await addMessage(db, {
      conversationId: id,
      senderId: seeker.userId,
      body: "My CV",
      at: new Date(),
    });
    // Their own message is read by them, as sending it marks it (an open page marks nothing).
    await db
      .update(s.conversations)
      .set({ seekerReadThrough: messageId })
      .where(eq(s.conversations.id, id));
    return { id, attachmentId: await addAttachment(db, { messageId, ...stored.attachment }) };
  };
  const mine = await make(people.seeker, people.advisor);
  const reported = await make(people.otherSeeker, people.otherAdvisor);
  await db.insert(s.conversationReports).values({
    conversationId: reported.id,
    reporterId: people.otherSeeker.userId,
    reason: "Asked to pay outside the platform",
  });
  return { mine, reported };
}
