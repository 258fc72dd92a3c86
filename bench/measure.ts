import { type ProcessUsage, sampleProcess, waitUntilIdle } from "./process-sampler";
import { say } from "./stats";
import { runWrk, type WrkLoad, type WrkResult } from "./wrk";

/**
 * One measurement: a warm-up (every URL of the list asked once, then a short wrk run), then
 * wrk for a fixed time with a fixed number of connections while the server process's CPU and
 * memory are sampled.
 */
export type Measurement = WrkResult & ProcessUsage;

/** What wrk asks for in a run of so many seconds (a never-asked row's URLs are new each run). */
export type LoadFor = (seconds: number) => WrkLoad;

export type MeasureOptions = {
  connections: number;
  seconds: number;
  warmupSeconds: number;
};

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
export const CONNECTIONS = [10, 50] as const;
/** Runs per build and figure of the read paths; the best counts (bench/read-path-bench.ts). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Sections and rows left out (BENCH_SKIP, comma-separated; see bench/run.ts). */
export const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
/** Only the read paths whose name holds one of these (BENCH_ONLY, comma-separated). */
export const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);

export async function measure(
  baseUrl: string,
  pid: number,
  loadFor: LoadFor,
  { connections, seconds, warmupSeconds }: MeasureOptions,
): Promise<Measurement> {
  await waitUntilIdle(pid);
  await warmUp(baseUrl, loadFor, { connections, seconds: warmupSeconds });
  const load = loadFor(seconds);
  await waitUntilIdle(pid);
  const stop = sampleProcess(pid);
  const result = await runWrk(baseUrl, load, { connections, seconds });
  const usage = stop();
  say(
    `    ${String(connections).padStart(2)} in flight: ${result.perSecond.toFixed(0).padStart(6)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors, CPU ${usage.cpuPercent.toFixed(0)}%, RSS ${usage.maxRssMb.toFixed(0)} MB`,
  );
  return { ...result, ...usage };
}

/**
 * Brings the server to its steady state for a load: each URL asked once (a long list, such as
 * the 1,984 slot URLs, would otherwise be measured on its first pass), then wrk for `seconds`.
 * When every measured URL is new anyway, only the wrk run happens, on URLs of its own.
 */
export async function warmUp(
  baseUrl: string,
  loadFor: LoadFor,
  { connections, seconds }: { connections: number; seconds: number },
) {
  const load = loadFor(seconds);
  if (load.variation === "repeat") {
    const queue = [...new Set(load.paths)];
    const worker = async () => {
      for (let next = queue.pop(); next !== undefined; next = queue.pop())
        await (await fetch(new URL(next, baseUrl))).arrayBuffer();
    };
    await Promise.all(Array.from({ length: connections }, worker));
  }
  if (seconds > 0) await runWrk(baseUrl, load, { connections, seconds });
}
