import type express from "express";
import { type Config, isLocalUrl } from "../config.server";
import type { RequestLocals } from "./request-log.server";

/**
 * State-changing requests that are not ours to origin-check, each with the reason. Anything
 * else that is not GET/HEAD/OPTIONS must come from our own pages (docs/decisions/0008).
 */
export const CSRF_EXEMPT: { path: RegExp; reason: string }[] = [
  {
    path: /^\/api\/webhooks\/razorpay$/,
    reason: "server-to-server from Razorpay; verified by its HMAC signature, never by origin",
  },
  {
    path: /^\/api\/webhooks\/whatsapp$/,
    reason: "server-to-server from Meta; verified by X-Hub-Signature-256, never by origin",
  },
  {
    path: /^\/api\/webhooks\/msg91$/,
    reason: "server-to-server from MSG91; verified by the secret token in its URL, never by origin",
  },
  {
    path: /^\/api\/calendar\/google\/notifications$/,
    reason: "server-to-server from Google; verified by the channel's secret token, never by origin",
  },
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CSRF_REFUSED = "Cross-site request refused";

/**
 * Refuses a state-changing request a browser sent from another site: its `Origin` must be
 * APP_URL's, and `Sec-Fetch-Site`, when sent, must say same-origin. A request with neither
 * header does not come from a browser, so it carries no victim's cookies to abuse.
 */
export function csrfGuard(config: Config): express.RequestHandler {
  const allowed = allowedOrigins(config.appUrl);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || CSRF_EXEMPT.some((e) => e.path.test(req.path))) {
      return next();
    }
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const crossOrigin =
      (origin !== undefined && !allowed.has(origin)) ||
      (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none");
    if (!crossOrigin) return next();
    (res.locals as RequestLocals).log.warn(
      { origin, fetchSite, path: req.path },
      "cross-site request refused",
    );
    res.status(403).type("text/plain").send(CSRF_REFUSED);
  };
}

/** APP_URL's origin; a local run also answers its loopback aliases on the same port. */
function allowedOrigins(appUrl: string): Set<string> {
  const url = new URL(appUrl);
  const origins = new Set([url.origin]);
  if (isLocalUrl(appUrl)) {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      origins.add(new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`).origin);
    }
  }
  return origins;
}
