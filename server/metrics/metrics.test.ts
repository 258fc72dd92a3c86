import type express from "express";
import { describe, expect, it } from "vitest";
import { createMetrics, metricsRoute } from "./metrics.server";

/* The registry per app, job lag, and who may read /metrics (over HTTP: operations.test.ts). */
const TOKEN = "a-scraper-token-of-thirty-two-characters";

/** Runs the /metrics handler for a peer; the status and body, or "next" (the app's 404). */
async function scrape(peer: string, headers: Record<string, string>, token?: string) {
  const metrics = createMetrics();
  metrics.jobLag("deliver-outbox", 1500);
  let answer: { status: number; body: string } | "next" = "next";
  const res = {
    set: () => res,
    send: (body: string) => void (answer = { status: 200, body }),
  };
  await metricsRoute(metrics, token)(
    { socket: { remoteAddress: peer }, headers } as unknown as express.Request,
    res as unknown as express.Response,
    () => {},
  );
  return answer;
}

describe("the metrics", () => {
  it("keep a registry per app: two apps in one process count separately", async () => {
    const one = createMetrics();
    const two = createMetrics();
    one.jobLag("send-refunds", 250);
    expect(await one.registry.metrics()).toContain('job_lag_seconds_sum{job="send-refunds"} 0.25');
    expect(await two.registry.metrics()).not.toContain('job="send-refunds"');
  });

  it("give request durations as a Prometheus histogram: cumulative buckets, sum and count", async () => {
    const metrics = createMetrics();
    const ago = (ms: number) => process.hrtime.bigint() - BigInt(ms * 1e6);
    metrics.answered("GET", 200, ago(3), "routes/home");
    metrics.answered("GET", 200, ago(30), "routes/home");
    metrics.answered("PROPFIND", 405, ago(0), null);
    metrics.cacheLookup("hit");
    const text = await metrics.registry.metrics();
    const home = 'route="routes/home",method="GET",status="200"';
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.001",${home}} 0`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.005",${home}} 1`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.05",${home}} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="+Inf",${home}} 2`);
    expect(text).toContain(`http_request_duration_seconds_count{${home}} 2`);
    expect(text).toMatch(new RegExp(`http_request_duration_seconds_sum\\{${home}\\} 0\\.03\\d+`));
    expect(text).toContain(
      'http_request_duration_seconds_count{route="(server)",method="other",status="405"} 1',
    );
    expect(text).toContain('public_cache_lookups_total{result="hit"} 1');
    expect(text).toContain('public_cache_lookups_total{result="miss"} 0');
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
  });

  it("are read from this machine without a token, and from elsewhere only with it", async () => {
    expect(await scrape("127.0.0.1", {})).toMatchObject({
      status: 200,
      body: expect.stringContaining('job_lag_seconds_count{job="deliver-outbox"} 1'),
    });
    expect(await scrape("::ffff:127.0.0.1", {})).toMatchObject({ status: 200 });
    expect(await scrape("203.0.113.9", {})).toBe("next");
    expect(await scrape("203.0.113.9", {}, TOKEN)).toBe("next");
    expect(await scrape("203.0.113.9", { authorization: `Bearer ${TOKEN}x` }, TOKEN)).toBe("next");
    expect(await scrape("203.0.113.9", { authorization: `Bearer ${TOKEN}` })).toBe("next");
    expect(await scrape("203.0.113.9", { authorization: `Bearer ${TOKEN}` }, TOKEN)).toMatchObject({
      status: 200,
    });
  });

  it("are not given to a request a proxy on this machine forwarded", async () => {
    expect(await scrape("127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).toBe("next");
  });
});
