import path from "node:path";
import { storeAttachment } from "../../../server/conversations/attachment-files.server";
import { samplePdf } from "../../../server/conversations/attachment-samples.test-support";
import {
  addAttachment,
  addMessage,
  createConversation,
} from "../../../server/conversations/conversations.test-support";
import { openDatabase } from "../../../server/db/client.server";
import { createAdvisor, createSeeker } from "../../../server/db/factories.test-support";
import * as s from "../../../server/db/schema";
import { createLocalStorage } from "../../../server/storage/local-storage.server";

/*
 * A reported conversation for the Reports journey, added to a seeded data directory (no
 * server may hold it open): a seeker and an advisor of its own, three messages, a PDF the
 * advisor sent (stored privately where the app's local storage keeps it), and the seeker's
 * report.
 */
export const REPORTED = {
  seeker: { firstName: "Kavya", lastName: "Iyer" },
  advisor: { firstName: "Vikram", lastName: "Malhotra" },
  reason: "He asked me to pay him directly on WhatsApp to skip the platform fee.",
  offending: "Pay me on +91 98765 43210 instead, it is cheaper for both of us",
  fileName: "payment details.pdf",
};

export async function seedReportedConversation(dataDir: string, now = new Date()) {
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  const storage = createLocalStorage(path.join(dataDir, "uploads"));
  try {
    const db = database.db;
    const seekerId = await createSeeker(db, REPORTED.seeker);
    const advisorId = await createAdvisor(db, {}, REPORTED.advisor);
    const c = await createConversation(db, { seekerId, advisorId });
    const at = (minutes: number) => new Date(now.getTime() - (60 - minutes) * 60_000);
    await addMessage(db, {
      conversationId: c.id,
      senderId: seekerId,
      body: "Hi, can we talk about moving into product management?",
      at: at(0),
    });
    const offending = await addMessage(db, {
      conversationId: c.id,
      senderId: c.advisorUserId,
      body: REPORTED.offending,
      at: at(5),
    });
    const stored = await storeAttachment(
      { db, storage },
      { uploaderId: c.advisorUserId, fileName: REPORTED.fileName, bytes: samplePdf(), now },
    );
    if (!stored.ok) throw new Error(stored.message);
    await addAttachment(db, { messageId: offending, ...stored.attachment });
    await addMessage(db, {
      conversationId: c.id,
      senderId: seekerId,
      body: "I would rather book here.",
      at: at(7),
    });
    await db.insert(s.conversationReports).values({
      conversationId: c.id,
      reporterId: seekerId,
      reason: REPORTED.reason,
      createdAt: at(10),
    });
    return { conversationId: c.id, advisorUserId: c.advisorUserId, bytes: samplePdf() };
  } finally {
    await database.close();
  }
}
