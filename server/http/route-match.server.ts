import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Matched = { id: string; module: NonNullable<ServerBuild["routes"][string]>["module"] };

/**
 * The React Router route that answers a path, read from the build's route table: its id (as
 * in app/routes.ts, "routes/home") and module. A page's data (React Router's single fetch,
 * "<path>.data") belongs to the page's route.
 */
export function createRouteMatcher(build: ServerBuild): (pathname: string) => Matched | null {
  const all = Object.values(build.routes).filter((r) => r !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((r) => r.parentId === parentId)
      .map(
        (r) => ({ id: r.id, path: r.path, index: r.index, children: tree(r.id) }) as RouteObject,
      );
  const routes = tree(undefined);
  return (pathname) => {
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const id = matchRoutes(routes, path)?.at(-1)?.route.id;
    const route = id ? build.routes[id] : undefined;
    return route ? { id: route.id, module: route.module } : null;
  };
}
