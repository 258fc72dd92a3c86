import type express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { REQUEST_MESSAGES as M } from "../../core/messages/requests";

/**
 * The methods the app's route at a path answers: GET and HEAD where it has a loader or a page,
 * POST where it has an action. Read from the build, so a new route is covered as it is added.
 */
export function routeMethods(build: ServerBuild): (pathname: string) => string[] {
  const all = Object.values(build.routes).filter((r) => r !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((r) => r.parentId === parentId)
      .map(
        (r) => ({ id: r.id, path: r.path, index: r.index, children: tree(r.id) }) as RouteObject,
      );
  const routes = tree(undefined);
  return (pathname) => {
    // A page's data (React Router's single fetch) is asked for at "<path>.data".
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const leaf = matchRoutes(routes, path)?.at(-1)?.route;
    const module = leaf?.id ? build.routes[leaf.id]?.module : undefined;
    if (!module) return ["GET", "HEAD"];
    return [
      ...(module.loader || module.default ? ["GET", "HEAD"] : []),
      ...(module.action ? ["POST"] : []),
    ];
  };
}

/**
 * Refuses, before the app runs, a method the matched route does not answer: 405 with `Allow`
 * and a JSON `{ error }`, instead of React Router's 400 for a GET without a loader or an
 * action failing on a DELETE (ADR 66). `build` is a getter in development, where it changes.
 */
export function methodGuard(
  build: ServerBuild | (() => Promise<ServerBuild>),
): express.RequestHandler {
  let methodsFor: ReturnType<typeof routeMethods> | undefined;
  return async (req, res, next) => {
    try {
      const methods =
        typeof build === "function"
          ? routeMethods(await build())
          : (methodsFor ??= routeMethods(build));
      const allowed = methods(req.path);
      if (allowed.includes(req.method)) return next();
      const list = allowed.join(", ");
      res
        .set("Allow", list)
        .status(405)
        .json({ error: M.methodNotAllowed(list) });
    } catch (error) {
      next(error);
    }
  };
}
