import { randomBytes } from "node:crypto";
import { processHeadshot } from "./headshot-image.server";
import type { FileStorage } from "./file-storage";

export type StoredPhoto = { ok: true; url: string } | { ok: false; message: string };

/**
 * An uploaded picture, checked and re-encoded (processHeadshot: type from the bytes, a square
 * WebP without metadata), stored under a new server-made key beginning with `prefix`. Shared
 * by the advisors' headshots and the people's profile photos; the caller points its row at
 * the URL and removes the file it replaces.
 */
export async function storePhoto(
  storage: FileStorage,
  prefix: string,
  bytes: Buffer,
): Promise<StoredPhoto> {
  const image = await processHeadshot(bytes);
  if (!image.ok) return image;
  const key = `${prefix}-${Date.now()}-${randomBytes(6).toString("hex")}.webp`;
  return { ok: true, url: await storage.put(key, image.webp, "image/webp") };
}
