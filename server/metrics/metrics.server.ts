import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.server";
import { isLoopbackAddress } from "../http/loopback";

export type Metrics = {
  registry: Registry;
  /**
   * Records a request answered now, begun at `started` (process.hrtime). `routeOf` names its
   * React Router route once it is known to have reached one; other answers (static files,
   * health, refusals before the app) are counted under "(server)".
   */
  answered(
    req: IncomingMessage,
    res: ServerResponse,
    started: bigint,
    routeOf: (pathname: string) => string | null,
  ): void;
  /** Says that React Router answers `res` (rendered, or a kept answer of one of its routes). */
  routed(res: ServerResponse): void;
  /** A public read of a route, found in memory (hit) or not (miss, rendered). */
  cacheLookup(result: "hit" | "miss", res: ServerResponse): void;
  /** How long after its due time a job's run began. */
  jobLag(job: string, ms: number): void;
};

const SERVER_ROUTE = "(server)";
/** Methods counted by name; any other a client invents is "other", so labels stay few. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The app's metrics in a registry of its own (never prom-client's global one), so two apps in
 * one process (the tests) keep separate counts. `processMetrics` adds Node's own (memory, CPU,
 * event-loop delay): the production server asks for them once.
 */
export function createMetrics(
  options: {
    database?: Pick<Database, "connections" | "kind">;
    processMetrics?: boolean;
  } = {},
): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by React Router route id",
    labelNames: ["route", "method", "status"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cache = new Counter({
    name: "public_cache_lookups_total",
    help: "Visitors' public reads answered from memory (hit) or rendered (miss)",
    labelNames: ["result"],
    registers: [registry],
  });
  const lag = new Histogram({
    name: "job_lag_seconds",
    help: "How long after its due time a job's run began",
    labelNames: ["job"],
    buckets: [0.01, 0.1, 1, 5, 30, 60, 300, 1800],
    registers: [registry],
  });
  const database = options.database;
  if (database) {
    new Gauge({
      name: "db_connections",
      help: "Database connections: open (total), idle and waiting for a connection (pool only)",
      labelNames: ["state", "driver"],
      registers: [registry],
      collect() {
        const counts = database.connections();
        for (const state of ["total", "idle", "waiting"] as const) {
          const value = counts[state];
          if (value !== undefined) this.set({ state, driver: database.kind }, value);
        }
      },
    });
  }
  const lookups = { hit: cache.labels({ result: "hit" }), miss: cache.labels({ result: "miss" }) };
  // Kept on the response, so the label is known when its answer ends.
  const routedAnswers = new WeakSet<ServerResponse>();
  // One child per label set: observing through it skips validating and hashing the labels on
  // every request (a kept answer takes about 30 µs in all, bench/RESULTS.md). Routes, methods
  // and statuses are few; a method outside the usual ones counts as "other".
  const timers = new Map<string, Histogram.Internal<"route" | "method" | "status">>();
  const timerOf = (route: string, method: string, status: number) => {
    const key = `${route} ${method} ${status}`;
    let timer = timers.get(key);
    if (!timer) {
      timer = requests.labels({ route, method, status: String(status) });
      timers.set(key, timer);
    }
    return timer;
  };

  return {
    registry,
    answered: (req, res, started, routeOf) => {
      const url = req.url ?? "/";
      const query = url.indexOf("?");
      const route = routedAnswers.has(res)
        ? (routeOf(query === -1 ? url : url.slice(0, query)) ?? SERVER_ROUTE)
        : SERVER_ROUTE;
      const method = KNOWN_METHODS.has(req.method ?? "") ? req.method! : "other";
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      timerOf(route, method, res.statusCode).observe(seconds);
    },
    routed: (res) => void routedAnswers.add(res),
    cacheLookup: (result, res) => {
      lookups[result].inc();
      routedAnswers.add(res);
    },
    jobLag: (job, ms) => lag.observe({ job }, Math.max(0, ms) / 1000),
  };
}

/**
 * GET /metrics in Prometheus' text format, for a scraper on this machine (the socket's peer
 * is loopback and no proxy forwarded the request) or one that sends `Authorization: Bearer
 * <METRICS_TOKEN>`. Anyone else gets the app's 404, as for any unknown path (ADR 70).
 */
export function metricsRoute(metrics: Metrics, token: string | undefined): express.RequestHandler {
  return async (req, res, next) => {
    if (!mayScrape(req, token)) return next();
    try {
      const body = await metrics.registry.metrics();
      res
        .set("Content-Type", metrics.registry.contentType)
        .set("Cache-Control", "no-store")
        .send(body);
    } catch (error) {
      next(error);
    }
  };
}

function mayScrape(req: IncomingMessage, token: string | undefined): boolean {
  const local =
    isLoopbackAddress(req.socket.remoteAddress) && req.headers["x-forwarded-for"] === undefined;
  if (local) return true;
  const sent = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!token || !sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}
