import path from "node:path";
import type { ServerBuild } from "react-router";
import { composeServices, serverJobs } from "./compose.server";
import { buildConfig, describeConfig } from "./config.server";
import { startChangeFeed } from "./db/change-feed.server";
import { openDatabase } from "./db/client.server";
import { DataDirLockedError } from "./db/data-dir-lock.server";
import { prepareDatabase } from "./db/prepare.server";
import { DEMO_PASSWORD } from "./db/seed/seed.server";
import { createHttpApp } from "./http/app.server";
import { startJobs } from "./jobs/scheduler.server";
import { createLogger } from "./logger.server";
import { drainable } from "./lifecycle/http-drain.server";
import { createShutdown, onStopSignals } from "./lifecycle/shutdown.server";

/**
 * Start-up: validate configuration, open and migrate the database, build the services once
 * (server/compose.server.ts, ADR 68), add demo data to a fresh database, then serve and run
 * the jobs. `npm start` runs the production build; `npm run dev` runs Vite.
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
  // Public reads are cached in memory; the database says when the data behind them changes.
  const feed = await startChangeFeed(database, { logger });
  const services = composeServices({ config, logger, database, feed, processMetrics: true });
  const seeded = await prepareDatabase(services);

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

  const app = createHttpApp({
    services,
    build,
    before,
    clientDir: config.isProduction ? clientDir : undefined,
  });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    printBanner(`http://localhost:${port}`, seeded);
  });

  const jobs = startJobs(serverJobs(services), logger, { onLag: services.metrics.jobLag });

  const http = drainable(server);
  onStopSignals(
    createShutdown(
      { readiness: services.readiness, http, jobs, changes: feed, database },
      { logger },
    ),
  );
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
