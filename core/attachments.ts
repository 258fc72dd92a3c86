import { ATTACHMENT_MESSAGES as M } from "./messages/message-safety";

/*
 * Files in conversations (issue 39): which kinds are taken, decided from the bytes (never the
 * name or the declared type), the name a download carries, and the key a stored file has.
 * Pure: the server's upload, the download route and the composer's picker share it.
 */

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export const ATTACHMENT_KINDS = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extension: "docx",
  },
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_KINDS;

/** What the picker's `accept` offers (a hint to the browser; the server decides). */
export const ATTACHMENT_ACCEPT = [
  ".pdf",
  ".png",
  ".jpg",
  ".jpeg",
  ".docx",
  ...Object.values(ATTACHMENT_KINDS).map((k) => k.contentType),
].join(",");

/** The metadata of a stored file, which the composer hands the send service. */
export type StoredAttachment = {
  fileKey: string;
  fileName: string;
  contentType: string;
  byteSize: number;
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];

/**
 * The kind of a file from its bytes alone: a PDF, PNG or JPEG by its magic number, a DOCX as
 * a ZIP whose central directory holds `word/document.xml` and `[Content_Types].xml`. Anything
 * else (an EXE renamed .pdf, an XLSX, a ZIP) is null.
 */
export function sniffAttachmentKind(bytes: Uint8Array): AttachmentKind | null {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpeg";
  if (startsWith(bytes, ZIP_LOCAL)) {
    const names = zipEntryNames(bytes);
    if (names && names.has("word/document.xml") && names.has("[Content_Types].xml")) return "docx";
  }
  return null;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** The names in a ZIP's central directory, or null when it cannot be read (or is ZIP64). */
export function zipEntryNames(bytes: Uint8Array): Set<string> | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (u32(bytes, at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  if (count === 0xffff || at === 0xffffffff) return null;
  const names = new Set<string>();
  const decoder = new TextDecoder("utf-8");
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(bytes, at) !== CENTRAL) return null;
    const nameLength = u16(bytes, at + 28);
    const skip = u16(bytes, at + 30) + u16(bytes, at + 32);
    if (at + 46 + nameLength > end) return null;
    names.add(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + skip;
  }
  return names;
}

const MAX_NAME = 120;

/**
 * The name a stored file keeps and its download carries: the last part of what the browser
 * sent, without control characters, quotes, slashes or anything a header or a file system
 * could read as more than a name, ending in the extension of the kind its bytes are.
 */
export function safeFileName(raw: string, kind: AttachmentKind): string {
  const extension = ATTACHMENT_KINDS[kind].extension;
  const base = (raw.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"*:<>?|;`$%]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const stem = base.replace(/\.[^.]*$/, "").trim() || "file";
  return `${[...stem].slice(0, MAX_NAME - extension.length - 1).join("")}.${extension}`;
}

/** `Content-Disposition` for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** "2.4 MB", "312 KB", "800 bytes": how a file's size is shown beside its name. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** A stored file's key: under its uploader's id, so a send can check the file is the sender's. */
export const attachmentKey = (uploaderId: string, id: string, kind: AttachmentKind) =>
  `messages/${uploaderId}/${id}.${ATTACHMENT_KINDS[kind].extension}`;

const KEY = /^messages\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.(pdf|png|jpg|docx)$/;

/**
 * Whether metadata a composer sends back is a file this sender uploaded, as the upload
 * answered it: the key under their id, the type its extension names, a size within the limit
 * and a safe name. The send service checks every attachment with this before saving it.
 */
export function isOwnAttachment(senderId: string, file: StoredAttachment): boolean {
  const match = KEY.exec(file.fileKey);
  if (!match || match[1] !== senderId) return false;
  const kind = (Object.keys(ATTACHMENT_KINDS) as AttachmentKind[]).find(
    (k) => ATTACHMENT_KINDS[k].extension === match[3],
  )!;
  return (
    file.contentType === ATTACHMENT_KINDS[kind].contentType &&
    Number.isInteger(file.byteSize) &&
    file.byteSize > 0 &&
    file.byteSize <= ATTACHMENT_MAX_BYTES &&
    safeFileName(file.fileName, kind) === file.fileName
  );
}

/**
 * What the picker says about a chosen file before sending it: over the size, or a name and
 * declared type none of ours (the server still decides from the bytes). Null: fine to send.
 */
export function checkPickedFile(file: { name: string; size: number; type: string }) {
  if (file.size > ATTACHMENT_MAX_BYTES) return M.tooLarge;
  if (file.size === 0) return M.empty;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  const known = ["pdf", "png", "jpg", "jpeg", "docx"].includes(extension);
  const declared = Object.values(ATTACHMENT_KINDS).some((k) => k.contentType === file.type);
  return known || declared ? null : M.wrongType;
}
