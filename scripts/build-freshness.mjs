import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/*
 * Whether `npm start` must build first (ADR 67): plain JavaScript, as it runs before there is a
 * build and without TypeScript tooling.
 */

/** The server bundle; the build writes it last, so its time is the build's. */
export const SERVER_BUNDLE = "build/server/index.js";

/** What the build is made of: the code, the static files, the settings and the lockfile. */
export const BUILD_SOURCES = [
  "app",
  "core",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

/** Tests are not part of the build: editing one needs no rebuild. */
const NOT_BUILT = /\.test\.tsx?$/;

/**
 * `builtAt`: the bundle's modification time (undefined: no build); `changedAt`: the newest of
 * the sources'. A tie rebuilds: some file systems keep whole seconds only.
 */
export function needsBuild(builtAt, changedAt) {
  return builtAt === undefined || (changedAt !== undefined && changedAt >= builtAt);
}

/** Modification time of `file` in ms, or undefined when it does not exist. */
export function modifiedAt(file) {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

/** The newest modification time among `entries` (files or folders, walked) under `root`. */
export function newestChange(root, entries = BUILD_SOURCES) {
  let newest;
  const visit = (file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(file)) visit(path.join(file, name));
    } else if (!NOT_BUILT.test(file) && (newest === undefined || stat.mtimeMs > newest)) {
      newest = stat.mtimeMs;
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}
