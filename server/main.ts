import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { composeServices, serverJobs } from "./compose.server";
import { buildConfig, type Config, describeConfig } from "./config.server";
import { startChangeFeed } from "./db/change-feed.server";
import { openDatabase } from "./db/client.server";
import { DataDirLockedError } from "./db/data-dir-lock.server";
import { prepareDatabase } from "./prepare.server";
import { DEMO_PASSWORD } from "./seed/seed.server";
import { createHttpApp } from "./http/app.server";
import { startJobs } from "./jobs/scheduler.server";
import { createLogger, type Logger } from "./logger.server";
import { drainable } from "./lifecycle/http-drain.server";
import { createShutdown, onStopSignals } from "./lifecycle/shutdown.server";

export type ServerOptions = {
  /** The React Router build, or a getter (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The built browser files to serve (production; in development Vite serves them). */
  clientDir?: string;
  /** Middleware before the app (Vite's dev server in development). */
  before?: RequestHandler[];
};

/**
 * Start-up: validate configuration, open the database, start the change feed, build the
 * services once (server/compose.server.ts, ADR 68), migrate and add demo data to a fresh
 * database, then serve and run the jobs. server/entry.ts calls it with the production build,
 * scripts/dev.mjs with Vite's.
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
    migrationUrl: config.migrationDatabaseUrl,
    dataDir: path.join(config.dataDir, "db"),
  });
  // Public reads are cached in memory; the database says when the data behind them changes.
  const feed = await startChangeFeed(database, { logger });
  const services = composeServices({ config, logger, database, feed, processMetrics: true });
  const seeded = await prepareDatabase(services);
  // Start-up pays for holding the directory and its search index, not the first visitors
  // (ADR 79); a failed load is left to the first reads, which the database answers meanwhile.
  await services.directory
    .warm(config.discoveryAdvisorId)
    .catch((err: unknown) =>
      logger.warn({ err }, "the advisor directory was not held at start-up"),
    );
  // After the migrations, so a fresh database's owner is known.
  const risk = await database.appRoleRisk();
  if (risk)
    logger.warn(
      `the app's database role ${risk}, so it could change the append-only ledger and audit log: connect as a role that owns nothing and set MIGRATION_DATABASE_URL to the owner (docs/deploy.md)`,
    );

  const app = createHttpApp({
    services,
    build,
    before,
    clientDir,
  });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    printBanner(`http://localhost:${port}`, seeded);
  });

  const jobs = startJobs(serverJobs(services), logger, { onLag: services.metrics.jobLag });

  const drain = drainable(server);
  // Open event streams never finish on their own: ended first, their browsers reconnect elsewhere.
  const http = {
    drain: () => {
      services.messageFeed.closeStreams();
      return drain.drain();
    },
  };
  // Work a request started without waiting for it (telling Google of a disconnect, a refresh
  // after a notification) finishes like a job run, before the database closes.
  const background = {
    stop: async () => {
      await jobs.stop();
      await services.ownCalendars?.idle();
      await services.messageFeed.stop();
    },
  };
  onStopSignals(
    createShutdown(
      { readiness: services.readiness, http, jobs: background, changes: feed, database },
      { logger },
    ),
  );
}

function printBanner(
  url: string,
  seeded: { logins: { role: string; email: string; totpSecret?: string }[] } | null,
) {
  const lines = [`\n  BeenThere is running at ${url}\n`];
  if (seeded && seeded.logins.length > 0) {
    lines.push(`  Demo log-ins (password for all: ${DEMO_PASSWORD})`);
    for (const login of seeded.logins) {
      const key = login.totpSecret ? `  (authenticator key ${login.totpSecret})` : "";
      lines.push(`    ${login.role.padEnd(26)} ${login.email}${key}`);
    }
    lines.push("");
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}
