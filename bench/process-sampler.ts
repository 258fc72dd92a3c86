import { readFileSync } from "node:fs";

/**
 * CPU and memory of one process (Linux /proc): CPU time (utime + stime) over the sampling
 * window as a percentage of one core, and the largest resident set seen.
 */
export type ProcessUsage = { cpuPercent: number; maxRssMb: number };

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux architecture Node runs on

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Starts sampling `pid`; the returned function stops and reports. */
export function sampleProcess(pid: number, everyMs = 200): () => ProcessUsage {
  const startTicks = cpuTicks(pid);
  const started = performance.now();
  let maxRss = rssMb(pid);
  const timer = setInterval(() => {
    try {
      maxRss = Math.max(maxRss, rssMb(pid));
    } catch {
      // the process ended; the last figures stand
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    let ticks = startTicks;
    try {
      ticks = cpuTicks(pid);
      maxRss = Math.max(maxRss, rssMb(pid));
    } catch {
      // as above
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      cpuPercent: ((ticks - startTicks) / TICKS_PER_SECOND / seconds) * 100,
      maxRssMb: maxRss,
    };
  };
}

/**
 * Waits until `pid` uses less than `belowPercent` of a core over a quarter second (at most
 * `maxMs`): after wrk stops, the server still works through the requests it had accepted,
 * which would otherwise count against the next measurement.
 */
export async function waitUntilIdle(pid: number, belowPercent = 10, maxMs = 20_000) {
  const deadline = performance.now() + maxMs;
  while (performance.now() < deadline) {
    const stop = sampleProcess(pid, 1000);
    await new Promise((r) => setTimeout(r, 250));
    if (stop().cpuPercent < belowPercent) return;
  }
}
