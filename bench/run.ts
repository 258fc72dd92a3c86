import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { type BookingBench, benchBookings } from "./booking";
import { baselineBuild, type Build, currentBuild } from "./builds";
import { preparePglite, preparePostgres, type PreparedDatabase } from "./databases";
import { benchEngine, type EngineResult } from "./engine";
import { BENCH_SECONDS, ROUNDS, SKIP, WARMUP_SECONDS } from "./measure";
import { benchFrontend, type FrontendFigures, frontendSection } from "./frontend-section";
import { startPostgres } from "./postgres-server";
import { type PathProfile, profilePaths } from "./profile-paths";
import {
  type AppTarget,
  benchCeiling,
  benchTargets,
  startTarget,
  type TargetFigures,
} from "./read-path-bench";
import {
  bookingSection,
  type Ceiling,
  ceilingSection,
  databaseComparison,
  engineSection,
  machine,
  profileSection,
  readPathSection,
  searchSection,
} from "./report";
import { benchSearch, type SearchResult } from "./search";
import { benchStreams, type StreamFigures, streamsSection } from "./streams";
import { SEARCH_MIX_DESCRIPTION } from "./search-mix";
import { ms, say } from "./stats";
import { requireWrk } from "./wrk";
import { benchYear, yearSection } from "./year";

