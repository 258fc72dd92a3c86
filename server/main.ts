import path from "node:path";
import type { ServerBuild } from "react-router";
import { createAuth } from "./auth/auth.server";
import { buildConfig, describeConfig } from "./config.server";
import { startChangeFeed } from "./db/change-feed.server";
import { openDatabase } from "./db/client.server";
import { DataDirLockedError } from "./db/data-dir-lock.server";
import { prepareDatabase } from "./db/prepare.server";
import { DEMO_PASSWORD } from "./db/seed/seed.server";
import { createHttpApp } from "./http/app.server";
import { startJobs } from "./jobs/scheduler.server";
import { refundJob, sessionJobs } from "./jobs/session-jobs.server";
import { createPaymentGateway } from "./payments/create-gateway.server";
import { createLogger } from "./logger.server";
import { releaseExpiredHolds } from "./bookings/holds.server";
import { deliverOutbox } from "./mail/mailer.server";
import { drainable } from "./lifecycle/http-drain.server";
import { createReadiness } from "./lifecycle/readiness.server";
import { createShutdown, onStopSignals } from "./lifecycle/shutdown.server";
import { createMetrics } from "./metrics/metrics.server";

/**
 * Start-up: validate configuration, open and migrate the database, add demo data to a fresh
 * database, then serve. `npm start` runs the production build; `npm run dev` runs Vite.
 */
const config = buildConfig();
const logger = createLogger({
  level: config.logLevel,
  pretty: !config.isProduction || Boolean(process.stdout.isTTY),
});

async function main() {
  logger.info(describeConfig(config), "starting");
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
  });
  const seeded = await prepareDatabase(database, config);
  // Public reads are cached in memory; the database says when the data behind them changes.
  const changes = await startChangeFeed(database, { logger });

  const clientDir = path.resolve("build/client");
  let build: ServerBuild | (() => Promise<ServerBuild>);
  const before = [];
  if (config.isProduction) {
    build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  } else {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true } }),
    );
    before.push(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  }

  // One payment provider for the requests and the refund job (Razorpay, or the test provider).
  const payments = createPaymentGateway(config);
  const metrics = createMetrics({ database, processMetrics: true });
  const readiness = createReadiness({ database, changes });
  const app = createHttpApp({
    config,
    payments,
    auth: createAuth(database.db, config, logger),
    database,
    logger,
    build,
    before,
    clientDir: config.isProduction ? clientDir : undefined,
    changes,
    metrics,
    readiness,
  });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    printBanner(`http://localhost:${port}`, seeded);
  });

  const jobs = startJobs(
    [
      {
        name: "deliver-outbox",
        everyMs: 5_000,
        run: (signal) => deliverOutbox(database.db, config, logger, undefined, signal),
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
    { onLag: metrics.jobLag },
  );

  const http = drainable(server);
  onStopSignals(createShutdown({ readiness, http, jobs, changes, database }, { logger }));
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

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`\n  ${error.message}\n\n`);
    process.exit(1);
  }
  logger.fatal({ err: error }, "failed to start");
  process.exit(1);
});
