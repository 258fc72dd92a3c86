import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, startTestApp } from "./app.test-support";

/*
 * /readyz and /metrics on the production build (ADR 70): readiness for a load balancer, and
 * Prometheus' text with request durations by route, cache hits and misses and the database's
 * connections, for this machine only.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { changeFeed: true });
});
afterAll(() => app?.close());

const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${path}`, { headers });

/** The value of one sample line of /metrics, 0 when absent. */
async function sample(name: string): Promise<number> {
  const text = await (await visit("/metrics")).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

describe("/readyz", () => {
  it("answers 200 when the database is up and migrated and the change feed listens", async () => {
    const ready = await visit("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: true, migrations: true, changeFeed: true, serving: true },
      failing: [],
    });
  });

  it("answers 503 naming the change feed while it does not listen; /healthz stays 200", async () => {
    await app.changes!.stop();
    try {
      const notReady = await visit("/readyz");
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({
        status: "not ready",
        failing: ["changeFeed"],
      });
      expect((await visit("/healthz")).status).toBe(200);
    } finally {
      await app.changes!.start(app.database);
    }
    expect((await visit("/readyz")).status).toBe(200);
  });
});

describe("/metrics", () => {
  const advisorsOk =
    'http_request_duration_seconds_count{route="routes/api/advisors",method="GET",status="200"}';

  it("counts requests by route id and the public cache's hits and misses", async () => {
    const before = {
      requests: await sample(advisorsOk),
      misses: await sample('public_cache_lookups_total{result="miss"}'),
      hits: await sample('public_cache_lookups_total{result="hit"}'),
    };
    const search = `/api/advisors?search=metrics-${Date.now()}`;
    expect((await visit(search)).headers.get("x-cache")).toBe("miss");
    expect((await visit(search)).headers.get("x-cache")).toBe("hit"); // answered before Express
    expect(await sample(advisorsOk)).toBe(before.requests + 2);
    expect(await sample('public_cache_lookups_total{result="miss"}')).toBe(before.misses + 1);
    expect(await sample('public_cache_lookups_total{result="hit"}')).toBe(before.hits + 1);
  });

  it("counts a page by its route id and what the server answers itself under (server)", async () => {
    const about =
      'http_request_duration_seconds_count{route="routes/pages/about",method="GET",status="200"}';
    const health =
      'http_request_duration_seconds_count{route="(server)",method="GET",status="200"}';
    const [aboutBefore, healthBefore] = [await sample(about), await sample(health)];
    await visit("/about", { cookie: "better-auth.session_token=someone" });
    await visit("/healthz");
    expect(await sample(about)).toBe(aboutBefore + 1);
    // The /metrics reads in between are the server's own answers too.
    expect(await sample(health)).toBeGreaterThan(healthBefore);
  });

  it("counts a method a client made up as other, so a client cannot add labels", async () => {
    const other =
      'http_request_duration_seconds_count{route="(server)",method="other",status="405"}';
    const before = await sample(other);
    // node:http accepts WebDAV's methods; the app answers them 405.
    const answer = await fetch(`${app.baseUrl}/about`, { method: "PROPFIND" });
    expect(answer.status).toBe(405);
    expect(await sample(other)).toBe(before + 1);
    expect(await (await visit("/metrics")).text()).not.toContain('method="PROPFIND"');
  });

  it("reports the database's connections, in Prometheus' text format", async () => {
    const answer = await visit("/metrics");
    expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const driver = app.database.kind;
    const text = await answer.text();
    expect(text).toContain(`# TYPE db_connections gauge`);
    if (driver === "pglite") {
      expect(text).toContain('db_connections{state="total",driver="pglite"} 1');
    } else {
      expect(text).toMatch(/db_connections\{state="idle",driver="postgres"\} \d+/);
      expect(text).toMatch(/db_connections\{state="waiting",driver="postgres"\} 0/);
    }
  });

  it("is the 404 page for a request a proxy forwarded", async () => {
    const forwarded = await visit("/metrics", { "x-forwarded-for": "203.0.113.9" });
    expect(forwarded.status).toBe(404);
    expect(await forwarded.text()).not.toContain("http_request_duration_seconds");
  });
});
