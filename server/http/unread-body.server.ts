import type express from "express";

/** At most this much of a refused body is read and thrown away to keep its connection. */
export const DRAIN_MAX_BYTES = 1024 * 1024;

/**
 * An answer sent before its request's body was read to the end (a 413, a 405, a redirect to
 * sign in) must not leave the rest of that body on the connection, where it would be read as
 * the next request. When its announced length is small enough the rest is read and dropped
 * after the answer, so the keep-alive connection stays usable; otherwise (too large, or a
 * chunked body of unknown length) the answer says `Connection: close` and the server closes
 * (ADR 66).
 */
export const settleUnreadBody: express.RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    if (!req.complete) {
      // Without a length or chunks there is no body (a DELETE, a bare POST): nothing to read.
      const chunked = req.headers["transfer-encoding"] !== undefined;
      const length = chunked ? NaN : Number(req.headers["content-length"] ?? 0);
      if (!req.destroyed && length <= DRAIN_MAX_BYTES) {
        this.once("finish", () => drain(req));
      } else {
        this.setHeader("Connection", "close");
      }
    }
    return (writeHead as (...a: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
  next();
};

/**
 * Reads what is left and drops it. The app's reader (React Router's stream over the request)
 * may still be attached and paused; it is detached, since nobody will read it any more.
 */
function drain(req: express.Request) {
  if (req.complete || req.destroyed) return;
  req.removeAllListeners("data");
  req.on("data", () => {});
  req.resume();
}
