import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createAuth } from "./auth/auth.server";
import { buildConfig, type Config, describeConfig } from "./config.server";
import { startChangeFeed } from "./db/change-feed.server";
import { openDatabase } from "./db/client.server";
import { DataDirLockedError } from "./db/data-dir-lock.server";
import { DEMO_PASSWORD, seedIfEmpty } from "./db/seed/seed.server";
import { createHttpApp } from "./http/app.server";
import { startJobs } from "./jobs/scheduler.server";
import { refundJob, sessionJobs } from "./jobs/session-jobs.server";
import { createPaymentGateway } from "./payments/create-gateway.server";
import { createLogger, type Logger } from "./logger.server";
import { releaseExpiredHolds } from "./bookings/holds.server";
import { deliverOutbox } from "./mail/mailer.server";

export type ServerOptions = {
  /** The React Router build, or a getter (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The built browser files to serve (production; in development Vite serves them). */
  clientDir?: string;
  /** Middleware before the app (Vite's dev server in development). */
  before?: RequestHandler[];
};

/**
 * Start-up: validate configuration, open and migrate the database, add demo data to a fresh
 * database, then serve. server/entry.ts calls it with the production build, scripts/dev.mjs
 * with Vite's.
 */
export function startServer(options: ServerOptions): Promise<void> {
  const config = buildConfig();
  const logger = createLogger({
    level: config.logLevel,
    pretty: !config.isProduction || Boolean(process.stdout.isTTY),
  });
  return main(config, logger, options).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`\n  ${error.message}\n\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, "failed to start");
    process.exit(1);
  });
}

async function main(
  config: Config,
  logger: Logger,
  { build, clientDir, before = [] }: ServerOptions,
) {
  logger.info(describeConfig(config), "starting");
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
  });
  await database.migrate();
  // Public reads are cached in memory; the database says when the data behind them changes.
  const changes = await startChangeFeed(database, { logger });
  const seeded = config.seed ? await seedIfEmpty(database.db, config) : null;

  // One payment provider for the requests and the refund job (Razorpay, or the test provider).
  const payments = createPaymentGateway(config);
  const app = createHttpApp({
    config,
    payments,
    auth: createAuth(database.db, config, logger),
    database,
    logger,
    build,
    before,
    clientDir,
    changes,
  });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    printBanner(`http://localhost:${port}`, seeded);
  });

  const stopJobs = startJobs(
    [
      {
        name: "deliver-outbox",
        everyMs: 5_000,
        run: () => deliverOutbox(database.db, config, logger),
      },
      {
        // Lapsed payment holds free their time (bookings also release them before writing).
        name: "release-expired-holds",
        everyMs: 60_000,
        run: () => releaseExpiredHolds(database.db, new Date()),
      },
      ...sessionJobs(database.db, config),
      refundJob(database.db, config, logger, payments),
    ],
    logger,
  );

  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    stopJobs();
    server.close();
    await changes.stop();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

function printBanner(url: string, seeded: { logins: { role: string; email: string }[] } | null) {
  const lines = [`\n  BeenThere is running at ${url}\n`];
  if (seeded && seeded.logins.length > 0) {
    lines.push(`  Demo log-ins (password for all: ${DEMO_PASSWORD})`);
    for (const login of seeded.logins) lines.push(`    ${login.role.padEnd(26)} ${login.email}`);
    lines.push("");
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}
