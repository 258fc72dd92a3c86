import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES, isOwnAttachment } from "../../core/attachments";
import { ATTACHMENT_MESSAGES as M } from "../../core/messages/message-safety";
import { type createTestDatabase as Create, createTestDatabase } from "../db/database.test-support";
import { createUser } from "../db/factories.test-support";
import * as s from "../db/schema";
import { createLocalStorage } from "../storage/local-storage.server";
import { ATTACHMENT_RATE, openAttachment, storeAttachment } from "./attachment-files.server";
import {
  sampleDocx,
  sampleExe,
  sampleJpegWithExif,
  samplePdf,
  samplePng,
  sampleXlsx,
} from "./attachment-samples.test-support";
import {
  addAttachment,
  addMessage,
  createConversation,
  createStranger,
} from "./conversations.test-support";

/*
 * Files in conversations (issue 39, point 3) against the database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and the local storage: the kind comes from the bytes, pictures lose
 * their metadata, the stored file is private, the per-person limit holds, and a download is
 * the two parties' or an admin's handling an open report (audited), nobody else's.
 */

let database: Awaited<ReturnType<typeof Create>>;
const uploads = mkdtempSync(path.join(tmpdir(), "attachments-"));
const storage = createLocalStorage(uploads);
const NOW = new Date("2026-11-20T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database?.destroy());

const upload = async (uploaderId: string, fileName: string, bytes: Buffer, now = NOW) =>
  storeAttachment({ db: database.db, storage }, { uploaderId, fileName, bytes, now });

describe("an upload", () => {
  it("stores a PDF and a DOCX privately, named as sent, under the uploader's id", async () => {
    const me = await createUser(database.db);
    const pdf = await upload(me, "My CV.pdf", samplePdf());
    expect(pdf).toEqual({
      ok: true,
      attachment: {
        fileKey: expect.stringMatching(new RegExp(`^messages/${me}/[0-9a-f-]{36}\\.pdf$`)),
        fileName: "My CV.pdf",
        contentType: "application/pdf",
        byteSize: samplePdf().length,
      },
    });
    if (!pdf.ok) return;
    expect(isOwnAttachment(me, pdf.attachment)).toBe(true);
    expect(await storage.readPrivate(pdf.attachment.fileKey)).toEqual(samplePdf());
    // Nothing under the served /uploads directory: only the app reads it back.
    expect(existsSync(path.join(uploads, pdf.attachment.fileKey))).toBe(false);

    const docx = await upload(me, "offer letter.docx", sampleDocx());
    expect(docx.ok && docx.attachment.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });

  it("decides the kind from the bytes: a renamed program or spreadsheet is refused", async () => {
    const me = await createUser(database.db);
    expect(await upload(me, "cv.pdf", sampleExe())).toEqual({
      ok: false,
      status: 400,
      message: M.wrongType,
    });
    expect(await upload(me, "cv.docx", sampleXlsx())).toEqual({
      ok: false,
      status: 400,
      message: M.wrongType,
    });
    // A real PDF named .png is a PDF.
    const named = await upload(me, "scan.png", samplePdf());
    expect(named.ok && named.attachment).toMatchObject({
      fileName: "scan.pdf",
      contentType: "application/pdf",
    });
  });

  it("re-encodes pictures at their own size, without their camera metadata", async () => {
    const me = await createUser(database.db);
    const jpeg = await upload(me, "photo.jpeg", await sampleJpegWithExif());
    expect(jpeg.ok).toBe(true);
    if (!jpeg.ok) return;
    const stored = (await storage.readPrivate(jpeg.attachment.fileKey))!;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(jpeg.attachment.byteSize).toBe(stored.length);

    const png = await upload(me, "screen.png", await samplePng(300, 200));
    expect(
      png.ok && (await sharp((await storage.readPrivate(png.attachment.fileKey))!).metadata()),
    ).toMatchObject({ format: "png", width: 300, height: 200 });
  });

  it("refuses a file over 10 MB and an empty one", async () => {
    const me = await createUser(database.db);
    const big = Buffer.concat([samplePdf(), Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    expect(await upload(me, "big.pdf", big)).toEqual({
      ok: false,
      status: 413,
      message: M.tooLarge,
    });
    expect(await upload(me, "empty.pdf", Buffer.alloc(0))).toEqual({
      ok: false,
      status: 400,
      message: M.empty,
    });
  });

  it("holds each person to their own limit of files an hour", async () => {
    const busy = await createUser(database.db);
    const other = await createUser(database.db);
    for (let i = 0; i < ATTACHMENT_RATE.limit; i++) {
      expect((await upload(busy, `f${i}.pdf`, samplePdf())).ok).toBe(true);
    }
    expect(await upload(busy, "one more.pdf", samplePdf())).toEqual({
      ok: false,
      status: 429,
      message: M.rateLimited,
      retryAfterSeconds: 3600,
    });
    expect((await upload(other, "mine.pdf", samplePdf())).ok).toBe(true);
    const later = new Date(NOW.getTime() + ATTACHMENT_RATE.windowMs);
    expect((await upload(busy, "next hour.pdf", samplePdf(), later)).ok).toBe(true);
  });
});

describe("a download", () => {
  async function sentFile() {
    const c = await createConversation(database.db);
    const stored = await upload(c.seekerId, "cv.pdf", samplePdf());
    if (!stored.ok) throw new Error("upload failed");
    const messageId = await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.seekerId,
      body: "My CV",
      at: NOW,
    });
    const attachmentId = await addAttachment(database.db, { messageId, ...stored.attachment });
    return { ...c, attachmentId };
  }
  const open = (viewerId: string, attachmentId: string, isAdmin = false) =>
    openAttachment(database.db, storage, { viewerId, isAdmin, attachmentId, requestId: "req-1" });
  const audits = (reportId: string) =>
    database.db.select().from(s.auditLog).where(eq(s.auditLog.targetId, reportId));

  it("is the two parties' only: a stranger and an admin without a report get nothing", async () => {
    const file = await sentFile();
    const given = {
      ok: true,
      file: samplePdf(),
      fileName: "cv.pdf",
      contentType: "application/pdf",
    };
    expect(await open(file.seekerId, file.attachmentId)).toEqual(given);
    expect(await open(file.advisorUserId, file.attachmentId)).toEqual(given);
    expect(await open(await createStranger(database.db), file.attachmentId)).toEqual({ ok: false });
    const admin = await createUser(database.db, { admin: "Y" });
    expect(await open(admin, file.attachmentId, true)).toEqual({ ok: false });
    // Another conversation's party is a stranger to this one.
    const elsewhere = await createConversation(database.db, { advisorId: file.advisorId });
    expect(await open(elsewhere.seekerId, file.attachmentId)).toEqual({ ok: false });
  });

  it("is an admin's while a report of the conversation is open, each download audited", async () => {
    const file = await sentFile();
    const admin = await createUser(database.db, { admin: "Y", firstName: "Rohan" });
    const [report] = await database.db
      .insert(s.conversationReports)
      .values({ conversationId: file.id, reporterId: file.advisorUserId, reason: "Spam" })
      .returning();
    expect((await open(admin, file.attachmentId, true)).ok).toBe(true);
    expect(await audits(report!.id)).toEqual([
      expect.objectContaining({
        action: "report.attachment_download",
        actorUserId: admin,
        targetType: "report",
        requestId: "req-1",
        details: expect.objectContaining({ after: { file_name: "cv.pdf" } }),
      }),
    ]);
    await database.db
      .update(s.conversationReports)
      .set({ status: "closed", outcome: "dismissed", closedAt: NOW, closedBy: admin })
      .where(eq(s.conversationReports.id, report!.id));
    expect(await open(admin, file.attachmentId, true)).toEqual({ ok: false });
    expect(await audits(report!.id)).toHaveLength(1);
  });

  it("gives nothing for an unknown id", async () => {
    const me = await createUser(database.db);
    expect(await open(me, "00000000-0000-4000-8000-000000000000")).toEqual({ ok: false });
  });
});
