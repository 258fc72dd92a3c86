import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type express from "express";
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  type Metric,
  Registry,
} from "prom-client";
import type { Database } from "../db/client.server";
import { isLoopbackAddress } from "../security/loopback";
import { RequestDurations } from "./request-durations";

export type Metrics = {
  registry: Registry;
  /**
   * Records a request answered now, begun at `started` (process.hrtime), under the id of the
   * React Router route that answered it (rendered, or a kept answer of one of its routes), or
   * null for what the server answers itself (static files, health, refusals before the app),
   * counted under "(server)".
   */
  answered(method: string | undefined, status: number, started: bigint, route: string | null): void;
  /** A public read of a route, found in memory (hit) or not (miss, rendered). */
  cacheLookup(result: "hit" | "miss"): void;
  /** How long after its due time a job's run began. */
  jobLag(job: string, ms: number): void;
};

const SERVER_ROUTE = "(server)";

/**
 * The app's metrics in a registry of its own (never prom-client's global one), so two apps in
 * one process (the tests) keep separate counts. `processMetrics` adds Node's own (memory, CPU,
 * event-loop delay): the production server asks for them once. What every request touches
 * (its duration, the cache's lookups) is counted in plain numbers and read at scrape time.
 */
export function createMetrics(
  options: {
    database?: Pick<Database, "connections" | "kind">;
    processMetrics?: boolean;
  } = {},
): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new RequestDurations([
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]);
  registry.registerMetric(requests as unknown as Metric);
  const lookups = { hit: 0, miss: 0 };
  new Counter({
    name: "public_cache_lookups_total",
    help: "Visitors' public reads answered from memory (hit) or rendered (miss)",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      this.reset();
      for (const result of ["hit", "miss"] as const) this.inc({ result }, lookups[result]);
    },
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

  return {
    registry,
    answered: (method, status, started, route) =>
      requests.observe(
        route ?? SERVER_ROUTE,
        method,
        status,
        Number(process.hrtime.bigint() - started) / 1e9,
      ),
    cacheLookup: (result) => void (lookups[result] += 1),
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
