import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipReusingParts } from "./gzip-reusing-parts";

/** A stylesheet-like text: long, repetitive, the kind that makes deflate work hard. */
const STYLESHEET = Array.from(
  { length: 400 },
  (_, i) => `.c${i}{margin:${i % 7}px;color:rgb(${i % 255} 10 20)}`,
).join("\n");
const page = (...pieces: string[]) => Buffer.from(pieces.join(""));

describe("gzipReusingParts", () => {
  const gzip = gzipReusingParts(() => [STYLESHEET, "short text, not worth a search"]);

  it.each([
    ["in the middle", page("<html><head><style>", STYLESHEET, "</style></head><body>é ✓</body>")],
    ["at the start", page(STYLESHEET, "<p>after</p>")],
    ["at the end", page("<p>before</p>", STYLESHEET)],
    ["alone", page(STYLESHEET)],
    ["twice", page("<a>", STYLESHEET, "<b>", STYLESHEET, "<c>")],
    ["twice in a row", page(STYLESHEET, STYLESHEET)],
    ["not at all", page("<p>no stylesheet here</p>".repeat(100))],
    ["an empty body", page()],
  ])("decodes to the body with the known text %s", (_, body) => {
    expect(gunzipSync(gzip(body)).equals(body)).toBe(true);
  });

  it("compresses as well as plain gzip, give or take a few bytes", () => {
    const body = page(
      "<head><style>",
      STYLESHEET,
      "</style></head>",
      "<li>Advisor</li>".repeat(500),
    );
    const reused = gzip(body).length;
    const plain = gzipSync(body).length;
    expect(reused).toBeLessThan(plain * 1.02 + 64);
    expect(reused).toBeLessThan(body.length / 5);
  });

  it("is plain gzip for a body without a known text", () => {
    const body = page('{"advisors":[]}'.repeat(200));
    expect(gzip(body).equals(gzipSync(body))).toBe(true);
  });

  it("learns texts that become known later", () => {
    const known: string[] = [];
    const late = gzipReusingParts(() => known);
    const body = page("<style>", STYLESHEET, "</style>");
    expect(late(body).equals(gzipSync(body))).toBe(true);
    known.push(STYLESHEET);
    const reused = late(body);
    expect(reused.equals(gzipSync(body))).toBe(false);
    expect(gunzipSync(reused).equals(body)).toBe(true);
  });

  it("leaves a text that overlaps an earlier one to the bytes around it", () => {
    const a = STYLESHEET;
    const b = STYLESHEET.slice(2000) + "\n.tail{}".repeat(600);
    const overlapping = gzipReusingParts(() => [a, b]);
    const body = page("<x>", STYLESHEET, "\n.tail{}".repeat(600), "</x>");
    expect(gunzipSync(overlapping(body)).equals(body)).toBe(true);
  });
});
