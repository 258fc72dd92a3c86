import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appCommand, startAppProcess } from "../../tests/support/app-process";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "data-dir-lock-"));

/** A pid that is certainly dead: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.pid"]);
  return child.pid!;
}

describe("the data directory lock", () => {
  it("is held by one holder at a time and names the holder to the next", () => {
    const file = path.join(tempDir(), "db.lock");
    const lock = lockDataDir(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
    // The same process asking again stands for a second server: refused, holder named.
    expect(() => lockDataDir(file)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(file)).toThrow(`process ${process.pid}`);
    lock.release();
    expect(existsSync(file)).toBe(false);
    lockDataDir(file).release();
  });

  it("takes over a lock left by a process that died", () => {
    const file = path.join(tempDir(), "db.lock");
    const pid = deadPid();
    writeFileSync(file, JSON.stringify({ pid, startedAt: "earlier", processStart: null }));
    const lock = lockDataDir(file);
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock whose pid now belongs to another process (a recycled pid)", () => {
    const file = path.join(tempDir(), "db.lock");
    writeFileSync(
      file,
      JSON.stringify({ pid: process.pid, startedAt: "long ago", processStart: "1" }),
    );
    lockDataDir(file).release();
  });

  it("takes over a half-written lock file", () => {
    const file = path.join(tempDir(), "db.lock");
    writeFileSync(file, "{");
    lockDataDir(file).release();
  });
});

describe("two servers on one embedded database", () => {
  const dataDir = tempDir();
  let stopFirst: (() => Promise<void>) | undefined;
  afterAll(() => stopFirst?.());

  // Two real server starts: slow on a loaded machine.
  it(
    "the second refuses to start, naming the process that holds the database",
    { timeout: 240_000 },
    async () => {
      const first = await startAppProcess({ DATA_DIR: dataDir, SEED: "false" });
      stopFirst = first.stop;
      const holder = JSON.parse(readFileSync(path.join(dataDir, "db.lock"), "utf8")) as {
        pid: number;
      };
      const second = spawn(process.execPath, appCommand(), {
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          PORT: "0",
          HOST: "127.0.0.1",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      second.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      second.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain(
        `The embedded database is in use by another BeenThere server (process ${holder.pid}`,
      );
      // The first server is unharmed.
      expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200);
      await first.stop();
      stopFirst = undefined;
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    },
  );
});
