import { Transform, type TransformOptions } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const HEAD_END = "</head>";

/** Marks each `<link rel="modulepreload">` of an HTML head as low priority. */
export function lowerModulePreloads(head: string): string {
  return head.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '$& fetchpriority="low"');
}

/**
 * Passes a streamed HTML page through with the script preloads of its `<head>` marked low
 * priority, as React marks its own bootstrap modules: the scripts make the page interactive
 * and should not compete with what the first paint needs (docs/decisions/0061). The head is
 * held until it is complete, so no tag is cut in two; React sends it in its first flush.
 */
export function lowPriorityModulePreloads(options: Pick<TransformOptions, "final"> = {}) {
  const decoder = new StringDecoder("utf8");
  let head: string | null = "";
  return new Transform({
    ...options,
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const page = lowerModulePreloads(head.slice(0, end)) + head.slice(end);
      head = null;
      callback(null, page);
    },
    flush(callback) {
      if (head !== null) callback(null, lowerModulePreloads(head + decoder.end()));
      else callback();
    },
  });
}
