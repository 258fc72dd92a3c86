import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Drives a server with `wrk` (a C load generator: a Node fetch loop cannot come near what a
 * bare node:http server answers on two cores) through bench/wrk-cycle.lua, which cycles
 * through a list of request paths with a fixed number of connections, each one request in
 * flight at a time.
 */
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "wrk-cycle.lua");

export type WrkResult = {
  requests: number;
  seconds: number;
  perSecond: number;
  /** Non-2xx/3xx answers plus socket errors and timeouts. */
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** Bytes received per response (headers included). */
  bytesPerResponse: number;
};

/** Throws with install instructions when wrk is not on PATH. */
export function requireWrk(): void {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (error) {
    // `wrk --version` prints its banner and exits 1; only a missing binary is a problem.
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(
        "The benchmark needs wrk (https://github.com/wg/wrk): `apt-get install -y wrk` on Debian/Ubuntu, `brew install wrk` on macOS.",
      );
  }
}

/**
 * How the requests of one run differ: "repeat" cycles through the URLs; "unique" makes every
 * request's URL new (an extra parameter the app ignores, or a search word found nowhere), so
 * each one is rendered, never answered from a cache; "listed" asks each listed URL once (they
 * are new themselves), then goes on as "unique".
 */
export type Variation = "repeat" | "unique" | "listed";

/** What one run asks for: paths and queries (e.g. "/api/advisors?search=dubai"). */
export type WrkLoad = { paths: readonly string[]; variation: Variation };

/** Loads `baseUrl` with `connections` connections for `seconds`, cycling through the paths. */
export async function runWrk(
  baseUrl: string,
  { paths, variation }: WrkLoad,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<WrkResult> {
  const threads = Math.min(2, connections);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-wrk-"));
  const list = path.join(dir, "paths.txt");
  writeFileSync(list, `${paths.join("\n")}\n`);
  try {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        "wrk",
        [
          `-t${threads}`,
          `-c${connections}`,
          `-d${seconds}s`,
          "--timeout",
          "10s",
          "-s",
          SCRIPT,
          baseUrl,
          "--",
          list,
          String(threads),
          variation,
          `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        ],
        { timeout: (seconds + 30) * 1000 },
        (error, out, err) =>
          error ? reject(new Error(`wrk failed: ${err || error}`)) : resolve(out),
      ),
    );
    const line = stdout.split("\n").find((l) => l.startsWith("{"));
    if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
    const r = JSON.parse(line) as Record<string, number>;
    const secs = r.durationUs! / 1e6;
    return {
      requests: r.requests!,
      seconds: secs,
      perSecond: r.requests! / secs,
      errors: r.connect! + r.read! + r.write! + r.status! + r.timeout!,
      p50: r.p50Us! / 1000,
      p99: r.p99Us! / 1000,
      max: r.maxUs! / 1000,
      bytesPerResponse: r.requests ? r.bytes! / r.requests : 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
