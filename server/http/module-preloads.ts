import { Transform, type TransformOptions } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const HEAD_END = "</head>";

/** An HTML head without its `<link rel="modulepreload">` tags. */
export function withoutModulePreloads(head: string): string {
  return head.replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/**
 * Passes a streamed HTML page through without the script preloads React Router writes into
 * its `<head>`: the page is complete without its scripts, so they load once the HTML is parsed
 * instead of competing with it (docs/decisions/0061-inline-stylesheet.md). The head is held
 * until it is complete, so no tag is cut in two; React sends it in its first flush.
 */
export function dropModulePreloads(options: Pick<TransformOptions, "final"> = {}) {
  const decoder = new StringDecoder("utf8");
  let head: string | null = "";
  return new Transform({
    ...options,
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const page = withoutModulePreloads(head.slice(0, end)) + head.slice(end);
      head = null;
      callback(null, page);
    },
    flush(callback) {
      if (head !== null) callback(null, withoutModulePreloads(head + decoder.end()));
      else callback();
    },
  });
}
