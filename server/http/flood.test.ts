import { randomBytes } from "node:crypto";
import http from "node:http";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../../tests/support/app-process";

/*
 * A flood of never-asked searches against the built app in a process of its own, with its
 * demo data: renders are bounded (server/http/render-gate.server.ts), so every request gets
 * a page or a fast "busy" 503, and the health check stays fast throughout. The per-client
 * limit is scaled up, as for the browser tests: all of this comes from one address.
 */
const FLOOD = 500;
let app: AppProcess;

/**
 * Polls /healthz every 10 ms, says "ready" after the first answer, and when told to stop
 * sends back how long each answer took (Infinity for a failure). On a thread of its own, so
 * the 500 answers this test reads do not delay the timings.
 */
const HEALTH_POLLER = `
const { parentPort, workerData: url } = require("node:worker_threads");
let polling = true;
parentPort.once("message", () => (polling = false));
(async () => {
  const took = [];
  while (polling) {
    const started = performance.now();
    const ok = await fetch(url).then((res) => res.ok, () => false);
    took.push(ok ? performance.now() - started : Infinity);
    if (took.length === 1) parentPort.postMessage("ready");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(took);
})();
`;

/** One GET on a connection of its own, all of them sent at once (no client-side pool). */
const get = (url: string) =>
  new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode!, retryAfter: res.headers["retry-after"] }),
        );
      })
      .on("error", reject);
  });

beforeAll(async () => {
  app = await startAppProcess({ RATE_LIMIT_SCALE: "100" });
}, 120_000);
afterAll(() => app?.stop());

describe("a flood of new searches", () => {
  it("gets 200 or 503 with Retry-After for every request, while /healthz answers within 1 s", async () => {
    const base = `http://127.0.0.1:${app.port}`;
    const poller = new Worker(HEALTH_POLLER, { eval: true, workerData: `${base}/healthz` });
    await new Promise((resolve) => poller.once("message", resolve));
    const health = new Promise<number[]>((resolve) => poller.once("message", resolve));

    const tag = randomBytes(4).toString("hex");
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, (_, i) => get(`${base}/advisors?search=${tag}-${i}`)),
    );
    poller.postMessage("stop");
    const took = await health;
    await poller.terminate();

    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && a.retryAfter !== "5")).toEqual([]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    // The first answer came before the flood; others while it lasted.
    expect(took.length).toBeGreaterThan(2);
    expect(Math.max(...took)).toBeLessThan(1000);
  }, 120_000);
});
