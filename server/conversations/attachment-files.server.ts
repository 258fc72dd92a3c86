import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import {
  ATTACHMENT_KINDS,
  ATTACHMENT_MAX_BYTES,
  type AttachmentKind,
  attachmentKey,
  safeFileName,
  sniffAttachmentKind,
  type StoredAttachment,
} from "../../core/attachments";
import { ATTACHMENT_MESSAGES as M } from "../../core/messages/message-safety";
import { writeAudit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server";
import type { FileStorage } from "../storage/storage.server";
import { reportedLabel } from "./reports.server";

/*
 * Files sent in conversations (issue 39, point 3). An upload is checked from its bytes,
 * images re-encoded, and stored privately under its uploader's id before any message exists;
 * the composer then sends the metadata with its message, and the send service checks it is
 * the sender's (isOwnAttachment, core/attachments.ts). A download is the two parties', or an
 * admin's while a report of the conversation is open (audited).
 */

/** Per person, across instances: enough for a CV, an offer letter and notes, not a flood. */
export const ATTACHMENT_RATE: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };

/** As headshots (server/storage/headshot-image.server.ts): a decompression bomb is refused. */
const MAX_PIXELS = 40_000_000;

export type UploadResult =
  | { ok: true; attachment: StoredAttachment }
  | { ok: false; status: 400 | 413 | 429; message: string; retryAfterSeconds?: number };

type Upload = { uploaderId: string; fileName: string; bytes: Buffer; now: Date };

export async function storeAttachment(
  { db, storage }: { db: Db; storage: FileStorage },
  { uploaderId, fileName, bytes, now }: Upload,
): Promise<UploadResult> {
  if (bytes.length > ATTACHMENT_MAX_BYTES) return { ok: false, status: 413, message: M.tooLarge };
  if (bytes.length === 0) return { ok: false, status: 400, message: M.empty };
  const kind = sniffAttachmentKind(bytes);
  if (!kind) return { ok: false, status: 400, message: M.wrongType };
  // Counted once the bytes are a kind we take (a refused file changes nothing), before the
  // re-encoding, which is the costly part.
  const rate = await hitRateLimit(db, `attachments:${uploaderId}`, ATTACHMENT_RATE, now);
  if (!rate.allowed) {
    return {
      ok: false,
      status: 429,
      message: M.rateLimited,
      retryAfterSeconds: rate.retryAfterSeconds,
    };
  }
  const body =
    kind === "png" || kind === "jpeg" ? await reencode(bytes, kind) : { ok: true as const, bytes };
  if (!body.ok) return { ok: false, status: 400, message: body.message };
  if (body.bytes.length > ATTACHMENT_MAX_BYTES) {
    return { ok: false, status: 413, message: M.tooLarge };
  }
  const { contentType } = ATTACHMENT_KINDS[kind];
  const fileKey = attachmentKey(uploaderId, randomUUID(), kind);
  await storage.putPrivate(fileKey, body.bytes, contentType);
  return {
    ok: true,
    attachment: {
      fileKey,
      fileName: safeFileName(fileName, kind),
      contentType,
      byteSize: body.bytes.length,
    },
  };
}

/**
 * A picture re-encoded in its own format, turned upright and without its metadata (camera,
 * location), as headshots are, but at its own size: a sent screenshot must stay readable.
 */
async function reencode(
  bytes: Buffer,
  kind: Extract<AttachmentKind, "png" | "jpeg">,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; message: string }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: M.wrongType };
  }
  if (!metadata.width || !metadata.height) return { ok: false, message: M.wrongType };
  if (metadata.width * metadata.height > MAX_PIXELS) return { ok: false, message: M.tooManyPixels };
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
    const out =
      kind === "png"
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { ok: true, bytes: out };
  } catch {
    return { ok: false, message: M.wrongType };
  }
}

export type DownloadResult =
  { ok: true; file: Buffer; fileName: string; contentType: string } | { ok: false };

/**
 * A sent file's bytes for `viewer`: one of the conversation's two parties, or an admin while
 * a report of it is open (that read written to the audit log). Anyone else, and a file that
 * is gone, gets nothing, so the route answers 404 either way.
 */
export async function openAttachment(
  db: Db,
  storage: FileStorage,
  input: {
    viewerId: string;
    isAdmin: boolean;
    attachmentId: string;
    requestId?: string | null;
  },
): Promise<DownloadResult> {
  const [row] = await db
    .select({
      fileKey: s.messageAttachments.fileKey,
      fileName: s.messageAttachments.fileName,
      contentType: s.messageAttachments.contentType,
      conversationId: s.conversations.id,
      seekerId: s.conversations.seekerId,
      advisorUserId: s.advisors.userId,
    })
    .from(s.messageAttachments)
    .innerJoin(s.messages, eq(s.messages.id, s.messageAttachments.messageId))
    .innerJoin(s.conversations, eq(s.conversations.id, s.messages.conversationId))
    .innerJoin(s.advisors, eq(s.advisors.id, s.conversations.advisorId))
    .where(eq(s.messageAttachments.id, input.attachmentId));
  if (!row) return { ok: false };
  const party = row.seekerId === input.viewerId || row.advisorUserId === input.viewerId;
  if (!party) {
    if (!input.isAdmin) return { ok: false };
    const [report] = await db
      .select({ id: s.conversationReports.id })
      .from(s.conversationReports)
      .where(
        and(
          eq(s.conversationReports.conversationId, row.conversationId),
          eq(s.conversationReports.status, "open"),
        ),
      )
      .limit(1);
    if (!report) return { ok: false };
    const file = await storage.readPrivate(row.fileKey);
    if (!file) return { ok: false };
    const targetLabel = await reportedLabel(db, report.id);
    await db.transaction((tx) =>
      writeAudit(tx, {
        actorUserId: input.viewerId,
        action: "report.attachment_download",
        targetType: "report",
        targetId: report.id,
        targetLabel,
        after: { file_name: row.fileName },
        requestId: input.requestId,
      }),
    );
    return { ok: true, file, fileName: row.fileName, contentType: row.contentType };
  }
  const file = await storage.readPrivate(row.fileKey);
  if (!file) return { ok: false };
  return { ok: true, file, fileName: row.fileName, contentType: row.contentType };
}