/**
 * `npm run bench`: the built app against a real PostgreSQL server and against PGlite, each
 * holding 10,000 approved advisors with schedules and bookings; every public read path at 10
 * and 50 in flight (wrk), with the server's CPU and memory, beside a bare node:http server's
 * ceiling; optionally a baseline build (BENCH_BASELINE=<git ref>) on copies of the same data;
 * the booking service; a CPU profile per path; the slot engine and search in-process. Writes
 * bench/RESULTS.md. Loopback only; about 15 minutes with a baseline. Figures never fail
 * anything.
 *
 * Knobs (environment): BENCH_BASELINE=<ref>, BENCH_SECONDS (6), BENCH_WARMUP_SECONDS (1),
 * BENCH_ROUNDS (2: each build's runs per read-path figure, taken in turns, the best counts),
 * BENCH_ADVISORS (10000, the search section's too), BENCH_SKIP_BUILD=1 (use build/ as it is),
 * BENCH_SKIP=engine,search,reads,profile,pages,booking,year,streams (leave sections out; year's
 * own knobs, YEAR_*, are in bench/year.ts, the streams' STREAMS_* in bench/streams.ts) and kept,new,mix
 * (leave read paths out of "reads" and "profile": those answered from kept answers, those with
 * every URL new, the never-asked search mix) and postgres,pglite (leave a database out of the
 * read paths and the streams), BENCH_ONLY=/slots,/dates (only the read paths whose name holds one of these),
 * BENCH_LIGHTHOUSE_RUNS (3, the baseline gets one), BENCH_TAP_RUNS (5, each build: the throttled
 * phone's tap on a profile's booking panel), BENCH_OUT (another file than
 * bench/RESULTS.md).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ADVISORS = Number(process.env.BENCH_ADVISORS ?? 10_000);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TAP_RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5);
const OUT = path.resolve(process.env.BENCH_OUT ?? path.join(ROOT, "bench/RESULTS.md"));

// Ctrl-C still runs the "exit" handlers that stop PostgreSQL.
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

type Results = {
  engine?: EngineResult;
  search?: SearchResult;
  builds: Build[];
  reads: { database: string; figures: TargetFigures[] }[];
  ceiling: Ceiling;
  profiles: { target: AppTarget; profiles: PathProfile[] }[];
  bookings?: BookingBench[];
  year?: string;
  streams?: StreamFigures[];
  pages: FrontendFigures[];
  minutes: number;
  load: { start: string; end: string };
};

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

function report(r: Results): string {
  const sections: string[] = [];
  if (r.reads.length) {
    const current = r.builds[0]!.label;
    sections.push(`## Public read paths under load

The built app (\`NODE_ENV=production\`, \`LOG_LEVEL=info\` with stdout discarded,
\`RATE_LIMIT_SCALE=100\`) on a free loopback port, one process, against each database holding
the seeded demo data plus ${ADVISORS.toLocaleString("en")} approved advisors, each with a weekly
schedule (Mon-Sat, 10 hours a day) and two confirmed bookings in the next four weeks whose
reminders were sent (no backlog of reminder mails is delivered while the server is measured). wrk
keeps a fixed number of connections busy, one request in flight on each, for ${BENCH_SECONDS} s
after a warm-up (every URL of the path asked once, then ${WARMUP_SECONDS} s of wrk), asking for
gzip/deflate/br like a browser; the figures are the steady state of a site whose pages have
each been asked for once since the data last changed, and the "each URL new" rows show what a
first request costs (a search gets one more word found nowhere); the "each query new" rows ask
search and the listing queries people type, each never asked before in that server process
(bench/search-mix.ts); profiles cycle
through 200 advisors, dates and slots through 8 advisors, 4 zones, both durations and every
date of the window. Before the warm-up and again before the measurement the bench waits until
the server is idle: it still works through the requests it accepted before wrk stopped, and
a slow path with 50 in flight would otherwise start the measurement seconds behind. Requests
still unanswered when the time is up do not count: a 0 means none finished, each waiting
longer than the measurement behind the 49 others. p50/p99 as wrk measures them; errors are non-2xx/3xx answers plus socket
errors and timeouts; server CPU is the app process's user+system time over the measurement
(100% = one core), RSS its largest resident set. "% of ceiling" compares with a bare
\`node:http\` server (below) answering a body of the same size on the wire (the closest size
measured), driven the same way. Client and server share the machine's cores, so the client takes part of the CPU; a
server CPU well below 100% with long latencies means other processes kept it from running.
The builds run side by side and are measured in turns: for each figure every build gets
${ROUNDS} runs, the order reversed each round, and its best run is shown (runs of one build
back to back differed by up to 15-20% on this shared machine; in turns, drift hits every build
alike).

The never-asked search mix (bench/search-mix.ts). ${SEARCH_MIX_DESCRIPTION}

${r.builds.length > 1 ? `Baseline and current builds read copies of the same database (a \`CREATE DATABASE ... TEMPLATE\` copy, a copy of the PGlite directory).` : ""}

${r.reads.map((d) => readPathSection(d.database, d.figures, r.ceiling, BENCH_SECONDS)).join("\n")}
### PostgreSQL and PGlite side by side (${current})

Requests/s / p99 ms.

${databaseComparison(r.reads.map((d) => ({ database: d.database, figures: d.figures.find((f) => f.target.build === current)! })))}

### The ceiling: a bare node:http server

A separate Node process answering every request with a fixed body of each path's size (no
routing, no database, no compression), driven by the same wrk settings.

${ceilingSection(r.ceiling)}
`);
  }
  if (r.profiles.length)
    sections.push(`## Where the time goes

Each build on ${r.profiles[0]!.target.database}, started under \`node --cpu-prof\` once per path,
warmed up (every URL once, then 2 s of wrk), then ${BENCH_SECONDS} s at 10 in flight; only the samples taken during those
${BENCH_SECONDS} s count. Each sampled function's self time goes to the category of its script (a
builtin or Node internal helper counts for its caller); "app code" is everything Vite bundled
into build/server/index.js (route modules with their loaders and components, and the server/
and core/ code they import), which the profile cannot split further. Profiling slows the
server by a few per cent. V8 samples on a wall-clock timer, so on a busy machine a thread that
was runnable but not running still counts as busy: the shares are sounder than the absolute
µs, which are upper bounds.

${r.profiles.map((p) => `### The ${p.target.build} build\n\n${profileSection(p.profiles)}`).join("\n\n")}
`);
  if (r.bookings)
    sections.push(`## Booking and payment

The booking service (\`server/bookings\`) on a fresh migrated database: ${r.bookings[0]?.bookings}
create-and-confirm cycles for distinct seekers and times of one advisor, with 10 and then 50
in flight. One cycle is what a paid booking costs the server: the hold transaction (advisor,
option and slot-engine checks, payment row, booking, order through the test provider), then
signature verification and confirmation (meeting link, two e-mails with \`.ics\` invitations).
Then 50 seekers ask for one time at once: exactly one hold must remain. Latency in ms.

${bookingSection(r.bookings)}

PGlite has one connection, so cycles queue behind each other and latency grows with the number
in flight; PostgreSQL runs them in parallel (up to the pool's 10 connections) and the
exclusion constraints settle the race.
`);
  if (r.year) sections.push(r.year);
  if (r.streams) sections.push(streamsSection(r.streams));
  if (r.pages.length) sections.push(frontendSection(r.pages));
  if (r.engine) sections.push(engineSection(r.engine));
  if (r.search) sections.push(searchSection(r.search, r.reads.length > 0));
  return `# Benchmark results

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)} in ${r.minutes.toFixed(0)} minutes.
Machine: ${machine()}; load average ${r.load.start} at the start, ${r.load.end} at the end
(the machine is shared: figures from a busy machine are lower and noisier).
Builds: ${r.builds.map((b) => b.label).join(", ")}.

${sections.join("\n")}`;
}

async function main() {
  const began = performance.now();
  say(`machine: ${machine()}`);
  const results: Results = {
    builds: [],
    reads: [],
    ceiling: new Map(),
    pages: [],
    profiles: [],
    minutes: 0,
    load: { start: loadAverage(), end: "" },
  };
  const http = !SKIP.has("reads") || !SKIP.has("profile") || !SKIP.has("pages");
  const streams = !SKIP.has("streams");
  if (http) requireWrk();
  // The read paths', the booking service's, the year's and the streams' PostgreSQL.
  const postgres =
    ((http || streams) && !SKIP.has("postgres")) || !SKIP.has("booking") || !SKIP.has("year")
      ? await startPostgres()
      : null;
  const databases: PreparedDatabase[] = [];
  try {
    if (http || streams) results.builds.push(currentBuild(ROOT));
    if (http) {
      if (process.env.BENCH_BASELINE)
        results.builds.push(baselineBuild(ROOT, process.env.BENCH_BASELINE));
      if (postgres && !SKIP.has("postgres"))
        databases.push(await preparePostgres(postgres, ROOT, ADVISORS));
      if (!SKIP.has("pglite")) databases.push(await preparePglite(ROOT, ADVISORS));
      const target = (d: PreparedDatabase, b: number): AppTarget => ({
        build: results.builds[b]!.label,
        database: d.label,
        cwd: results.builds[b]!.cwd,
        env: d.env(b),
        advisorIds: d.advisorIds,
      });
      if (!SKIP.has("reads")) {
        for (const d of databases) {
          const figures = await benchTargets([...results.builds.keys()].map((b) => target(d, b)));
          results.reads.push({ database: d.label, figures });
        }
        results.ceiling = await benchCeiling(
          results.reads[0]!.figures[0]!.paths.map((p) => p.bodyBytes),
        );
      }
      if (!SKIP.has("profile")) {
        for (const b of results.builds.keys()) {
          const profiled = target(databases[0]!, b);
          results.profiles.push({ target: profiled, ...(await profilePaths(profiled)) });
        }
      }
      if (!SKIP.has("pages")) {
        for (const b of results.builds.keys()) {
          const app = await startTarget(target(databases[0]!, b));
          try {
            const runs = b === 0 ? LIGHTHOUSE_RUNS : 1;
            const paths = ["/", "/advisors", `/advisor/${databases[0]!.advisorIds[0]}`];
            results.pages.push(
              await benchFrontend(results.builds[b]!.label, app.url, paths, runs, TAP_RUNS),
            );
          } finally {
            await app.stop();
          }
        }
      }
    }
    if (postgres && !SKIP.has("booking")) {
      say("booking:");
      results.bookings = await benchBookings({
        url: postgres.database("postgres"),
        label: `PostgreSQL ${postgres.version}`,
      });
    }
    if (postgres && !SKIP.has("year"))
      results.year = yearSection(await benchYear(process.env.YEAR_SERVER ?? postgres.url));
    if (streams) results.streams = await benchStreams(SKIP.has("postgres") ? null : postgres, ROOT);
  } finally {
    for (const d of databases) await d.cleanup();
    for (const b of results.builds) b.remove();
    postgres?.stop();
  }
  if (!SKIP.has("engine")) {
    say("slot engine:");
    results.engine = benchEngine();
    say(`  pass p50 ${ms(results.engine.pass.p50)} ms, p95 ${ms(results.engine.pass.p95)} ms`);
  }
  if (!SKIP.has("search")) {
    say("search:");
    results.search = await benchSearch(ADVISORS);
  }
  results.minutes = (performance.now() - began) / 60_000;
  results.load.end = loadAverage();
  // Formatted as the repository's `prettier --check` expects (aligned table columns).
  const options = { ...(await resolveConfig(OUT)), parser: "markdown" };
  writeFileSync(OUT, await format(report(results), options));
  say(`wrote ${path.relative(process.cwd(), OUT)} (${results.minutes.toFixed(1)} minutes)`);
}

await main();
// PGlite and pg pools of the in-process benchmarks may keep the event loop alive.
process.exit(0);
