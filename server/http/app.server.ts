import { randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { AppContext } from "../../app/load-context";
import type { Auth } from "../auth/auth.server";
import { type Config, publicConfig } from "../config.server";
import type { Database } from "../db/client.server";
import type { Logger } from "../logger.server";
import { csrfGuard } from "./csrf.server";
import { isLoopbackAddress } from "./loopback";
import { type SecurityLocals, securityHeaders } from "./security-headers.server";
import { createPaymentGateway } from "../payments/create-gateway.server";
import type { PaymentGateway } from "../payments/gateway.server";

type Options = {
  config: Config;
  auth: Auth;
  database: Database;
  logger: Logger;
  /** The React Router server build, or a getter (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Extra middleware mounted before the app (Vite's dev server in development). */
  before?: express.RequestHandler[];
  clientDir?: string;
  /** The payment provider; by default chosen from the configuration (Razorpay or test). */
  payments?: PaymentGateway;
};

/**
 * The HTTP server: security headers, request ids and logging, the cross-site request check,
 * health, static files, then the React Router app.
 */
export function createHttpApp({
  config,
  auth,
  database,
  logger,
  build,
  before = [],
  clientDir,
  payments = createPaymentGateway(config),
}: Options) {
  const app = express();
  app.disable("x-powered-by");
  // Client addresses feed the rate limits: trust only the configured proxies, never any caller.
  app.set("trust proxy", config.trustProxyHops);
  app.use(securityHeaders(config));
  app.use(compression());

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Static files and health probes would drown the useful lines.
      autoLogging: { ignore: (req) => /^\/(assets|uploads|favicon|healthz)/.test(req.url ?? "") },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );

  app.use(csrfGuard(config));

  app.get("/healthz", async (_req, res) => {
    const up = await database.ping();
    res.status(up ? 200 : 503).json({ status: up ? "ok" : "unavailable", database: up });
  });

  for (const middleware of before) app.use(middleware);
  if (clientDir) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }
  app.use("/uploads", express.static(config.storage.dir, { maxAge: "1d", index: false }));

  const exposed = publicConfig(config);
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: config.isProduction ? "production" : "development",
      getLoadContext: (req, res): AppContext => ({
        db: database.db,
        auth,
        config,
        publicConfig: exposed,
        logger: req.log,
        requestId: String(req.id),
        clientIp: req.ip ?? "unknown",
        peerIsLoopback: isLoopbackAddress(req.socket.remoteAddress),
        cspNonce: (res.locals as SecurityLocals).cspNonce,
        payments,
      }),
    }),
  );
  return app;
}
