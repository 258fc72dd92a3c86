import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import type { Services } from "../compose.server";
import { publicConfig } from "../config.server";
import type { AppContext } from "./app-context";
import { csrfGuard } from "./csrf.server";
import { isLoopbackAddress } from "../security/loopback";
import { methodGuard } from "./method-guard.server";
import { builtAssetTexts } from "./built-asset-text.server";
import { gzipReusingParts } from "./gzip-reusing-parts";
import { publicCache, type PublicCache } from "./public-cache.server";
import { type RenderGate, renderGate } from "./render-gate.server";
import { createRouteMatcher, type RouteMatcher } from "./route-match.server";
import { logCompleted, type RequestLocals, requestLog } from "./request-log.server";
import {
  FIXED_SECURITY_HEADERS,
  HSTS_HEADER,
  type SecurityLocals,
  securityHeaders,
} from "./security-headers.server";
import { settleUnreadBody } from "./unread-body.server";
import { readinessRoute } from "../lifecycle/readiness.server";
import { metricsRoute } from "../metrics/metrics.server";

type Options = {
  /** What the composition root built; with a change feed, visitors' public reads are cached. */
  services: Services;
  /** The React Router server build, or a getter (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Extra middleware mounted before the app (Vite's dev server in development). */
  before?: express.RequestHandler[];
  clientDir?: string;
};

export type HttpApp = {
  /** Node's request listener: a visitor's kept public answer straight away, else Express. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  listen: (port: number, host: string, onListening?: () => void) => Server;
};

/**
 * The HTTP server: security headers, request ids and logging, visitors' public reads from
 * memory, the cross-site request check, health, static files, then the React Router app.
 */
export function createHttpApp({ services, build, before = [], clientDir }: Options): HttpApp {
  const { config, logger, database, feed, metrics, readiness } = services;
  // Which route answers a path, whose module declares how its answer may be kept (ADR 69).
  // Development's build changes under it: nothing is kept there.
  const matchRoute: RouteMatcher =
    typeof build === "function" ? () => null : createRouteMatcher(build);
  const routeOf = (url: string | undefined) => matchRoute(pathOf(url))?.id ?? null;
  const app = express();
  app.disable("x-powered-by");
  // Every request Express handles is timed for /metrics (kept answers are timed as they go),
  // under its route's id once it reached a route (`routed`).
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const route = (res.locals as RoutedLocals).routed ? routeOf(req.originalUrl) : null;
      metrics.answered(req.method, res.statusCode, started, route);
    });
    next();
  });
  const routed = (res: express.Response) => void ((res.locals as RoutedLocals).routed = true);
  // Client addresses feed the rate limits: trust only the configured proxies, never any caller.
  app.set("trust proxy", config.trustProxyHops);
  app.use(securityHeaders(config));
  app.use(requestLog(logger));
  app.use(settleUnreadBody);

  const exposed = publicConfig(config);
  const loadContext = (req: express.Request, res: express.Response): AppContext => {
    const locals = res.locals as SecurityLocals & RequestLocals;
    routed(res);
    return {
      db: database.db,
      auth: services.auth,
      config,
      publicConfig: exposed,
      logger: locals.log,
      requestId: locals.requestId,
      clientIp: req.ip ?? "unknown",
      peerIsLoopback: isLoopbackAddress(req.socket.remoteAddress),
      cspNonce: locals.cspNonce,
      payments: services.payments,
      directory: services.directory,
      storage: services.storage,
      events: services.events,
      bankCipher: services.bankCipher,
      ownCalendars: services.ownCalendars,
      openDealings: services.openDealings,
      messageFeed: services.messageFeed,
      now: services.now,
    };
  };
  // Renders are bounded and rate-limited; answers from memory are not (ADR 62).
  const gate = renderGate(config, matchRoute);
  // Development re-renders every request: Vite swaps modules under the cache's feet.
  let cache: PublicCache | undefined;
  if (feed && config.isProduction) {
    const handle = createFetchHandler(build, "production");
    cache = publicCache({
      feed,
      origin: config.appUrl,
      matchRoute,
      gzip: gzipReusingParts(builtAssetTexts),
      onLookup: (result, res) => {
        metrics.cacheLookup(result);
        routed(res);
      },
      render: gate.render((request, req, res) => handle(request, loadContext(req, res))),
    });
    app.use(cache.middleware);
  }
  app.use(compression());

  app.use(csrfGuard(config));

  app.get("/healthz", async (_req, res) => {
    const up = await database.ping();
    // A feed that is not listening leaves the answers correct (nothing is vouched for from
    // memory, ADR 63), so it is reported, not a reason to take the instance out.
    res
      .status(up ? 200 : 503)
      .json({ status: up ? "ok" : "unavailable", database: up, changeFeed: feed?.status() });
  });

  app.get("/readyz", readinessRoute(readiness));
  app.get("/metrics", metricsRoute(metrics, config.metricsToken));

  for (const middleware of before) app.use(middleware);
  if (clientDir) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }
  app.use("/uploads", express.static(config.storage.dir, { maxAge: "1d", index: false }));

  app.all(
    "/{*splat}",
    privateUnlessSaid,
    methodGuard(build),
    gate.middleware,
    createRequestHandler({
      build,
      mode: config.isProduction ? "production" : "development",
      getLoadContext: loadContext,
    }),
  );

  const fromMemory = cache && answerFromMemory(cache, gate, services, routeOf);
  const handle: HttpApp["handle"] = fromMemory
    ? (req, res) => {
        if (!fromMemory(req, res)) app(req, res);
      }
    : app;
  return {
    handle,
    listen: (port, host, onListening) => createServer(handle).listen(port, host, onListening),
  };
}

/**
 * A kept answer sent without Express: the hits are most of a busy site's reads, and routing
 * and middleware cost more than the answer itself. It carries what the middleware would have
 * added (security headers, a request id) and leaves the same log line. Whether a request came
 * over TLS or through a proxy (which decides HSTS) is left to Express to judge. A miss that
 * would only wait for a full render queue is refused here too, as cheaply (ADR 62).
 */
function answerFromMemory(
  cache: PublicCache,
  gate: RenderGate,
  { config, logger, metrics }: Pick<Services, "config" | "logger" | "metrics">,
  routeOf: (url: string | undefined) => string | null,
) {
  const https = config.appUrl.startsWith("https://");
  const security = [...FIXED_SECURITY_HEADERS, ...(https ? [HSTS_HEADER] : [])].flat();
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const judgedByExpress =
      !https &&
      (req.headers["x-forwarded-proto"] !== undefined || (req.socket as TLSSocket).encrypted);
    if (judgedByExpress) return false;
    const started = process.hrtime.bigint();
    const id = randomUUID();
    const lead = () => [...security, "X-Request-Id", id];
    const hit = cache.serveHit(req, res, lead);
    if (!hit && !gate.refuseIfFull(req, res, lead())) return false;
    logCompleted(logger, { id, method: req.method, url: req.url, started }, res);
    metrics.answered(req.method, res.statusCode, started, hit ? routeOf(req.url) : null);
    if (hit) metrics.cacheLookup("hit");
    return true;
  };
}

/** Set once a request reaches a React Router route: its metrics label is the route's id. */
type RoutedLocals = { routed?: true };

const pathOf = (url = "/") => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};

/**
 * An answer of the app that says nothing about caching is private and revalidated: no shared
 * cache may keep a page that can show who is signed in. (Visitors' public reads are answered
 * by `publicCache` with their own policy.)
 */
const privateUnlessSaid: express.RequestHandler = (_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-cache");
    return (writeHead as (...a: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
  next();
};
