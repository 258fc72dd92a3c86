import type { Logger } from "../logger.server";

export type Job = {
  name: string;
  everyMs: number;
  /** `signal` aborts at shutdown: a run stops at its next safe point and releases its claims. */
  run: (signal: AbortSignal) => Promise<unknown>;
};

export type Jobs = {
  /** No new runs; resolves once the runs under way have finished (ADR 70). */
  stop(): Promise<void>;
};

/**
 * Runs each job on start and then every `everyMs`, never two runs of one job at once: ticks
 * missed while a run overran collapse into one run at once. `onLag` hears, per run, how long
 * after its due time it began. Jobs must be safe on several instances at once (they claim
 * work in the database, see docs/deploy.md).
 */
export function startJobs(
  jobs: Job[],
  logger: Logger,
  { onLag, now = Date.now }: { onLag?: (job: string, ms: number) => void; now?: () => number } = {},
): Jobs {
  const shutdown = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (job: Job, origin: number, dueAt: number) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        const run = runOnce(job, origin, dueAt);
        running.add(run);
        void run.finally(() => running.delete(run));
      },
      Math.max(0, dueAt - now()),
    );
    timers.add(timer);
  };

  const runOnce = async (job: Job, origin: number, dueAt: number) => {
    const startedAt = now();
    onLag?.(job.name, startedAt - dueAt);
    try {
      await job.run(shutdown.signal);
    } catch (error) {
      logger.error({ err: error, job: job.name }, "job failed");
    }
    if (shutdown.signal.aborted) return;
    // The next tick of the job's grid after this run began.
    schedule(
      job,
      origin,
      origin + (Math.floor((startedAt - origin) / job.everyMs) + 1) * job.everyMs,
    );
  };

  const start = now();
  for (const job of jobs) schedule(job, start, start);

  return {
    async stop() {
      shutdown.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
