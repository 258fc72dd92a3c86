import { cpSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/*
 * Browser chunks. Left to itself the bundler splits the code shared by routes into dozens of tiny
 * chunks (one per icon, per helper), and a page starts with 30+ requests. Instead:
 *  - "framework": Preact (as React and React DOM, ADR 86) and React Router, which every page runs;
 *  - "shell": everything the root layout imports statically (header, footer, button, ...);
 *  - "pages": what two or more of the landing page, the advisor list and an advisor's profile
 *    import statically on top of that (the advisor card, prices, ratings);
 *  - "home", "advisors", "profile": what only that page imports statically (no page loads
 *    another page's code: ADR 84).
 * Only static imports count, so code loaded with import() (dialogs, sonner) keeps chunks of its
 * own; every other module is split as the bundler sees fit.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|preact|react-router|@react-router[\\/][^\\/]+|cookie|set-cookie-parser)[\\/]/;
const SHELL = "app/root.tsx";
const PAGES = [
  { name: "home", root: "app/routes/home.tsx" },
  { name: "advisors", root: "app/routes/advisors.tsx" },
  { name: "profile", root: "app/routes/advisor-profile.tsx" },
];
/** How many of the public pages import `id` statically. */
const pagesReaching = (id: string) =>
  PAGES.filter((page) => staticallyReachable(page.root, id)).length;

const isScript = (id: string) => /\.[cm]?[jt]sx?$/.test(id);

/**
 * Packages whose index re-exports hundreds of modules (every icon, every radix primitive): the
 * walk stops at the index, so only what the pages use of them is bundled, where the bundler
 * puts it. Lucide's icons are followed by name instead (`lucideIcons`), so an icon goes with
 * the pages that show it.
 */
const BARREL =
  /[\\/]node_modules[\\/](radix-ui[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$)/;

/** Lucide's icon modules by every name its index exports them under ("Loader2" → its file). */
const LUCIDE_INDEX = path.join(
  path.dirname(createRequire(import.meta.url).resolve("lucide-react/package.json")),
  "dist/esm/lucide-react.mjs",
);
const lucideFiles = new Map<string, string>();
for (const [, names, file] of readFileSync(LUCIDE_INDEX, "utf8").matchAll(
  /export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g,
)) {
  for (const [, name] of names!.matchAll(/as (\w+)/g))
    lucideFiles.set(name!, path.resolve(path.dirname(LUCIDE_INDEX), file!));
}

/** The icon modules a module names in its `import { … } from "lucide-react"`. */
function lucideIcons(code: string): string[] {
  const files: string[] = [];
  for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
    for (const name of names!.split(",")) {
      const imported = name
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]!;
      const file = lucideFiles.get(imported);
      if (file) files.push(file);
    }
  }
  return files;
}

/** Records the static imports of every module (icons by name), for `staticallyReachable`. */
const imports = new Map<string, readonly string[]>();
const icons = new Map<string, string[]>();
const recordImports: Plugin = {
  name: "record-static-imports",
  transform(code, id) {
    if (isScript(id) && code.includes("lucide-react")) icons.set(id, lucideIcons(code));
  },
  moduleParsed(info) {
    imports.set(info.id, [...info.importedIds, ...(icons.get(info.id) ?? [])]);
  },
};

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

/*
 * The browser build runs on Preact's compatibility layer instead of React DOM (ADR 86): the
 * framework chunk every page loads drops from about 108 kB to about 60 kB gzipped. The server
 * renders with React as before, and `npm run dev` stays React all through (one module graph for
 * both there, and React's own hot reload). `react-dom/client` is ours: Preact hydrating the whole
 * document that React rendered (app/lib/preact-dom-client.ts).
 */
const preactBrowser = {
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: path.resolve("app/lib/preact-dom-client.ts") },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
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
  ...(command === "build" && !isSsrBuild
    ? {
        resolve: {
          alias: [...productionServer.resolve.alias, ...preactBrowser.resolve.alias],
        },
      }
    : {}),
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [copyMigrations] : [recordImports])],
  build: isSsrBuild
    ? // One server: the start-up code and React Router's server build in one bundle.
      { rollupOptions: { input: "server/entry.ts" } }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 4 },
                {
                  name: "shell",
                  priority: 3,
                  test: (id: string) => isScript(id) && staticallyReachable(SHELL, id),
                },
                {
                  name: "pages",
                  priority: 2,
                  test: (id: string) => isScript(id) && pagesReaching(id) > 1,
                },
                ...PAGES.map((page) => ({
                  name: page.name,
                  priority: 1,
                  test: (id: string) => isScript(id) && staticallyReachable(page.root, id),
                })),
              ],
            },
          },
        },
      },
}));
