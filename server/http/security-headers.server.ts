import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type express from "express";
import type { Config } from "../config.server";
import { contentSecurityPolicy } from "./content-security-policy";

const HSTS_SECONDS = 365 * 24 * 60 * 60;
const DEFAULT_GOOGLE_ORIGIN = "https://accounts.google.com";
const NONCE_MARKER = "\u0000nonce\u0000";

/**
 * Set by `securityHeaders` for the rest of the request: the nonce of this response's scripts.
 * None in development, whose relaxed policy needs none (and React would flag the attribute,
 * which browsers hide from scripts, as a hydration mismatch).
 */
export type SecurityLocals = { cspNonce: string | undefined };

/** What every response says whatever was asked: no MIME sniffing, no framing, a short referrer. */
export const FIXED_SECURITY_HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
] as const;
export const HSTS_HEADER = [
  "Strict-Transport-Security",
  `max-age=${HSTS_SECONDS}; includeSubDomains`,
] as const;

/** HTTPS as the browser sees it: a https APP_URL, TLS, or X-Forwarded-Proto from a trusted proxy. */
export function servedOverHttps(config: Config, req: express.Request): boolean {
  return config.appUrl.startsWith("https://") || req.secure;
}

/**
 * Headers every response carries (pages, files, APIs): the CSP with a fresh nonce, no MIME
 * sniffing, no framing, a referrer that never leaves a path behind, HSTS over HTTPS; and
 * every cookie set over HTTPS is made `Secure`, whichever code set it.
 */
export function securityHeaders(config: Config): express.RequestHandler {
  const googleOrigin = config.google
    ? config.google.discoveryUrl
      ? new URL(config.google.discoveryUrl).origin
      : DEFAULT_GOOGLE_ORIGIN
    : undefined;
  // The policy is the same for every request but its nonce: built once, around a marker.
  const parts = contentSecurityPolicy({
    nonce: NONCE_MARKER,
    development: !config.isProduction,
    razorpay: Boolean(config.razorpay),
    googleOrigin,
  }).split(NONCE_MARKER);
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    (res.locals as SecurityLocals).cspNonce = config.isProduction ? nonce : undefined;
    res.setHeader("Content-Security-Policy", parts.join(nonce));
    for (const [name, value] of FIXED_SECURITY_HEADERS) res.setHeader(name, value);
    if (servedOverHttps(config, req)) {
      res.setHeader(...HSTS_HEADER);
      secureEveryCookie(res);
    }
    next();
  };
}

/** Adds `Secure` to each Set-Cookie just before the headers go out. */
function secureEveryCookie(res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const cookies = this.getHeader("set-cookie");
    if (cookies !== undefined) {
      const list = Array.isArray(cookies) ? cookies : [String(cookies)];
      this.setHeader(
        "set-cookie",
        list.map((c) => (/;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`)),
      );
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}
