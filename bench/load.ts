import { performance } from "node:perf_hooks";
import { say, summarize, type Summary } from "./stats";

export type LoadResult = {
  latency: Summary;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
};

/**
 * Fires `urls` (cycled) `total` times with `concurrency` requests in flight, reading each
 * body. Bounded: every request times out after 10 s and no new one starts after `budgetMs`.
 */
export async function load(
  urls: readonly string[],
  options: { total: number; concurrency: number; budgetMs: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const stopAt = started + options.budgetMs;
  const worker = async () => {
    while (next < options.total && performance.now() < stopAt) {
      const url = urls[next++ % urls.length]!;
      const t = performance.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const result = {
    latency: summarize(latencies),
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
  };
  say(`  ${result.requests} requests in ${seconds.toFixed(1)} s, ${errors} errors`);
  return result;
}
