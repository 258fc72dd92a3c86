import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess } from "../tests/support/app-process";
import { SERVER_BUNDLE } from "../tests/support/server-bundle";

/*
 * What `npm run build` makes (ADR 67): one server bundle holding the whole server with React
 * Router's production build, runnable with plain node from build/, node_modules and
 * package.json; and `npm start`, which builds only when the build is stale.
 * `npm run build` runs first in `npm test`.
 */

/** Every JavaScript file under `dir`, as one text per file. */
function scripts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(path.join(dir, f), "utf8"));
}

const occurrences = (texts: string[], needle: string) =>
  texts.reduce((n, text) => n + text.split(needle).length - 1, 0);

// Guarded by ENABLE_DEV_WARNINGS, which only react-router's dist/development sets.
const DEVELOPMENT_WARNING = "You should not include both `Component` and `element` on your route";
// An invariant every build of React Router carries once.
const ROUTER_COPY = "useNavigate() may be used only in the context of a <Router> component.";

describe.each([
  ["browser", "build/client/assets"],
  ["server", "build/server"],
])("the %s code", (_side, dir) => {
  it("runs React Router's production build: none of its development warnings", () => {
    const texts = scripts(dir);
    expect(texts.length).toBeGreaterThan(0);
    expect(occurrences(texts, DEVELOPMENT_WARNING)).toBe(0);
  });

  it("holds exactly one copy of React Router", () => {
    expect(occurrences(scripts(dir), ROUTER_COPY)).toBe(1);
  });
});

describe("the server bundle", () => {
  it("loads no React Router package from node_modules: its own copy serves every route", () => {
    const imports = scripts("build/server").flatMap((text) =>
      [...text.matchAll(/\bfrom\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g)].map(
        (m) => m[1] ?? m[2],
      ),
    );
    expect(imports).toContain("react-dom/server");
    expect(imports.filter((i) => /^(react-router|@react-router\/)/.test(i!))).toEqual([]);
  });

  it("starts nothing when imported, and exports the app, the route table and the start-up", () => {
    const probe = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const m = await import("./${SERVER_BUNDLE}");
         console.log(JSON.stringify(Object.keys(m).sort()), Object.keys(m.routes).length > 10);`,
        "an-argument-that-is-no-file",
      ],
      { env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" },
    );
    expect(probe.stderr).toBe("");
    expect(probe.status).toBe(0);
    const [exports, hasRoutes] = probe.stdout.trim().split(" ");
    expect(JSON.parse(exports!)).toEqual(
      expect.arrayContaining([
        "createHttpApp",
        "entry",
        "routes",
        "assets",
        "serve",
        "startServer",
      ]),
    );
    expect(hasRoutes).toBe("true");
  });
});

describe("a checkout holding only build/, node_modules, package.json (and the start script)", () => {
  let checkout: string;
  const builtAt = Date.now() / 1000;
  /** Dates a file of the checkout `seconds` after the build (before it when negative). */
  const age = (file: string, seconds: number) =>
    utimesSync(path.join(checkout, file), builtAt + seconds, builtAt + seconds);
  const marker = () => path.join(checkout, "build-ran");

  beforeAll(() => {
    checkout = mkdtempSync(path.join(tmpdir(), "server-bundle-"));
    cpSync("build", path.join(checkout, "build"), { recursive: true });
    cpSync("scripts", path.join(checkout, "scripts"), { recursive: true });
    symlinkSync(path.resolve("node_modules"), path.join(checkout, "node_modules"));
    // The real package.json, but its build only leaves a mark: a real build needs the sources.
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    manifest.scripts.build = `node -e "require('fs').writeFileSync('build-ran', '')"`;
    writeFileSync(path.join(checkout, "package.json"), JSON.stringify(manifest));
    age(SERVER_BUNDLE, 0);
    for (const file of readdirSync(path.join(checkout, "scripts"))) age(`scripts/${file}`, -60);
  });
  afterAll(() => rmSync(checkout, { recursive: true, force: true }));

  // Each start migrates a fresh embedded database: slow on a loaded machine.
  const slow = { timeout: 240_000 };
  const advisors = async (url: string) => {
    const page = await fetch(`${url}/advisors`);
    return { status: page.status, text: await page.text() };
  };
  const start = (args?: string[]) => startAppProcess({ SEED: "false" }, { cwd: checkout, args });

  it("the bundle serves with plain node, migrations included", slow, async () => {
    const app = await start();
    try {
      const page = await advisors(app.url);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Find Your Perfect Advisor");
    } finally {
      await app.stop();
    }
  });

  it(
    "npm start serves without building when the build is newer than the sources",
    slow,
    async () => {
      age("package.json", -60);
      rmSync(marker(), { force: true });
      const app = await start(["scripts/start.mjs"]);
      try {
        expect((await advisors(app.url)).status).toBe(200);
        expect(existsSync(marker())).toBe(false);
      } finally {
        await app.stop();
      }
    },
  );

  it("npm start builds first when a source is newer than the build", slow, async () => {
    age("package.json", 60);
    rmSync(marker(), { force: true });
    const app = await start(["scripts/start.mjs"]);
    try {
      expect(existsSync(marker())).toBe(true);
      expect((await advisors(app.url)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});
