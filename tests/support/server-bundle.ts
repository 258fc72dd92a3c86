import { existsSync } from "node:fs";
import path from "node:path";
import type * as Entry from "../../server/entry";

/** What `npm run build` makes of server/entry.ts: the whole server in one module (ADR 67). */
export const SERVER_BUNDLE = "build/server/index.js";

export type ServerBundle = typeof Entry;

/**
 * The server bundle in this process: the React Router build and the HTTP app from the same
 * copy of the server code, as production runs them. Importing it starts nothing.
 */
export async function loadServerBundle(): Promise<ServerBundle> {
  const file = path.resolve(SERVER_BUNDLE);
  if (!existsSync(file)) throw new Error("Run `npm run build` before the HTTP tests");
  return (await import(/* @vite-ignore */ file)) as ServerBundle;
}
