import type express from "express";
import type { ServerBuild } from "react-router";
import { REQUEST_MESSAGES as M } from "../../core/messages/requests";
import { createRouteMatcher } from "./route-match.server";

/**
 * The methods the app's route at a path answers: GET and HEAD where it has a loader or a page,
 * POST where it has an action. Read from the build, so a new route is covered as it is added.
 */
export function routeMethods(build: ServerBuild): (pathname: string) => string[] {
  const match = createRouteMatcher(build);
  return (pathname) => {
    const module = match(pathname)?.module;
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
