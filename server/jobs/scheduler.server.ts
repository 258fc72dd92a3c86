import type { Logger } from "../logger.server";

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Runs each job on start and then every `everyMs`, never two runs of one job at once.
 * Jobs must be safe on several instances at once (they claim work in the database).
 */
export function startJobs(jobs: Job[], logger: Logger): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run();
      } catch (error) {
        logger.error({ err: error, job: job.name }, "job failed");
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(() => void tick(), job.everyMs);
  });
  return () => timers.forEach(clearInterval);
}
