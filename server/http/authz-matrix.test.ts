import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeTable from "../../app/routes";
import { type Expected, MATRIX, type MatrixRow } from "./authz-matrix-rows.test-support";
import {
  type BuiltRoute,
  declaredRoutes,
  type Fixture,
  type People,
  type Persona,
  PERSONAS,
  startMatrixApp,
} from "./matrix-fixture.test-support";
import type { TestApp } from "./app.test-support";

/*
 * The authorization matrix over HTTP: every row of authz-matrix-rows.test-support.ts, sent as each persona
 * to the production build. The route table itself decides what needs rows, so a new route,
 * loader or action without one fails here.
 */
type Handler = "loader" | "action";

let app: TestApp;
let routes: BuiltRoute[];
let fixture: Fixture;
let people: People;

beforeAll(async () => {
  ({ app, routes, fixture, people } = await startMatrixApp());
});
afterAll(() => app?.close());

async function send(row: MatrixRow, as: Persona) {
  const request = typeof row.request === "function" ? row.request(fixture, as) : row.request;
  const headers: Record<string, string> = {};
  if (as !== "anonymous") headers.cookie = people[as].cookie;
  if (row.handler === "action") headers.origin = app.config.appUrl;
  if (request.json !== undefined) headers["content-type"] = "application/json";
  const body =
    row.handler === "loader"
      ? undefined
      : request.json !== undefined
        ? JSON.stringify(request.json)
        : new URLSearchParams(request.form ?? {});
  const res = await fetch(`${app.baseUrl}${request.path}`, {
    method: row.handler === "loader" ? "GET" : "POST",
    headers,
    body,
    redirect: "manual",
  });
  await res.arrayBuffer();
  return res;
}

function describeAnswer(res: Response): string {
  const location = res.headers.get("location");
  return location ? `${res.status} → ${location}` : String(res.status);
}

function matches(res: Response, expected: Expected): boolean {
  const location = res.headers.get("location");
  const redirected = res.status >= 300 && res.status < 400;
  if (expected === "allowed") return res.status >= 200 && res.status < 300;
  if (expected === "auth") return redirected && /^\/auth\?redirect=/.test(location ?? "");
  if (typeof expected === "object") return redirected && location === expected.redirect;
  return res.status === expected;
}

describe("the authorization matrix", () => {
  it("has rows for every route of app/routes.ts, and for every loader and action", () => {
    const built = routes;
    expect(built.map((r) => r.route).sort()).toEqual(declaredRoutes(routeTable).sort());
    const missing: string[] = [];
    for (const route of built) {
      // Every route answers GET (a page without a loader still renders), so each has a row.
      const handlers: Handler[] = route.action ? ["loader", "action"] : ["loader"];
      for (const handler of handlers) {
        if (!MATRIX.some((row) => row.route === route.route && row.handler === handler)) {
          missing.push(`${route.route} ${handler}`);
        }
      }
    }
    expect(missing, "routes without authorization matrix rows").toEqual([]);
    const known = new Set(built.map((r) => `${r.route} ${r.action ? "action" : ""}`));
    for (const row of MATRIX) {
      const exists =
        built.some((r) => r.route === row.route) &&
        (row.handler === "loader" || known.has(`${row.route} action`));
      expect(exists, `a row for ${row.route} ${row.handler}, which does not exist`).toBe(true);
    }
  });

  for (const row of MATRIX) {
    const name = `${row.handler === "loader" ? "GET" : "POST"} ${row.route}${row.case ? ` (${row.case})` : ""}`;
    it(name, async () => {
      const wrong: string[] = [];
      for (const as of PERSONAS) {
        const res = await send(row, as);
        const expected = row.expect[as];
        if (!matches(res, expected)) {
          wrong.push(`${as}: expected ${JSON.stringify(expected)}, got ${describeAnswer(res)}`);
        }
        if (row.endsSession && as !== "anonymous") {
          people[as].cookie = await people[as].signInAgain();
        }
        await row.verify?.(fixture, as);
      }
      expect(wrong).toEqual([]);
    });
  }

  it("refuses a POST to every route without an action, for everyone", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.action)) {
      const path = route.route.replace(/:[a-z]+/gi, fixture.approvedAdvisorId).replace("*", "x");
      for (const as of PERSONAS) {
        const res = await send(
          { route: route.route, handler: "action", request: { path }, expect: {} as never },
          as,
        );
        if (res.status !== 405) wrong.push(`${as} POST ${path}: ${describeAnswer(res)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
