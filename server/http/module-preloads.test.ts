import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { dropModulePreloads } from "./module-preloads";

const HEAD =
  '<!DOCTYPE html><html><head><title>Café ☕</title><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><link rel="icon" href="/favicon.svg"/></head>';
const BODY = '<body><p>&lt;link rel="modulepreload"&gt; stays as written here</p></body></html>';
const EXPECTED =
  '<!DOCTYPE html><html><head><title>Café ☕</title><link rel="icon" href="/favicon.svg"/></head>' +
  BODY;

/** The page streamed through the transform in pieces cut at `cuts` (byte offsets). */
async function streamed(page: string, cuts: number[]) {
  const bytes = Buffer.from(page);
  const edges = [0, ...cuts, bytes.length];
  const pieces = edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
  return text(Readable.from(pieces).pipe(dropModulePreloads()));
}

describe("dropModulePreloads", () => {
  it("takes the script preloads out of the head and leaves the body alone", async () => {
    expect(await streamed(HEAD + BODY, [])).toBe(EXPECTED);
  });

  it("gives the same page however the stream is cut, inside tags and characters too", async () => {
    const length = Buffer.byteLength(HEAD + BODY);
    for (let cut = 1; cut < length; cut += 7) {
      expect(await streamed(HEAD + BODY, [cut, Math.min(cut + 3, length - 1)])).toBe(EXPECTED);
    }
  });

  it("passes a page without a head through", async () => {
    expect(await streamed("<p>no head</p>", [4])).toBe("<p>no head</p>");
  });
});
