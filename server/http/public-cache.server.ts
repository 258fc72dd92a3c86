import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type express from "express";
import type { ChangeFeed } from "../db/change-feed.server";
import { hasSessionCookie } from "../auth/session.server";
import { acceptsGzip } from "./accept-encoding";
import type { CachePolicy } from "../../core/cache-contract";
import { cacheKeyOf, cachePolicyOf } from "./public-cache-policy";
import type { RouteMatcher } from "./route-match.server";

/** Renders a request through the app (React Router's handler with this request's context). */
export type RenderRequest = (
  request: Request,
  req: express.Request,
  res: express.Response,
) => Promise<Response>;

/** A 200 kept for reuse. */
type Answer = {
  /** Its headers as `writeHead` takes them (name, value, name, value...), caching ones included. */
  head: string[];
  body: Buffer;
  gzipped: Buffer | null;
  etag: string;
  /** The feed's stamp of the policy's topics when rendering began. */
  stamp: string;
  expiresAt: number;
  bytes: number;
};

/** Headers that belong to the request being answered, never to a stored answer. */
const PER_REQUEST = new Set(["set-cookie", "cache-control", "content-length", "x-request-id"]);
const GZIP_FROM_BYTES = 1024;

export type PublicCache = {
  /**
   * Answers a visitor's request from memory if a current answer is kept, straight on the
   * socket: no routing or middleware. `lead` gives the headers that come before the answer's
   * own (security headers, the request id). False when the request is not a hit; the app
   * then handles it as usual.
   */
  serveHit: (req: IncomingMessage, res: ServerResponse, lead: () => string[]) => boolean;
  /** Express middleware for the rest: renders misses (and keeps them), or passes on. */
  middleware: express.RequestHandler;
};

/**
 * Answers visitors' requests for public pages and APIs from memory (see
 * docs/decisions/0060-caching-public-reads.md), as the request's route declares (ADR 69). A visitor is a request without a session
 * cookie; the answer is rendered once, from the request's key (its path and the parameters
 * its route reads), without any of the visitor's headers, and reused while the database's
 * change feed says the data behind it is unchanged and the policy's local lifetime has not
 * passed. Concurrent misses for one key share a single render. Every answer carries a weak
 * ETag (If-None-Match gets a 304) and the policy's Cache-Control: only what is the same for
 * everyone is public (docs/decisions/0062-public-reads-behind-a-cdn-and-under-a-flood.md), and that is
 * served from memory to signed-in requests too. Signed-in requests for pages pass through
 * (the app marks them private). Without a listening feed nothing is reused.
 */
