import path from "node:path";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { declaredCache } from "./public-cache-policy";

/*
 * The cache contract (ADR 69), like the authorization matrix: every route of the production
 * build that answers GET declares in its `handle` whether its answer may be kept, so a new
 * route without a declaration fails here; and a request finds its route as React Router does.
 */
const build = (await import(
  /* @vite-ignore */ path.resolve("build/server/index.js")
)) as ServerBuild;

/** The routes of a table that answer GET (a loader or a page) without a cache declaration. */
function undeclared(routes: ServerBuild["routes"]): string[] {
  return Object.values(routes)
    .filter((route) => route && route.id !== "root")
    .filter((route) => route!.module.loader || route!.module.default)
    .filter((route) => declaredCache(route!) === undefined)
    .map((route) => route!.id);
}

describe("the cache contract", () => {
  it("is declared by every route of the build that answers GET", () => {
    const answering = Object.values(build.routes).filter(
      (route) => route && route.id !== "root" && (route.module.loader || route.module.default),
    );
    // The table is the app's, not an empty one that would pass.
    expect(answering.map((route) => route!.id)).toEqual(
      expect.arrayContaining(["routes/home", "routes/pages/terms", "routes/not-found"]),
    );
    expect(undeclared(build.routes), "routes without a cache declaration").toEqual([]);
  });

  it("fails for a route that answers GET without one, and only for such a route", () => {
    const routes = { ...build.routes };
    const without = (id: string, module: object) => {
      routes[id] = { ...routes[id]!, module: module as never };
    };
    const { handle: _terms, ...terms } = routes["routes/pages/terms"]!.module;
    without("routes/pages/terms", terms);
    without("routes/api/advisors", { ...routes["routes/api/advisors"]!.module, handle: {} });
    // A route that answers no GET (only an action) needs none.
    const { handle: _bookings, ...bookings } = routes["routes/api/bookings"]!.module;
    without("routes/api/bookings", bookings);
    expect(undeclared(routes).sort()).toEqual(["routes/api/advisors", "routes/pages/terms"]);
  });
});
