import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { say } from "./stats";

/**
 * The builds the benchmark compares: this checkout's, and optionally a baseline (any git ref,
 * BENCH_BASELINE) checked out into a temporary worktree with the dependencies of its own
 * lockfile (installed from npm's cache where it can; this checkout's own node_modules when the
 * lockfiles are the same), built there and started from there.
 */
export type Build = { label: string; cwd: string; remove: () => void };

export function buildApp(cwd: string) {
  execFileSync("npm", ["run", "-s", "build"], { cwd, stdio: ["ignore", "ignore", "inherit"] });
}

export function currentBuild(root: string): Build {
  if (process.env.BENCH_SKIP_BUILD === "1") say("using the existing build/ (BENCH_SKIP_BUILD=1)");
  else {
    say("building this checkout...");
    buildApp(root);
  }
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root })
    .toString()
    .trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "--", "app", "core", "server"], {
    cwd: root,
  }).toString();
  return { label: `current (${commit}${dirty ? "+changes" : ""})`, cwd: root, remove: () => {} };
}

export function baselineBuild(root: string, ref: string): Build {
  const commit = execFileSync("git", ["rev-parse", "--short", `${ref}^{commit}`], { cwd: root })
    .toString()
    .trim();
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "bench-baseline-")), "app");
  say(`baseline ${ref} (${commit}): worktree in ${dir}, building...`);
  execFileSync("git", ["worktree", "add", "--detach", dir, commit], { cwd: root, stdio: "ignore" });
  const remove = () => {
    execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: root, stdio: "ignore" });
    rmSync(path.dirname(dir), { recursive: true, force: true });
  };
  try {
    const lockfile = (root: string) => readFileSync(path.join(root, "package-lock.json"), "utf8");
    if (lockfile(dir) === lockfile(root)) {
      say("  same lockfile: using this checkout's node_modules");
      symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    } else {
      say("  installing its dependencies...");
      execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
        cwd: dir,
        stdio: ["ignore", "ignore", "inherit"],
      });
    }
    buildApp(dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { label: `baseline (${commit})`, cwd: dir, remove };
}
