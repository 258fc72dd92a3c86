import { existsSync, realpathSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as build from "virtual:react-router/server-build";
import { startServer } from "./main";

/*
 * The server bundle's entry (ADR 67): `npm run build` compiles this module, the start-up code
 * and React Router's server build into build/server/index.js, so production runs one copy of
 * server/ with plain node. Importing the bundle starts nothing: tests take the app from it.
 */

// The bundle is itself a React Router server build (routes, entry, assets...).
export * from "virtual:react-router/server-build";
export { composeServices } from "./compose.server";
export { createHttpApp } from "./http/app.server";
export { startServer } from "./main";

/** The built browser files, beside the bundle in build/client. */
const CLIENT_DIR = fileURLToPath(new URL("../client/", import.meta.url));

/** Serves this build (scripts/start.mjs, or `node build/server/index.js`). */
export function serve(): Promise<void> {
  return startServer({ build, clientDir: CLIENT_DIR });
}

/** `node build/server/index.js`: this module is the program (imported, argv[1] is another). */
function isProgram(): boolean {
  const program = process.argv[1];
  return (
    program !== undefined &&
    existsSync(program) &&
    import.meta.url === pathToFileURL(realpathSync(program)).href
  );
}
if (isProgram()) void serve();
