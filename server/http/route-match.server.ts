import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** The deepest route of the build that answers a path: its id (as in the manifest) and module. */
export type MatchedRoute = { id: string; module: RouteModule };
export type RouteMatcher = (pathname: string) => MatchedRoute | null;

/**
 * Finds which route of the build answers a pathname, ranked as React Router ranks routes (it
 * does the matching, on a tree built from the build's manifest). A data request follows its
 * page: `/advisors.data` is `/advisors`, `/_root.data` is `/`. Null when no route matches
 * (this app's `*` route matches everything else).
 */
export function createRouteMatcher(build: ServerBuild): RouteMatcher {
  const manifest = build.routes;
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((route) => route && route.parentId === parentId)
      .map((route) =>
        route!.index
          ? { id: route!.id, index: true, path: route!.path }
          : {
              id: route!.id,
              path: route!.path,
              caseSensitive: route!.caseSensitive,
              children: childrenOf(route!.id),
            },
      );
  const tree = childrenOf(undefined);

  const match = (pathname: string): MatchedRoute | null => {
    const page =
      pathname === "/_root.data"
        ? "/"
        : pathname.endsWith(".data")
          ? pathname.slice(0, -5)
          : pathname;
    const id = matchRoutes(tree, page)?.at(-1)?.route.id;
    const route = id === undefined ? undefined : manifest[id];
    return route ? { id: route.id, module: route.module } : null;
  };
  // Matching ranks every route anew (about a millisecond here), and it runs before a kept
  // answer is sent: the paths asked for recently are remembered, a bounded number of them.
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
