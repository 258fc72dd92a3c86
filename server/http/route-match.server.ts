import type { ServerBuild } from "react-router";

type Route = NonNullable<ServerBuild["routes"][string]>;
/** The deepest route of the build that answers a path: its id (as in the manifest) and module. */
export type MatchedRoute = { id: string; module: Route["module"] };
export type RouteMatcher = (pathname: string) => MatchedRoute | null;

/**
 * The React Router route that answers a path, read from the build's route table: its id (as
 * in app/routes.ts, "routes/home") and module. A page's data (React Router's single fetch,
 * "<path>.data") belongs to the page's route. It runs on every request (the metrics label),
 * so the table is ranked and compiled once: React Router's `matchRoutes` ranks the whole
 * table again on each call (about 0.7 ms here). Ranking and patterns are React Router's own;
 * route-match.test.ts holds the two to the same answers.
 */
export function createRouteMatcher(build: ServerBuild): RouteMatcher {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const fullPath = (route: Route): string => {
    const parent = route.parentId ? build.routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const base = parent ? fullPath(parent) : "";
    return own.startsWith("/") ? own : `${base.replace(/\/$/, "")}/${own}`;
  };
  const ranked = routes
    // A route without a path matches only as an index route (React Router's rule).
    .filter((r) => r.path !== undefined || r.index)
    .map((route, order) => {
      const path = fullPath(route);
      return { route, order, score: score(path, route.index), pattern: compile(path) };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const match = (pathname: string): MatchedRoute | null => {
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const found = ranked.find((r) => r.pattern.test(path))?.route;
    return found ? { id: found.id, module: found.module } : null;
  };
  // A kept answer costs about 30 µs, and trying every pattern a few: the paths asked for
  // recently are remembered, a bounded number of them (a flood of new paths only cycles it).
  const recent = new Map<string, MatchedRoute | null>();
  return (pathname) => {
    let found = recent.get(pathname);
    if (found === undefined) {
      found = match(pathname);
      if (recent.size >= REMEMBERED_PATHS) recent.delete(recent.keys().next().value!);
      recent.set(pathname, found);
    }
    return found;
  };
}

const REMEMBERED_PATHS = 10_000;

const isSplat = (s: string) => s === "*";

/** React Router's branch score: static segments count most, splats least. */
function score(path: string, index: boolean | undefined): number {
  const segments = path.split("/");
  const initial = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  return segments
    .filter((s) => !isSplat(s))
    .reduce((sum, s) => sum + (/^:[\w-]+$/.test(s) ? 3 : s === "" ? 1 : 10), initial);
}

/** React Router's pattern for a whole path (case-insensitive, trailing slashes allowed). */
function compile(path: string): RegExp {
  const body = path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:[\w-]+/g, "/([^\\/]+)");
  const end = path.endsWith("*")
    ? path === "*" || path === "/*"
      ? "(.*)$"
      : "(?:\\/(.+)|\\/*)$"
    : "\\/*$";
  return new RegExp(`^${body}${end}`, "i");
}
