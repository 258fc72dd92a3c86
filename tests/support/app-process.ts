import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_BUNDLE } from "./server-bundle";

/*
 * The built app as a child process on a free loopback port, as `npm start` runs it: used by
 * browser journeys that need a database or settings of their own, and by the benchmark.
 */

/**
 * Node's arguments that start the built app in checkout `cwd` (with NODE_ENV=production): the
 * server bundle, which `npm start` serves once its build is fresh. A checkout from before the
 * bundle (a benchmark's baseline) ran its TypeScript start-up code through tsx.
 */
export function appCommand(cwd = "."): string[] {
  const beforeBundle =
    existsSync(path.join(cwd, "server/main.ts")) && !existsSync(path.join(cwd, "server/entry.ts"));
  return beforeBundle ? ["--import", "tsx", "server/main.ts"] : [SERVER_BUNDLE];
}

export type AppProcess = {
  url: string;
  port: number;
  /** The server's own process id (node itself), for CPU and memory sampling. */
  pid: number;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export function freshDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "beenthere-app-"));
}

/**
 * Starts the app and waits for `/healthz`. Without `DATA_DIR` in `env` it gets a fresh data
 * directory, which `stop()` deletes; a given one is left for the caller. `cwd` runs another
 * checkout's build (the benchmark's baseline); `args` replace the app's own (e.g. with the start
 * script) and `nodeArgs` come before them.
 */
export async function startAppProcess(
  env: Record<string, string> = {},
  {
    port,
    timeoutMs = 120_000,
    cwd,
    nodeArgs = [],
    args = appCommand(cwd),
  }: { port?: number; timeoutMs?: number; cwd?: string; nodeArgs?: string[]; args?: string[] } = {},
): Promise<AppProcess> {
  port ??= await freePort();
  const ownDataDir = env.DATA_DIR ? null : freshDataDir();
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Always the embedded database, whatever the shell has set.
      DATABASE_URL: "",
      MIGRATION_DATABASE_URL: "",
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const stop = async () => {
    await terminate(child);
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(2000),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, port, pid: child.pid!, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The app did not start within ${timeoutMs / 1000} s:\n${stderr}`);
}

/** SIGTERM (the app closes its database cleanly), then SIGKILL after 10 s. */
function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
