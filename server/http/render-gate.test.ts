import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../config.server";
import type { ServerBuild } from "react-router";
import { renderGate } from "./render-gate.server";
import { createRouteMatcher } from "./route-match.server";
import { type TestApp, startTestApp } from "./app.test-support";

/*
 * The guard of renders (server/http/render-gate.server.ts): bounded concurrency with a bounded
 * queue (beyond it a fast 503), and a per-client limit on public reads that are rendered.
 */

/** A few turns of the event loop: a granted render starts on a later one. */
const turns = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A render that finishes when the test says so. */
function heldRender() {
  const finishers: (() => void)[] = [];
  let started = 0;
  const render = () => {
    started += 1;
    return new Promise<Response>((resolve) => finishers.push(() => resolve(new Response("page"))));
  };
  return { render, started: () => started, finishOne: () => finishers.shift()!() };
}

// Which paths are public reads is what their routes declare (ADR 69).
const build = (await import(
  /* @vite-ignore */ path.resolve("build/server/index.js")
)) as ServerBuild;
const routes = createRouteMatcher(build);

const fakeRequest = (path: string, ip = "203.0.113.1") =>
  ({ path, ip, method: "GET" }) as express.Request;
const fakeResponse = () => new EventEmitter() as unknown as express.Response;
const config = (env: Record<string, string>) =>
  buildConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "render-gate-")),
    LOG_LEVEL: "silent",
    ...env,
  });

describe("renderGate", () => {
  it("renders RENDER_CONCURRENCY at once, queues RENDER_QUEUE, refuses the rest with a 503", async () => {
    const gate = renderGate(config({ RENDER_CONCURRENCY: "2", RENDER_QUEUE: "1" }), routes);
    const held = heldRender();
    const render = gate.render(held.render);
    const ask = (path: string) =>
      render(new Request(`http://x${path}`), fakeRequest(path), fakeResponse());
    const answers = ["/advisors?search=1", "/advisors?search=2", "/advisors?search=3"].map(ask);
    await turns();
    expect(held.started()).toBe(2);

    const page = await ask("/advisors?search=4");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain(
      "<h1>Busy</h1><p>The site is busy right now. Please try again in 5 seconds.</p>",
    );
    const api = await ask("/api/advisors?search=5");
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      error: "The site is busy right now. Please try again in 5 seconds.",
    });

    held.finishOne();
    await turns();
    expect(held.started()).toBe(3);
    held.finishOne();
    held.finishOne();
    expect(await Promise.all(answers.map(async (a) => (await a).status))).toEqual([200, 200, 200]);
  });

  it("gives a queued place up when its client leaves", async () => {
    const gate = renderGate(config({ RENDER_CONCURRENCY: "1", RENDER_QUEUE: "1" }), routes);
    const held = heldRender();
    const render = gate.render(held.render);
    const ask = (res = fakeResponse()) => render(new Request("http://x/"), fakeRequest("/"), res);
    const first = ask();
    const leaving = fakeResponse();
    const abandoned = ask(leaving);
    await turns();
    expect((await ask()).status).toBe(503);
    leaving.emit("close");
    await abandoned;
    // Its place is free again, and it never rendered.
    const next = ask();
    held.finishOne();
    await first;
    await turns();
    held.finishOne();
    expect((await next).status).toBe(200);
    expect(held.started()).toBe(2);
  });
});

describe("renderGate before Express", () => {
  it("refuses a public read at once while every slot and queue place is taken, and nothing else", async () => {
    const gate = renderGate(config({ RENDER_CONCURRENCY: "1", RENDER_QUEUE: "0" }), routes);
    const written: { status?: number; head?: string[]; body?: string } = {};
    const res = {
      writeHead: (status: number, head: string[]) => {
        Object.assign(written, { status, head });
        return res;
      },
      end: (body: string) => void (written.body = body),
    } as unknown as ServerResponse;
    const get = (url: string, method = "GET") => ({ url, method }) as IncomingMessage;
    const lead = ["X-Request-Id", "r-1"];

    expect(gate.refuseIfFull(get("/advisors?search=x"), res, lead)).toBe(false);
    const held = heldRender();
    const rendering = gate.render(held.render)(
      new Request("http://x/"),
      fakeRequest("/"),
      fakeResponse(),
    );
    await turns();
    for (const url of ["/healthz", "/dashboard", "/assets/app.js"]) {
      expect(gate.refuseIfFull(get(url), res, lead), url).toBe(false);
    }
    expect(gate.refuseIfFull(get("/advisors?search=x", "POST"), res, lead)).toBe(false);
    expect(written).toEqual({});

    expect(gate.refuseIfFull(get("/advisors?search=x"), res, lead)).toBe(true);
    expect(written.status).toBe(503);
    const headers = Object.fromEntries(
      written.head!.flatMap((_, i, all) => (i % 2 ? [] : [[all[i], all[i + 1]]])),
    );
    expect(headers).toMatchObject({
      "X-Request-Id": "r-1",
      "Retry-After": "5",
      "Cache-Control": "no-store",
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": expect.stringContaining("default-src 'none'"),
      "Content-Length": String(Buffer.byteLength(written.body!)),
    });
    expect(written.body).toContain("The site is busy right now.");
    held.finishOne();
    expect((await rendering).status).toBe(200);
  });
});

describe("public reads per client", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(
      { TRUST_PROXY_HOPS: "1", PUBLIC_RENDERS_PER_MINUTE: "3" },
      { changeFeed: true },
    );
  });
  afterAll(() => app?.close());

  const from = (ip: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}${path}`, { headers: { "x-forwarded-for": ip, ...headers } });

  it("are rendered PUBLIC_RENDERS_PER_MINUTE times a minute, then get a 429; answers from memory are free", async () => {
    const client = "198.51.100.7";
    for (const search of ["a", "b", "c"]) {
      expect((await from(client, `/advisors?search=${search}`)).status).toBe(200);
    }
    const refused = await from(client, "/advisors?search=d");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await refused.text()).toMatch(
      /<h1>Too many requests<\/h1><p>Too many requests from your network\. Please try again in \d+ seconds\.<\/p>/,
    );
    const api = await from(client, "/api/advisors?search=d");
    expect(api.status).toBe(429);
    expect((await api.json()).error).toMatch(/^Too many requests from your network\./);
    // A session cookie does not lift the limit.
    expect((await from(client, "/terms", { cookie: "bt.session_token=x.y" })).status).toBe(429);

    // What is in memory is still served; another client has its own count.
    const hit = await from(client, "/advisors?search=a");
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect((await from("198.51.100.8", "/advisors?search=d")).status).toBe(200);
    // Health checks are never limited.
    expect((await from(client, "/healthz")).status).toBe(200);
  });

  it("count an IPv6 /64 as one client", async () => {
    for (const host of ["1", "2", "3"]) {
      expect((await from(`2001:db8:0:7::${host}`, `/advisors?search=v6${host}`)).status).toBe(200);
    }
    expect((await from("2001:db8:0:7::4", "/advisors?search=v64")).status).toBe(429);
  });
});
