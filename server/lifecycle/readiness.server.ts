import type express from "express";
import type { Database } from "../db/client.server";

type Check = "database" | "migrations" | "changeFeed" | "serving";

export type ReadinessReport = {
  status: "ready" | "not ready";
  checks: Record<Check, boolean>;
  /** The checks that failed, for whoever reads the 503. */
  failing: Check[];
};

export type Readiness = {
  check(): Promise<ReadinessReport>;
  /** At shutdown: not ready from now on, so the balancer stops sending requests (ADR 70). */
  stopServing(): void;
};

/**
 * Whether this instance should get traffic: the database answers, every migration of this
 * build is applied, the change feed listens (without it visitors' reads all render) and it
 * is not shutting down. Liveness (`/healthz`) is a separate, weaker question.
 */
export function createReadiness(parts: {
  database: Pick<Database, "ping" | "migrated">;
  changes?: { readonly listening: boolean };
}): Readiness {
  let serving = true;
  return {
    async check() {
      const database = await parts.database.ping();
      const checks: Record<Check, boolean> = {
        database,
        migrations: database && (await parts.database.migrated()),
        changeFeed: parts.changes?.listening ?? false,
        serving,
      };
      const failing = (Object.keys(checks) as Check[]).filter((c) => !checks[c]);
      return { status: failing.length === 0 ? "ready" : "not ready", checks, failing };
    },
    stopServing() {
      serving = false;
    },
  };
}

/** GET /readyz: 200 when ready, else 503; the body lists every check and the failing ones. */
export function readinessRoute(readiness: Readiness): express.RequestHandler {
  return async (_req, res, next) => {
    try {
      const report = await readiness.check();
      res
        .status(report.status === "ready" ? 200 : 503)
        .set("Cache-Control", "no-store")
        .json(report);
    } catch (error) {
      next(error);
    }
  };
}
