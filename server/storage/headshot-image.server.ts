import sharp, { type Metadata } from "sharp";
import { HEADSHOT_MAX_BYTES } from "../../core/advisor-fields";
import { HEADSHOT_MESSAGES as M } from "../../core/messages/advisor";

/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding. */
export const HEADSHOT_MAX_PIXELS = 40_000_000;
export const HEADSHOT_SIZE = 512;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export type HeadshotResult = { ok: true; webp: Buffer } | { ok: false; message: string };

/**
 * Turns an uploaded file into the stored headshot: the type comes from the bytes (not the
 * name or the declared type), and the picture is re-encoded as a square WebP, turned upright
 * and without its metadata (camera, location), so nothing but pixels leaves the upload.
 */
export async function processHeadshot(bytes: Buffer): Promise<HeadshotResult> {
  if (bytes.length === 0) return { ok: false, message: M.notAnImage };
  if (bytes.length > HEADSHOT_MAX_BYTES) return { ok: false, message: M.tooLarge };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: M.notAnImage };
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    return { ok: false, message: M.notAnImage };
  }
  if (!metadata.width || !metadata.height) return { ok: false, message: M.notAnImage };
  if (metadata.width * metadata.height > HEADSHOT_MAX_PIXELS) {
    return { ok: false, message: M.tooManyPixels };
  }
  try {
    const webp = await sharp(bytes, { limitInputPixels: HEADSHOT_MAX_PIXELS, failOn: "error" })
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize(HEADSHOT_SIZE, HEADSHOT_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    return { ok: false, message: M.notAnImage };
  }
}
