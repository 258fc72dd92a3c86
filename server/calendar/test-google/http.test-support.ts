import type { IncomingMessage, ServerResponse } from "node:http";

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(res: ServerResponse, status: number, body?: object) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body ? JSON.stringify(body) : undefined);
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location });
  res.end();
}

/** The error body the Calendar API answers with. */
export function apiError(code: number, reason: string, message: string) {
  return { error: { code, message, errors: [{ domain: "global", reason, message }] } };
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON text as an object; undefined when empty, null when it is not JSON. */
export function parseJson(text: string): Record<string, unknown> | null | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Resolves after `ms`, or early (with false) when the client has gone away meanwhile. */
export function waitUnlessGone(res: ServerResponse, ms: number): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(!res.destroyed), ms);
    res.once("close", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}
