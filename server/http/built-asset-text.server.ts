import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// This module runs inside the server build (build/server/index.js): the browser's files
// are in build/client beside it.
const CLIENT_DIR = fileURLToPath(new URL("../client/", import.meta.url));
const texts = new Map<string, string | undefined>();

/**
 * The text of a file of the client build by the URL the page links it with
 * ("/assets/app-1a2b.css"), read once; undefined when there is no such built file.
 */
export function builtAssetText(href: string): string | undefined {
  if (!/^\/assets\/[\w.-]+$/.test(href)) return undefined;
  if (!texts.has(href)) {
    let text: string | undefined;
    try {
      text = readFileSync(`${CLIENT_DIR}${href.slice(1)}`, "utf8");
    } catch {
      text = undefined;
    }
    texts.set(href, text);
  }
  return texts.get(href);
}

/** The texts read so far: the parts of pages the public cache compresses once (ADR 76). */
export function builtAssetTexts(): Iterable<string> {
  return [...texts.values()].filter((text): text is string => text !== undefined);
}
