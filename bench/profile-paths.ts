import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CpuProfile, type ProfileSummary, summarizeProfile } from "./cpu-profile-summary";
import { BENCH_SECONDS, warmUp } from "./measure";
import { waitUntilIdle } from "./process-sampler";
import { loadOf, readPaths } from "./read-paths";
import { type AppTarget, startTarget } from "./read-path-bench";
import { say } from "./stats";
import { runWrk } from "./wrk";

/**
 * Where a request's time goes: for each read path, the app starts under `node --cpu-prof`,
 * warms up, takes load at 10 in flight, and exits on SIGTERM (server/main.ts ends with
 * process.exit(0), which writes the profile). Only the samples taken while wrk measured count.
 */
export type PathProfile = { name: string; requests: number; summary: ProfileSummary };

const CONNECTIONS = 10;
const microseconds = () => Number(process.hrtime.bigint() / 1000n);

export async function profilePaths(target: AppTarget) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-cpuprofile-"));
  say(`profiling each path of the ${target.build} build on ${target.database} (${dir}):`);
  const profiles: PathProfile[] = [];
  const names = (await listPaths(target)).map((p) => p.name);
  for (const [i, name] of names.entries()) {
    const out = path.join(dir, String(i));
    mkdirSync(out);
    const app = await startTarget(target, ["--cpu-prof", `--cpu-prof-dir=${out}`]);
    let requests = 0;
    let from = 0;
    let to = 0;
    try {
      const loadFor = loadOf(
        (await readPaths(app.url, target.advisorIds)).find((p) => p.name === name)!,
      );
      await warmUp(app.url, loadFor, { connections: CONNECTIONS, seconds: 2 });
      const load = loadFor(BENCH_SECONDS);
      await waitUntilIdle(app.pid);
      // Both clocks are CLOCK_MONOTONIC in µs: the profile's timestamps and process.hrtime.
      from = microseconds();
      requests = (await runWrk(app.url, load, { connections: CONNECTIONS, seconds: BENCH_SECONDS }))
        .requests;
      to = microseconds();
    } finally {
      await app.stop();
    }
    // One file per thread: CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile; thread 0 is the
    // main thread (a baseline started through tsx runs its module loader in another thread).
    const file = readdirSync(out).find((f) => /\.0\.\d+\.cpuprofile$/.test(f));
    if (!file) throw new Error(`The app wrote no CPU profile for ${name}`);
    // For a closer look (e.g. in Chrome DevTools): the measured window and the path.
    writeFileSync(path.join(out, "window.json"), JSON.stringify({ name, from, to, requests }));
    const profile = JSON.parse(readFileSync(path.join(out, file), "utf8")) as CpuProfile;
    let summary = summarizeProfile(profile, from, to);
    if (summary.busyUs === 0) {
      say("  (the profile's clock did not match; using the whole profile)");
      summary = summarizeProfile(profile);
    }
    say(
      `  ${name}: ${requests} requests, ${(summary.busyUs / requests).toFixed(0)} µs busy per request; top: ${summary.top
        .slice(0, 3)
        .map((t) => t.fn)
        .join(", ")}`,
    );
    profiles.push({ name, requests, summary });
  }
  return { dir, profiles };
}

async function listPaths(target: AppTarget) {
  const app = await startTarget(target);
  try {
    return await readPaths(app.url, target.advisorIds);
  } finally {
    await app.stop();
  }
}
