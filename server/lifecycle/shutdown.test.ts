import { describe, expect, it } from "vitest";
import { createShutdown, type ShutdownParts } from "./shutdown.server";

/* The shutdown's order, exit codes and deadline, with fakes for everything it stops. */

/** A step the test finishes (or fails) by hand, recording when it began. */
function step(name: string, log: string[]) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    start: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

function fixture() {
  const log: string[] = [];
  const http = step("http", log);
  const jobs = step("jobs", log);
  const changes = step("changes", log);
  const database = step("database", log);
  const exits: number[] = [];
  const errors: unknown[] = [];
  let deadline: (() => void) | undefined;
  let deadlineMs: number | undefined;
  const parts: ShutdownParts = {
    readiness: { stopServing: () => void log.push("readiness") },
    http: { drain: http.start },
    jobs: { stop: jobs.start },
    changes: { stop: changes.start },
    database: { close: database.start },
  };
  const shutdown = createShutdown(parts, {
    logger: { info: () => {}, error: (...args: unknown[]) => void errors.push(args[0]) },
    exit: (code) => void exits.push(code),
    setTimer: (run, ms) => {
      deadline = run;
      deadlineMs = ms;
    },
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    log,
    exits,
    errors,
    shutdown,
    settle,
    steps: { http, jobs, changes, database },
    fireDeadline: () => deadline!(),
    deadlineMs: () => deadlineMs,
  };
}

describe("the shutdown", () => {
  it("leaves rotation, drains requests and jobs together, then closes the feed and the database, and exits 0", async () => {
    const f = fixture();
    const done = f.shutdown("SIGTERM");
    await f.settle();
    expect(f.log).toEqual(["readiness", "http", "jobs"]);

    f.steps.http.finish();
    await f.settle();
    expect(f.log).toEqual(["readiness", "http", "jobs"]); // still waiting for the job's run
    f.steps.jobs.finish();
    await f.settle();
    expect(f.log).toEqual(["readiness", "http", "jobs", "changes"]);
    f.steps.changes.finish();
    await f.settle();
    expect(f.log.at(-1)).toBe("database");
    expect(f.exits).toEqual([]);
    f.steps.database.finish();
    await done;
    expect(f.exits).toEqual([0]);
    expect(f.deadlineMs()).toBe(10_000);
  });

  it("exits 1 at the deadline when draining hangs, naming the step", async () => {
    const f = fixture();
    void f.shutdown("SIGTERM");
    await f.settle();
    f.steps.http.finish(); // the job's run never finishes
    await f.settle();
    f.fireDeadline();
    expect(f.exits).toEqual([1]);
    expect(f.errors).toEqual([{ step: "draining requests and jobs", deadlineMs: 10_000 }]);
  });

  it("exits 1 when a step fails", async () => {
    const f = fixture();
    const done = f.shutdown("SIGINT");
    f.steps.http.finish();
    f.steps.jobs.finish();
    f.steps.changes.finish();
    await f.settle();
    f.steps.database.fail(new Error("connection lost"));
    await done;
    expect(f.exits).toEqual([1]);
    expect(f.errors).toEqual([
      expect.objectContaining({ step: "closing the database", err: new Error("connection lost") }),
    ]);
  });

  it("runs once, however many signals come", async () => {
    const f = fixture();
    const first = f.shutdown("SIGTERM");
    const second = f.shutdown("SIGINT");
    expect(second).toBe(first);
    await f.settle();
    expect(f.log).toEqual(["readiness", "http", "jobs"]);
  });
});
