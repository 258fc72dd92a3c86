import type { Logger } from "../logger.server";

/** What a shutdown stops, in its order. Each is a port: the tests pass fakes. */
export type ShutdownParts = {
  /** Takes the instance out of the balancer's rotation (`/readyz` answers 503). */
  readiness: { stopServing(): void };
  /** Stops accepting connections and finishes the requests in flight. */
  http: { drain(): Promise<void> };
  /** No new job runs; waits for the runs under way, which release what they claimed. */
  jobs: { stop(): Promise<void> };
  changes?: { stop(): Promise<void> };
  database: { close(): Promise<void> };
};

export type ShutdownOptions = {
  logger: Pick<Logger, "info" | "error">;
  /** The hard limit: past it the process exits with 1, whatever is still running. */
  deadlineMs?: number;
  exit?: (code: number) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
};

/**
 * The drain on SIGTERM or SIGINT (ADR 70): out of rotation, no new connections or job runs,
 * requests and runs in flight finish, then the change feed and the database close and the
 * process exits with 0. A step that fails or hangs past the deadline exits with 1. Calling it
 * again (a second signal) changes nothing.
 */
export function createShutdown(parts: ShutdownParts, options: ShutdownOptions) {
  const { logger, deadlineMs = 10_000 } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const setTimer = options.setTimer ?? setTimeout;
  let shuttingDown: Promise<void> | undefined;
  let step = "draining requests and jobs";

  const run = async (signal: string) => {
    setTimer(() => {
      logger.error({ step, deadlineMs }, "shutdown did not finish in time; exiting");
      exit(1);
    }, deadlineMs);
    try {
      parts.readiness.stopServing();
      const draining = Promise.all([parts.http.drain(), parts.jobs.stop()]);
      // Said once no new connection can come (the listening socket closed synchronously).
      logger.info({ signal }, "shutting down: finishing the requests and job runs under way");
      await draining;
      step = "stopping the change feed";
      await parts.changes?.stop();
      step = "closing the database";
      await parts.database.close();
    } catch (error) {
      logger.error({ err: error, step }, "shutdown failed");
      exit(1);
      return;
    }
    logger.info("shut down");
    exit(0);
  };

  return (signal: string): Promise<void> => (shuttingDown ??= run(signal));
}

/** Runs `shutdown` on SIGTERM or SIGINT; a second signal does not cut the first drain short. */
export function onStopSignals(shutdown: (signal: string) => Promise<void>) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => void shutdown(signal));
  }
}