export function publicCache(options: {
  feed: ChangeFeed;
  render: RenderRequest;
  /** The build's route that answers a path (`createRouteMatcher`): its module declares the policy. */
  matchRoute: RouteMatcher;
  /** The app's own origin: stored answers never depend on the Host a caller sent. */
  origin: string;
  maxEntries?: number;
  maxBytes?: number;
  /** How a kept answer is gzipped (gzipSync unless told). */
  gzip?: (body: Buffer) => Buffer;
  /** Hears the middleware's lookups, for the metrics (`serveHit`'s caller counts its own). */
  onLookup?: (result: "hit" | "miss", res: express.Response) => void;
}): PublicCache {
  const { feed, render, origin, matchRoute, gzip = gzipSync } = options;
  const store = new AnswerStore(options.maxEntries ?? 5000, options.maxBytes ?? 64 * 2 ** 20);
  const inFlight = new Map<string, Promise<Answer | Response>>();

  /**
   * The request's policy and key, when it is a GET of a public path that this answer may serve
   * (a visitor's, or anyone's when the answer is the same for everyone) and the feed listens.
   */
  const cacheable = (req: IncomingMessage) => {
    if (req.method !== "GET" || !feed.listening) return null;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const policy = cachePolicyOf(matchRoute(pathname));
    if (!policy || (policy.perViewer && hasSessionCookie(req.headers.cookie))) return null;
    const key = cacheKeyOf(pathname, query === -1 ? "" : url.slice(query), policy);
    return key === null ? null : { policy, key };
  };

  const serveHit: PublicCache["serveHit"] = (req, res, lead) => {
    const request = cacheable(req);
    const answer = request && store.get(request.key, feed.stamp(request.policy.topics));
    if (!answer) return false;
    writeAnswer(req, res, answer, [...lead(), "X-Cache", "hit"]);
    return true;
  };

  const middleware: express.RequestHandler = async (req, res, next) => {
    const request = cacheable(req);
    if (!request) return next();

    const { policy, key } = request;
    const stamp = feed.stamp(policy.topics);
    let answer: Answer | Response | undefined = store.get(key, stamp);
    const cacheState = answer ? "hit" : "miss";
    options.onLookup?.(cacheState, res);
    try {
      if (!answer) {
        const flight = `${stamp} ${key}`;
        const shared = inFlight.get(flight);
        const rendering = shared ?? renderAnswer(key, req, res, policy, stamp);
        if (!shared) {
          inFlight.set(flight, rendering);
          void rendering.finally(() => inFlight.delete(flight)).catch(() => {});
        }
        answer = await rendering;
        // Only a shareable answer is shared; anything else each request renders for itself.
        if (shared && answer instanceof Response) {
          answer = await renderAnswer(key, req, res, policy, stamp);
        }
        if (!(answer instanceof Response) && feed.stamp(policy.topics) === answer.stamp) {
          store.set(key, answer);
        }
      }
      res.setHeader("X-Cache", cacheState);
      if (answer instanceof Response) return await sendResponse(res, answer);
      writeAnswer(req, res, answer, []);
    } catch (error) {
      next(error);
    }
  };

  return { serveHit, middleware };

  async function renderAnswer(
    url: string,
    req: express.Request,
    res: express.Response,
    policy: CachePolicy,
    stamp: string,
  ): Promise<Answer | Response> {
    const renderedAt = Date.now();
    // None of the visitor's headers: the answer must be the same for every visitor.
    const response = await render(new Request(new URL(url, origin)), req, res);
    if (response.status !== 200 || response.headers.has("set-cookie")) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
    const head: string[] = [];
    response.headers.forEach((value, name) => {
      if (!PER_REQUEST.has(name)) head.push(name, value);
    });
    // The page's scripts carry the nonce of the policy sent with it: they travel together.
    const csp = res.getHeader("Content-Security-Policy");
    if (typeof csp === "string") head.push("Content-Security-Policy", csp);
    head.push("Cache-Control", policy.cacheControl);
    head.push("Vary", policy.perViewer ? "Accept-Encoding, Cookie" : "Accept-Encoding");
    head.push("ETag", etag);
    const gzipped = body.length >= GZIP_FROM_BYTES ? gzip(body) : null;
    return {
      head,
      body,
      gzipped,
      etag,
      stamp,
      expiresAt: policy.keepUntil(renderedAt),
      bytes: body.length + (gzipped?.length ?? 0),
    };
  }
}

/**
 * Sends a kept answer after the `lead` headers (headers set earlier on `res` stay unless the
 * answer names them too): a 304 when the caller holds it already, gzip when it is accepted.
 */
function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer, lead: string[]) {
  const headers = lead.concat(answer.head);
  if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(answer.etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const body =
    answer.gzipped && acceptsGzip(req.headers["accept-encoding"]) ? answer.gzipped : answer.body;
  if (body === answer.gzipped) headers.push("Content-Encoding", "gzip");
  headers.push("Content-Length", String(body.length));
  res.writeHead(200, headers).end(body);
}

/** An answer that is not shared (an error, a redirect, one that sets a cookie), as it came. */
async function sendResponse(res: express.Response, response: Response) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", "private, no-cache");
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Least recently used answers go first once either bound is passed. */
class AnswerStore {
  #answers = new Map<string, Answer>();
  #bytes = 0;
  constructor(
    private maxEntries: number,
    private maxBytes: number,
  ) {}

  get(key: string, stamp: string): Answer | undefined {
    const answer = this.#answers.get(key);
    if (!answer) return undefined;
    this.#delete(key);
    if (answer.stamp !== stamp || answer.expiresAt <= Date.now()) return undefined;
    this.#answers.set(key, answer);
    this.#bytes += answer.bytes;
    return answer;
  }

  set(key: string, answer: Answer) {
    this.#delete(key);
    this.#answers.set(key, answer);
    this.#bytes += answer.bytes;
    for (const [oldest] of this.#answers) {
      if (this.#answers.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#delete(oldest);
    }
  }

  #delete(key: string) {
    const answer = this.#answers.get(key);
    if (!answer) return;
    this.#answers.delete(key);
    this.#bytes -= answer.bytes;
  }
}
