import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BAD_INPUT,
  type BadInputRow,
  type BadRequest,
  form,
  json,
  type Kind,
  READS_NO_BODY,
} from "./bad-input-matrix-rows.test-support";
import {
  type BuiltRoute,
  databaseSnapshot,
  type Fixture,
  type People,
  type Persona,
  startMatrixApp,
} from "./matrix-fixture.test-support";
import type { TestApp } from "./app.test-support";
import { DRAIN_MAX_BYTES } from "./unread-body.server";

/*
 * The bad-input matrix over HTTP (rows in bad-input-matrix-rows.test-support.ts): each row's request, sent
 * as its persona over a keep-alive connection, gets its 4xx and message, changes nothing in
 * the database, and leaves the server answering the next request, on the same connection
 * unless the answer said `Connection: close`. The route table comes from the build, so an
 * action or an API endpoint without its rows fails here.
 */

let app: TestApp;
let routes: BuiltRoute[];
let fixture: Fixture;
let people: People;

beforeAll(async () => {
  ({ app, routes, fixture, people } = await startMatrixApp());
});
afterAll(() => app?.close());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; socket: Socket };

/** One request over `agent`; `reused` says whether it went over a connection already open. */
function send(agent: http.Agent, request: BadRequest, as: Persona) {
  const url = new URL(app.baseUrl);
  const headers: http.OutgoingHttpHeaders = { origin: app.config.appUrl };
  if (as !== "anonymous") headers.cookie = people[as].cookie;
  if (request.contentType) headers["content-type"] = request.contentType;
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  if (body && !request.chunked) headers["content-length"] = body.byteLength;
  return new Promise<Answer & { reused: boolean }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method ?? "POST",
        path: request.path,
        headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            socket: req.socket!,
            reused: req.reusedSocket,
          }),
        );
      },
    );
    req.on("error", reject);
    if (body && request.chunked) {
      // In pieces, so no length is announced.
      for (let at = 0; at < body.byteLength; at += 16 * 1024)
        req.write(body.subarray(at, at + 16 * 1024));
    } else if (body) req.write(body);
    req.end();
  });
}

/** What a route must have rows for: the body kinds for an action, an id row for a param. */
function kindsFor(route: { route: string; loader: boolean; action: boolean }): Kind[] {
  const kinds: Kind[] = [];
  const api = route.route.startsWith("/api/");
  if (route.action || api) kinds.push("method");
  if (route.action && !(route.route in READS_NO_BODY)) {
    kinds.push("type", "syntax", "size", "missing");
  }
  if ((route.action || api) && route.route.includes(":")) kinds.push("id");
  return kinds;
}

/** The answer's text as a person reads it, for finding a message in a page. */
const readable = (body: string) =>
  body
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("the bad-input matrix", () => {
  it("has rows for every action and every API endpoint of the build", () => {
    const missing: string[] = [];
    for (const route of routes) {
      for (const kind of kindsFor(route)) {
        if (!BAD_INPUT.some((row) => row.route === route.route && row.kind === kind)) {
          missing.push(`${route.route}: ${kind}`);
        }
      }
    }
    expect(missing, "routes without bad-input rows").toEqual([]);
    const known = new Set(routes.map((r) => r.route));
    const stale = BAD_INPUT.filter((row) => !known.has(row.route)).map((row) => row.route);
    expect(stale, "rows for routes that do not exist").toEqual([]);
    const silent = BAD_INPUT.filter((row) => !row.expect.message).map(
      (r) => `${r.route} ${r.case}`,
    );
    expect(silent, "rows without the message they expect").toEqual([]);
  });

  for (const row of BAD_INPUT) {
    it(`${row.route}: ${row.case} (as ${row.as})`, async () => {
      await check(row);
    });
  }

  it("keeps the connection after a 413: 100 kB on /contact, 400 kB on bank details", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = [
        await send(
          agent,
          { path: "/contact", ...form({ message: "x".repeat(100_000) }) },
          "anonymous",
        ),
        await send(
          agent,
          { path: "/api/advisor/bank-details", ...json({ bankName: "x".repeat(400_000) }) },
          "advisor",
        ),
      ];
      const next = await send(agent, { method: "GET", path: "/healthz" }, "anonymous");
      expect([...refused, next].map((a) => [a.status, a.headers.connection, a.reused])).toEqual([
        [413, "keep-alive", false],
        [413, "keep-alive", true],
        [200, "keep-alive", true],
      ]);
    } finally {
      agent.destroy();
    }
  });
});

async function check(row: BadInputRow) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const request = row.request(fixture);
    const before = await databaseSnapshot(fixture.db);
    const answer = await send(agent, request, row.as);
    const text = readable(answer.body);
    expect(
      { status: answer.status, found: text.includes(row.expect.message) },
      `${request.method ?? "POST"} ${request.path}: ${text.slice(0, 300)}`,
    ).toEqual({ status: row.expect.status, found: true });
    if (row.expect.allow) expect(answer.headers.allow).toBe(row.expect.allow);
    expect(await databaseSnapshot(fixture.db), "the database changed").toEqual(before);

    // The next request is served: on the same connection, unless the answer closed it.
    const closes = answer.headers.connection === "close";
    // A body of known length within the drain limit is read to its end: the connection stays.
    const length = Buffer.byteLength(request.body ?? "");
    if (!request.chunked && length <= DRAIN_MAX_BYTES) expect(closes, "closed").toBe(false);
    const next = await send(agent, { method: "GET", path: "/healthz" }, "anonymous");
    expect({ status: next.status, reused: next.reused }).toEqual({ status: 200, reused: !closes });
    if (closes) expect(answer.socket.destroyed || answer.socket.readableEnded).toBe(true);
  } finally {
    agent.destroy();
  }
}
