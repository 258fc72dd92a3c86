import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import type { Config } from "../config.server";
import { clientKey, clientRateLimit } from "./client-rate-limit";
import { concurrencyLimit, type Release } from "./concurrency-limit";
import { cachePolicyOf } from "./public-cache-policy";
import type { RenderRequest } from "./public-cache.server";
import type { RouteMatcher } from "./route-match.server";

/** How long a refused client is asked to wait when the server is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
const RENDERED = new Set(["GET", "HEAD"]);
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A render starts on a later turn of the event loop, never in the turn that granted its slot:
 * with the embedded database a render runs start to finish without waiting on I/O, so without
 * this each request would be rendered as soon as it is read, one after another, and a health
 * check (or any request) arriving meanwhile would wait for all of them.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type RenderGate = {
  /** Before React Router: a GET or HEAD is rendered when a slot is free, or refused. */
  middleware: express.RequestHandler;
  /** The public cache's render, through the same gate: a refusal comes back as the answer. */
  render: (render: RenderRequest) => RenderRequest;
  /**
   * For the listener in front of Express, once a request is known not to be answered from
   * memory: a public read that would wait for a render while every slot and queue place is
   * taken gets its 503 at once, after the `lead` headers, for the cost of a few headers rather
   * than the whole middleware chain (a flood is mostly such requests). False otherwise.
   */
  refuseIfFull: (req: IncomingMessage, res: ServerResponse, lead: string[]) => boolean;
};

/** A route that declares `handle.eventStream`: Server-Sent Events, open for a page's life. */
export function isEventStream(route: ReturnType<RouteMatcher>): boolean {
  const handle = route?.module.handle as { eventStream?: unknown } | undefined;
  return handle?.eventStream === true;
}

/** The refusal page loads nothing and runs nothing; its few styles are inline. */
const REFUSAL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The site's colours and type, in the few bytes a refusal can afford. */
const REFUSAL_STYLE =
  "body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,sans-serif;text-align:center}main{padding:24px;max-width:28rem}h1{margin:0 0 8px;font-size:1.75rem}p{margin:0 0 16px;color:#475569}a{display:inline-block;padding:10px 20px;border-radius:8px;background:#1e5f59;color:#fff;text-decoration:none;font-weight:600}";

/**
 * The guard of what costs a render (docs/decisions/0062-public-reads-behind-a-cdn-and-under-a-flood.md):
 * every GET or HEAD the app renders (a public read that is not answered from memory, or any
 * other page) takes one of RENDER_CONCURRENCY slots, waits in a queue of RENDER_QUEUE, or is
 * refused at once with a 503 and Retry-After; and each client (its address as the app
 * computes it, an IPv6 /64 as one) may have PUBLIC_RENDERS_PER_MINUTE public reads rendered,
 * then gets a 429. Answers from memory, `/healthz` and static files never come here.
 */
export function renderGate(
  config: Config,
  /** The build's route of a path: its cache declaration says whether it is a public read. */
  matchRoute: RouteMatcher,
  now: () => number = Date.now,
): RenderGate {
  const isPublicRead = (path: string) => cachePolicyOf(matchRoute(path)) !== null;
  const slots = concurrencyLimit({
    concurrency: config.renderConcurrency,
    queue: config.renderQueue,
  });
  const perClient = clientRateLimit({
    limit: Math.round(config.publicRendersPerMinute * config.rateLimitScale),
    windowMs: 60_000,
  });

  /** The refusal this request gets before any work, if any. */
  const refusalOf = (req: express.Request): Refusal | null => {
    if (!isPublicRead(req.path)) return null;
    const counted = perClient.hit(clientKey(req.ip ?? "unknown"), now());
    return counted.allowed ? null : refusal(429, req.path, counted.retryAfterSeconds);
  };
  const busy = (path: string) => refusal(503, path, BUSY_RETRY_AFTER_SECONDS);

  /** Waits for a slot, giving up its place if the client goes away first. */
  const acquire = (res: express.Response) => {
    const gone = new AbortController();
    const onClose = () => gone.abort(new Error("The client closed the connection"));
    res.once("close", onClose);
    const pending = slots.acquire(gone.signal);
    return {
      pending,
      /** Whether the client left (possibly after the slot was granted). */
      left: () => gone.signal.aborted,
      stopWatching: () => res.off("close", onClose),
    };
  };

  const middleware: express.RequestHandler = (req, res, next) => {
    if (!RENDERED.has(req.method)) return next();
    // An event stream stays open for as long as its page: it would hold a slot forever. Its
    // route reads only what changed since the browser's last event (issue 39).
    if (isEventStream(matchRoute(req.path))) return next();
    const refused = refusalOf(req);
    if (refused) return send(res, refused);
    const { pending, left, stopWatching } = acquire(res);
    if (!pending) {
      stopWatching();
      return send(res, busy(req.path));
    }
    pending.then(
      async (release) => {
        await nextTurn();
        stopWatching();
        if (left()) return release();
        // Held until the answer is sent or the client leaves.
        res.once("close", release);
        next();
      },
      () => {}, // the client left while waiting: nobody to answer
    );
  };

  const render: RenderGate["render"] = (renderRequest) => async (request, req, res) => {
    const refused = refusalOf(req);
    if (refused) return toResponse(refused);
    const { pending, stopWatching } = acquire(res);
    let release: Release;
    try {
      if (!pending) return toResponse(busy(req.path));
      release = await pending;
      await nextTurn();
    } catch {
      return toResponse(busy(req.path)); // the client left while waiting: nobody reads this
    } finally {
      stopWatching();
    }
    try {
      // The body is read inside the slot: streaming it is part of the render's work.
      const response = await renderRequest(request, req, res);
      const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
      return new Response(body, response);
    } finally {
      release();
    }
  };

  const refuseIfFull: RenderGate["refuseIfFull"] = (req, res, lead) => {
    const full = slots.running >= config.renderConcurrency && slots.waiting >= config.renderQueue;
    if (!full || req.method !== "GET") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (!isPublicRead(path)) return false;
    const { status, headers, body } = busy(path);
    const head = [
      ...lead,
      "Content-Security-Policy",
      REFUSAL_CSP,
      ...Object.entries(headers).flat(),
    ];
    res.writeHead(status, head.concat("Content-Length", String(Buffer.byteLength(body)))).end(body);
    return true;
  };

  return { middleware, render, refuseIfFull };
}

type Refusal = { status: 429 | 503; headers: Record<string, string>; body: string };

const REFUSED = {
  429: {
    title: "Too many requests",
    text: (seconds: number) =>
      `Too many requests from your network. Please try again in ${seconds} seconds.`,
  },
  503: {
    title: "Busy",
    text: (seconds: number) =>
      `The site is busy right now. Please try again in ${seconds} seconds.`,
  },
} as const;

/** A short answer in the form the caller reads: JSON for the APIs, else a plain page. */
function refusal(status: 429 | 503, path: string, retryAfterSeconds: number): Refusal {
  const { title, text } = REFUSED[status];
  const message = text(retryAfterSeconds);
  const headers = { "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" };
  if (path.startsWith("/api/")) {
    return {
      status,
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ error: message }),
    };
  }
  return {
    status,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
    body: `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | BeenThere</title><style>${REFUSAL_STYLE}</style></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="/">BeenThere home</a></p></main></body></html>`,
  };
}

function send(res: express.Response, { status, headers, body }: Refusal) {
  res.status(status).set(headers).send(body);
}

const toResponse = ({ status, headers, body }: Refusal) => new Response(body, { status, headers });
