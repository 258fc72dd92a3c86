import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Db } from "../db/client.server";
import { users } from "../db/schema";

/** Test data for the advisor onboarding tests (not used by the app). */

export async function createPerson(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      firstName: "Asha",
      lastName: "Rao",
      email: `person.${randomBytes(5).toString("hex")}@example.com`,
      ...overrides,
    })
    .returning({ id: users.id });
  return user!.id;
}

/** A real photo-like JPEG with EXIF data (camera model) to prove it is stripped. */
export function jpegWithExif(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3b82f6" } })
    .jpeg()
    .withExif({ IFD0: { Model: "SecretCam 3000", Copyright: "GPS 52.52N 13.40E" } })
    .toBuffer();
}

/**
 * A tiny PNG whose header claims `width` x `height`: what a decompression bomb looks like
 * before decoding. Built from a real 1x1 PNG with its IHDR size and checksum rewritten.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  // Signature (8) + length (4) + "IHDR" (4), then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
