import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { movePreloadsAfterContent } from "./module-preloads";

const PRELOADS =
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js"/>';
const HEAD = `<!DOCTYPE html><html><head><title>Café ☕</title>${PRELOADS}<link rel="icon" href="/favicon.svg"/></head>`;
const CONTENT = '<body><p>&lt;link rel="modulepreload"&gt; &lt;script stays as written — ü</p>';
const SCRIPTS = '<script nonce="n">1</script><script type="module">2</script></body></html>';
const EXPECTED =
  '<!DOCTYPE html><html><head><title>Café ☕</title><link rel="icon" href="/favicon.svg"/></head>' +
  CONTENT +
  PRELOADS +
  SCRIPTS;

/** The page streamed through the transform in pieces cut at `cuts` (byte offsets). */
async function streamed(page: string, cuts: number[]) {
  const bytes = Buffer.from(page);
  const edges = [0, ...cuts, bytes.length];
  const pieces = edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
  return text(Readable.from(pieces).pipe(movePreloadsAfterContent()));
}

describe("movePreloadsAfterContent", () => {
  it("moves the script preloads from the head to just before the body's first script", async () => {
    expect(await streamed(HEAD + CONTENT + SCRIPTS, [])).toBe(EXPECTED);
  });

  it("gives the same page however the stream is cut, inside tags and characters too", async () => {
    const page = HEAD + CONTENT + SCRIPTS;
    const length = Buffer.byteLength(page);
    for (let cut = 1; cut < length; cut += 3) {
      expect(await streamed(page, [cut, Math.min(cut + 3, length - 1)])).toBe(EXPECTED);
    }
  });

  it("drops the preloads of a page whose body runs no script", async () => {
    expect(await streamed(HEAD + CONTENT + "</body></html>", [200])).toBe(
      EXPECTED.replace(PRELOADS + SCRIPTS, "</body></html>"),
    );
  });

  it("passes a page without a head through", async () => {
    expect(await streamed("<p>no head</p>", [4])).toBe("<p>no head</p>");
  });
});
