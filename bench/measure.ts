import { type ProcessUsage, sampleProcess, waitUntilIdle } from "./process-sampler";
import { say } from "./stats";
import { runWrk, type WrkResult } from "./wrk";

/**
 * One measurement: a warm-up (every URL of the list asked once, then a short wrk run), then
 * wrk for a fixed time with a fixed number of connections while the server process's CPU and
 * memory are sampled.
 */
export type Measurement = WrkResult & ProcessUsage;

export type MeasureOptions = {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Every request a new URL: what a page costs when it must be rendered. */
  unique?: boolean;
};

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
export const CONNECTIONS = [10, 50] as const;

export async function measure(
  baseUrl: string,
  pid: number,
  paths: readonly string[],
  { connections, seconds, warmupSeconds, unique }: MeasureOptions,
): Promise<Measurement> {
  await waitUntilIdle(pid);
  await warmUp(baseUrl, paths, { connections, seconds: warmupSeconds, unique });
  await waitUntilIdle(pid);
  const stop = sampleProcess(pid);
  const result = await runWrk(baseUrl, paths, { connections, seconds, unique });
  const usage = stop();
  say(
    `    ${String(connections).padStart(2)} in flight: ${result.perSecond.toFixed(0).padStart(6)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors, CPU ${usage.cpuPercent.toFixed(0)}%, RSS ${usage.maxRssMb.toFixed(0)} MB`,
  );
  return { ...result, ...usage };
}

/**
 * Brings the server to its steady state for `paths`: each URL asked once (a long list, such as
 * the 1,984 slot URLs, would otherwise be measured on its first pass), then wrk for `seconds`.
 * With `unique` every measured URL is new anyway, so only the wrk run happens.
 */
export async function warmUp(
  baseUrl: string,
  paths: readonly string[],
  { connections, seconds, unique }: { connections: number; seconds: number; unique?: boolean },
) {
  if (!unique) {
    const queue = [...new Set(paths)];
    const worker = async () => {
      for (let next = queue.pop(); next !== undefined; next = queue.pop())
        await (await fetch(new URL(next, baseUrl))).arrayBuffer();
    };
    await Promise.all(Array.from({ length: connections }, worker));
  }
  if (seconds > 0) await runWrk(baseUrl, paths, { connections, seconds, unique });
}
