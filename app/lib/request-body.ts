import { REQUEST_MESSAGES as M } from "../../core/messages/requests";

/*
 * The one way an action reads its body (ADR 66): the content type it takes (else 415), at most
 * `maxBytes` (else 413, whatever the length header says) and well formed (else 400). Each
 * refusal is thrown as a JSON `{ error }` answer, which a page's error boundary shows too.
 * What is left of a refused body is drained, or its connection closed, by
 * server/http/unread-body.server.ts. Not `.server`: forms.ts, which the browser shares too,
 * calls readForm from `parseForm`.
 */

/** Room for any of our forms' text fields; a form with a file passes its own limit. */
export const FORM_MAX_BYTES = 64 * 1024;
/** Room for the largest JSON our pages send (a full profile with its week). */
export const JSON_MAX_BYTES = 256 * 1024;

const refusal = (status: number, error: string) =>
  Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });

/** How much a body may hold, and what to say beyond it (by default REQUEST_MESSAGES.tooLarge). */
export type BodyLimit = { maxBytes?: number; tooLarge?: string };

/** A form post (URL-encoded or multipart, as a <form> or FormData sends it). */
export async function readForm(
  request: Request,
  { maxBytes = FORM_MAX_BYTES, tooLarge = M.tooLarge }: BodyLimit = {},
): Promise<FormData> {
  const type = mediaType(request);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw refusal(415, M.notForm);
  }
  const bytes = await readLimited(request, maxBytes, tooLarge);
  try {
    return await new Response(bytes, { headers: request.headers }).formData();
  } catch {
    throw refusal(400, M.malformedForm);
  }
}

/** The raw text of a JSON post, for a caller that must see the exact bytes (a signature). */
export async function readJsonText(
  request: Request,
  { maxBytes = JSON_MAX_BYTES, tooLarge = M.tooLarge }: BodyLimit = {},
): Promise<string> {
  if (mediaType(request) !== "application/json") throw refusal(415, M.notJson);
  const bytes = await readLimited(request, maxBytes, tooLarge);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw refusal(400, M.malformedJson);
  }
}

/** A JSON post, parsed. */
export async function readJson(request: Request, limit: BodyLimit = {}): Promise<unknown> {
  const text = await readJsonText(request, limit);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refusal(400, M.malformedJson);
  }
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The body, read until `maxBytes` and abandoned beyond (a length header can lie). The rest is
 * left unread rather than cancelled: cancelling destroys the socket before the 413 is sent.
 */
async function readLimited(
  request: Request,
  maxBytes: number,
  tooLarge: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw refusal(413, tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      throw refusal(413, tooLarge);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
