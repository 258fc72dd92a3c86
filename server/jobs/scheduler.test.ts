import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startJobs } from "./scheduler.server";

/* The scheduler on a fake clock: runs, lag, overruns and stopping, without waiting. */
const logger = pino({ level: "silent" });
const now = () => Date.now();

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-24T09:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run the test finishes by hand. */
function manualRuns() {
  const finishers: (() => void)[] = [];
  const signals: AbortSignal[] = [];
  const run = (signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<void>((resolve) => finishers.push(resolve));
  };
  return { run, finishers, signals };
}

describe("the job scheduler", () => {
  it("runs a job on start and then every interval, each on time", async () => {
    const lags: [string, number][] = [];
    let runs = 0;
    const jobs = startJobs(
      [{ name: "tick", everyMs: 1000, run: async () => void runs++ }],
      logger,
      { now, onLag: (job, ms) => lags.push([job, ms]) },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(3);
    expect(lags).toEqual([
      ["tick", 0],
      ["tick", 0],
      ["tick", 0],
    ]);
    await jobs.stop();
  });

  it("collapses the ticks an overrunning run missed into one run at once, and reports its lag", async () => {
    const lags: number[] = [];
    const { run, finishers } = manualRuns();
    const jobs = startJobs([{ name: "slow", everyMs: 1000, run }], logger, {
      now,
      onLag: (_job, ms) => lags.push(ms),
    });
    await vi.advanceTimersByTimeAsync(2500); // the first run takes 2.5 intervals
    expect(finishers).toHaveLength(1);
    finishers[0]!();
    await vi.advanceTimersByTimeAsync(0);
    // Due at 1000 (the first tick after it began), started at 2500; the 2000 tick is merged.
    expect(finishers).toHaveLength(2);
    expect(lags).toEqual([0, 1500]);
    finishers[1]!();
    await vi.advanceTimersByTimeAsync(500);
    expect(lags).toEqual([0, 1500, 0]); // back on the grid: due and run at 3000
    finishers[2]!();
    await jobs.stop();
  });

  it("keeps running a job whose run failed", async () => {
    let runs = 0;
    const jobs = startJobs(
      [
        {
          name: "flaky",
          everyMs: 1000,
          run: async () => {
            runs++;
            throw new Error("database away");
          },
        },
      ],
      logger,
      { now },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    await jobs.stop();
  });

  it("stops: aborts the run under way, waits for it to finish and starts no other", async () => {
    const { run, finishers, signals } = manualRuns();
    let otherRuns = 0;
    const jobs = startJobs(
      [
        { name: "busy", everyMs: 1000, run },
        { name: "idle", everyMs: 1000, run: async () => void otherRuns++ },
      ],
      logger,
      { now },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(signals).toHaveLength(1);

    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    expect(signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false); // the busy run is still finishing its item
    finishers[0]!();
    await stopping;
    expect(stopped).toBe(true);
    expect(signals).toHaveLength(1);
    expect(otherRuns).toBe(1);
  });
});
