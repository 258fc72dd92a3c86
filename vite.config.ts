import { cpSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/*
 * Browser chunks. Left to itself the bundler splits the code shared by routes into dozens of tiny
 * chunks (one per icon, per helper), and a page starts with 30+ requests. Instead:
 *  - "framework": React, React DOM and React Router, which every page runs;
 *  - "shell": everything the root layout imports statically (header, footer, button, ...);
 *  - "home", "advisors", "profile": what the landing page, the advisor list and an advisor's
 *    profile import statically on top of that (a page lower in the list may load some of the
 *    code of one above it: a few kB, for fewer requests).
 * Only static imports count, so code loaded with import() (dialogs, sonner) keeps chunks of its
 * own; every other module is split as the bundler sees fit.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router[\\/][^\\/]+|cookie|set-cookie-parser)[\\/]/;
const LAYERS = [
  { name: "shell", root: "app/root.tsx" },
  { name: "home", root: "app/routes/home.tsx" },
  { name: "advisors", root: "app/routes/advisors.tsx" },
  { name: "profile", root: "app/routes/advisor-profile.tsx" },
];

/** Records the static imports of every module, for `staticallyReachable`. */
const imports = new Map<string, readonly string[]>();
const recordImports: Plugin = {
  name: "record-static-imports",
  moduleParsed(info) {
    imports.set(info.id, info.importedIds);
  },
};

/**
 * Packages whose index re-exports hundreds of modules (every icon, every radix primitive): the
 * walk stops there, so only what the pages use of them is bundled, where the bundler puts it.
 */
const BARREL = /[\\/]node_modules[\\/](radix-ui|lucide-react)[\\/]/;

const closures = new Map<string, Set<string>>();
/** Whether `id` is `root` or a module `root` imports, directly or not, without import(). */
function staticallyReachable(root: string, id: string): boolean {
  let closure = closures.get(root);
  if (!closure) {
    closure = new Set();
    const stack = [path.resolve(root)];
    while (stack.length) {
      const next = stack.pop()!;
      if (closure.has(next) || BARREL.test(next)) continue;
      closure.add(next);
      stack.push(...(imports.get(next) ?? []));
    }
    closures.set(root, closure);
  }
  return closure.has(id);
}

const isScript = (id: string) => /\.[cm]?[jt]sx?$/.test(id);

/*
 * What `npm run build` changes (ADR 67). React Router's package offers only dist/development in
 * its exports map, whose warnings would run in the browser and on the server: the build takes
 * dist/production instead, and bundles React Router into the server too, so the server code and
 * the routes share one copy of it (two copies would not share React contexts).
 */
const ROUTER_DIST = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);
const productionServer = {
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: path.join(ROUTER_DIST, "index.mjs") },
      { find: /^react-router\/dom$/, replacement: path.join(ROUTER_DIST, "dom-export.mjs") },
    ],
  },
  ssr: {
    noExternal: [
      "react-router",
      "@react-router/node",
      "@react-router/express",
      // Barrels of hundreds of modules (every icon, every primitive): bundled, the server loads
      // only what the pages use, and starts faster.
      "lucide-react",
      "radix-ui",
      /^@radix-ui\//,
    ],
  },
};

/** The migrations travel with the server bundle, which applies them at start-up. */
const copyMigrations: Plugin = {
  name: "copy-migrations",
  writeBundle(options) {
    cpSync("server/db/migrations", path.join(options.dir!, "migrations"), { recursive: true });
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  ...(command === "build" ? productionServer : {}),
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [copyMigrations] : [recordImports])],
  build: isSsrBuild
    ? // One server: the start-up code and React Router's server build in one bundle.
      { rollupOptions: { input: "server/entry.ts" } }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: LAYERS.length + 1 },
                ...LAYERS.map((layer, i) => ({
                  name: layer.name,
                  priority: LAYERS.length - i,
                  test: (id: string) => isScript(id) && staticallyReachable(layer.root, id),
                })),
              ],
            },
          },
        },
      },
}));
