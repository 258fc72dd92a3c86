import { spawnSync } from "node:child_process";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { modifiedAt, needsBuild, newestChange, SERVER_BUNDLE } from "./build-freshness.mjs";

/*
 * `npm start`: builds only when build/ is missing or older than the sources, then serves the
 * server bundle in this process (ADR 67).
 */

// Before anything imports React: its production build.
process.env.NODE_ENV ??= "production";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = path.join(root, SERVER_BUNDLE);
if (needsBuild(modifiedAt(bundle), newestChange(root))) {
  process.stdout.write("build/ is missing or older than the sources: building...\n");
  const { status } = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
} else {
  process.stdout.write("build/ is up to date\n");
}
const { serve } = await import(pathToFileURL(bundle).href);
await serve();
