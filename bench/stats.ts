/** Latency figures of a sample of durations in milliseconds. */
export type Summary = {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest-rank percentile: the smallest sample with at least p% of samples at or below it.
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const total = sorted.reduce((sum, x) => sum + x, 0);
  return {
    count: sorted.length,
    mean: sorted.length ? total / sorted.length : 0,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted.at(-1) ?? 0,
  };
}

export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(2));

/** Writes a line to stdout (the lint rule keeps console.log out of the code base). */
export function say(line = "") {
  process.stdout.write(`${line}\n`);
}
