import { constants, crc32, deflateRawSync, gzipSync } from "node:zlib";

/** Parts shorter than this are not worth a search of every body. */
const MIN_PART_BYTES = 4096;
const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };
/** A gzip member's header: deflate, no name or time, unknown OS (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

type Part = { bytes: Buffer; deflated: Buffer };

/**
 * gzip for bodies that hold large texts known in advance, such as the site stylesheet every
 * server-rendered page carries inline (ADR 61): each known text is deflated once, and a body
 * holding it is compressed around it, the pieces joined into one deflate stream (ADR 76).
 * Every piece but the last ends on a sync flush (byte-aligned, not final) and refers only to
 * its own bytes, so the stream decodes to the body wherever the pieces came from. A body
 * without a known text gets plain `gzipSync`.
 *
 * `knownTexts` is asked at every call (the server reads the stylesheet at its first render).
 */
export function gzipReusingParts(knownTexts: () => Iterable<string>): (body: Buffer) => Buffer {
  const parts = new Map<string, Part | null>();

  function partOf(text: string): Part | null {
    let part = parts.get(text);
    if (part === undefined) {
      const bytes = Buffer.from(text);
      part =
        bytes.length < MIN_PART_BYTES ? null : { bytes, deflated: deflateRawSync(bytes, SYNC) };
      parts.set(text, part);
    }
    return part;
  }

  return (body) => {
    const found: { at: number; part: Part }[] = [];
    for (const text of knownTexts()) {
      const part = partOf(text);
      if (!part) continue;
      for (let at = body.indexOf(part.bytes); at !== -1; at = body.indexOf(part.bytes, at + 1)) {
        found.push({ at, part });
      }
    }
    if (found.length === 0) return gzipSync(body);
    found.sort((a, b) => a.at - b.at);

    const pieces: Buffer[] = [HEADER];
    let from = 0;
    for (const { at, part } of found) {
      if (at < from) continue; // overlaps the part before: left in the bytes around it
      if (at > from) pieces.push(deflateRawSync(body.subarray(from, at), SYNC));
      pieces.push(part.deflated);
      from = at + part.bytes.length;
    }
    // The last piece ends the stream (an empty final block when nothing follows the part).
    pieces.push(deflateRawSync(body.subarray(from)));
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(body), 0);
    trailer.writeUInt32LE(body.length % 2 ** 32, 4);
    pieces.push(trailer);
    return Buffer.concat(pieces);
  };
}
