import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type express from "express";
import type { Logger } from "../logger.server";

/** What `requestLog` leaves on every request: its id and a logger that carries it. */
export type RequestLocals = { requestId: string; log: Logger };

// Static files and health probes would drown the useful lines.
const QUIET = /^\/(assets|uploads|favicon|healthz)/;

/**
 * Gives each request an id (the `X-Request-Id` header, and the reference on the error page)
 * and writes one line when the response is finished. Cheap on purpose: one listener, no
 * serializers, and the per-request child logger is only made when code asks for it.
 */
export function requestLog(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = randomUUID();
    res.setHeader("X-Request-Id", id);
    let child: Logger | undefined;
    const locals = res.locals as RequestLocals;
    locals.requestId = id;
    Object.defineProperty(locals, "log", {
      get: () => (child ??= logger.child({ req: { id } })),
    });
    if (!QUIET.test(req.url)) {
      res.once("finish", () =>
        logCompleted(logger, { id, method: req.method, url: req.originalUrl, started }, res),
      );
    }
    next();
  };
}

/**
 * How loud a finished request's line is: error for a fault (5xx), warn for a refusal (4xx, and
 * a 503, which the server gives on purpose when it is busy, so a flood does not bury real
 * errors; ADR 62), info otherwise.
 */
export function logLevelOf(status: number): "error" | "warn" | "info" {
  if (status >= 500 && status !== 503) return "error";
  return status >= 400 ? "warn" : "info";
}

/** The one line a finished request leaves, at `logLevelOf` its status. */
export function logCompleted(
  logger: Logger,
  request: { id: string; method: string | undefined; url: string | undefined; started: bigint },
  res: ServerResponse,
) {
  const status = res.statusCode;
  const level = logLevelOf(status);
  if (!logger.isLevelEnabled(level)) return;
  const ms = Number(process.hrtime.bigint() - request.started) / 1e6;
  logger[level](
    {
      req: {
        id: request.id,
        method: request.method,
        url: request.url && withoutNotes(request.url),
      },
      res: { statusCode: status },
      responseTime: Math.round(ms * 10) / 10,
    },
    "request completed",
  );
}

/**
 * A URL as logged: a booking's notes, which a plain form sends before the page's scripts run
 * (ADR 85), are private text, and a webhook's secret token (MSG91's, ADR 95) is a secret:
 * neither is ever written to the log.
 */
export function withoutNotes(url: string): string {
  return url.includes("additionalInfo=") || url.includes("token=")
    ? url.replace(/([?&](?:additionalInfo|token)=)[^&#]*/g, "$1[not logged]")
    : url;
}
