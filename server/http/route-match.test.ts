import { existsSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "./route-match.server";

/* The precompiled matcher answers as React Router's own matchRoutes, for every route. */
const BUILD = path.resolve("build/server/index.js");

function reactRouterMatch(build: ServerBuild) {
  const all = Object.values(build.routes).filter((r) => r !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((r) => r.parentId === parentId)
      .map(
        (r) => ({ id: r.id, path: r.path, index: r.index, children: tree(r.id) }) as RouteObject,
      );
  const routes = tree(undefined);
  return (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id ?? null;
}

if (!existsSync(BUILD)) throw new Error("Run `npm run build` before the HTTP tests");
const build = (await import(/* @vite-ignore */ BUILD)) as ServerBuild;

describe("the route matcher", () => {
  it("matches every path of the app's routes as React Router does", () => {
    const ours = createRouteMatcher(build);
    const theirs = reactRouterMatch(build);
    const samples = Object.values(build.routes).flatMap((r) => {
      const p = `/${r!.path ?? ""}`
        .replace(/:[\w-]+/g, "3f1c3a9e-0000-4000-8000-000000000001")
        .replace(/\*$/, "a/b");
      return [p, `${p}/`, p.toUpperCase(), `${p}/extra`, `${p}x`];
    });
    samples.push("/", "//", "/nowhere", "/advisor", "/advisor/1/edit/more", "/api/auth/x/y");
    const differences = samples
      .map((p) => ({ path: p, ours: ours(p)?.id ?? null, theirs: theirs(p) }))
      .filter((d) => d.ours !== d.theirs);
    expect(differences).toEqual([]);
    expect(ours("/advisor/3f1c3a9e-0000-4000-8000-000000000001")?.id).toBe(
      "routes/advisor-profile",
    );
    expect(ours("/advisors.data")?.id).toBe("routes/advisors");
    expect(ours("/_root.data")?.id).toBe("routes/home");
    expect(ours("/no/such/page")?.id).toBe("routes/not-found");
  });
});

describe("the route matcher on named paths", () => {
  const match = createRouteMatcher(build);
  const id = (pathname: string) => match(pathname)?.id;

  it("finds the route React Router renders for a path, a data request following its page", () => {
    expect(id("/")).toBe("routes/home");
    expect(id("/_root.data")).toBe("routes/home");
    expect(id("/advisors")).toBe("routes/advisors");
    expect(id("/advisors.data")).toBe("routes/advisors");
    expect(id("/advisors/")).toBe("routes/advisors");
    expect(id("/advisor/abc")).toBe("routes/advisor-profile");
    expect(id("/advisor/abc.data")).toBe("routes/advisor-profile");
    expect(id("/advisor/abc/edit")).toBe("routes/advisor-edit");
    expect(id("/join-as-advisor")).toBe("join-as-advisor");
    expect(id("/api/auth/session")).toBe("routes/api/auth");
    expect(id("/api/advisors/abc/slots")).toBe("routes/api/advisor-slots");
    expect(id("/assets/app.js")).toBe("routes/not-found");
  });

  it("prefers a route whose pattern fits to the catch-all `*`", () => {
    expect(id("/admin/advisors/new")).toBe("routes/admin/advisors.new");
    expect(id("/admin/advisors/abc/profile")).toBe("routes/admin/advisor-profile");
    expect(id("/become-advisor/apply")).toBe("routes/become-advisor.apply");
    expect(id("/booking-confirmed/receipt")).toBe("routes/booking-receipt");
    expect(id("/advisor")).toBe("routes/not-found");
  });

  it("gives the route's module as the build holds it", () => {
    expect(match("/terms")!.module).toBe(build.routes["routes/pages/terms"]!.module);
  });
});
