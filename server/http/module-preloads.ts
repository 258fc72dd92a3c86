import { Transform, type TransformOptions } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const HEAD_END = "</head>";
const SCRIPT = "<script";
const PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/** An HTML head without its `<link rel="modulepreload">` tags, and the tags. */
export function takeModulePreloads(head: string): { head: string; preloads: string } {
  const preloads = head.match(PRELOAD) ?? [];
  return { head: head.replace(PRELOAD, ""), preloads: preloads.join("") };
}

/** How many characters at the end of `text` could begin a `<script` tag cut by the stream. */
function partialScriptTag(text: string): number {
  for (let n = Math.min(SCRIPT.length - 1, text.length); n > 0; n--) {
    if (SCRIPT.startsWith(text.slice(-n))) return n;
  }
  return 0;
}

/**
 * Passes a streamed HTML page through with the script preloads React Router writes into its
 * `<head>` moved to the end of the page's content, just before its first `<script>` (React
 * Router's own, after the footer): the page is complete without its scripts, so they do not
 * compete with the HTML and its images (ADR 61), yet the browser still asks for every script
 * at once instead of finding them import by import, a round trip each (ADR 84). The head is
 * held until it is complete, so no tag is cut in two; React sends it in its first flush. A page
 * without a script in its body gets no preloads.
 */
export function movePreloadsAfterContent(options: Pick<TransformOptions, "final"> = {}) {
  const decoder = new StringDecoder("utf8");
  /** The head so far, until it is complete. */
  let head: string | null = "";
  /** The preloads still to place, and the body text held back while looking for `<script`. */
  let preloads = "";
  let held = "";
  const placeIn = (text: string): string => {
    if (!preloads) return text;
    const at = text.indexOf(SCRIPT);
    if (at !== -1) {
      const out = text.slice(0, at) + preloads + text.slice(at);
      preloads = "";
      return out;
    }
    const keep = partialScriptTag(text);
    held = text.slice(text.length - keep);
    return text.slice(0, text.length - keep);
  };
  return new Transform({
    ...options,
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) {
        const text = held + decoder.write(chunk);
        held = "";
        return callback(null, placeIn(text));
      }
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const taken = takeModulePreloads(head.slice(0, end));
      const rest = head.slice(end);
      head = null;
      preloads = taken.preloads;
      callback(null, taken.head + placeIn(rest));
    },
    flush(callback) {
      if (head !== null) callback(null, takeModulePreloads(head + decoder.end()).head);
      else callback(null, held + decoder.end());
    },
  });
}
