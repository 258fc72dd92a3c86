import { describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/app-process";
import { listenPostgres, type Timers } from "./listener.server";

/*
 * Reconnecting to a server that is not there (a port nobody listens on): the waits between
 * attempts, read off injected timers, double up to the maximum. The heartbeat itself is
 * tested against a real server in server/advisors/stale-feed.test.ts.
 */
describe("the listening connection's reconnects", () => {
  it("wait longer after each failed attempt, up to the maximum, and stop when told", async () => {
    const url = `postgres://nobody@127.0.0.1:${await freePort()}/none`;
    const waits: number[] = [];
    const cleared: unknown[] = [];
    let due: (() => void) | null = null;
    let scheduled = () => {};
    const timers: Timers = {
      setTimeout(run, ms) {
        waits.push(ms);
        due = run;
        scheduled();
        return waits.length;
      },
      clearTimeout: (handle) => cleared.push(handle),
    };
    const states: boolean[] = [];
    const stop = await listenPostgres(
      url,
      "public_change",
      { onNotify() {}, onState: (listening) => states.push(listening) },
      { reconnectMs: 100, maxReconnectMs: 1000, timers },
    );
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const run: () => void = due!;
      due = null;
      // The failed attempt schedules the next one: awaited, not polled for.
      const next = new Promise<void>((resolve) => (scheduled = resolve));
      run();
      await next;
    }
    expect(waits).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(states).toEqual([false, false, false, false, false, false]);
    expect(cleared).not.toContain(waits.length);
    await stop();
    expect(cleared).toContain(waits.length); // the retry that was due is cancelled
  });
});
