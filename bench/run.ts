import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { type BookingBench, benchBookings } from "./booking";
import { benchEngine, type EngineResult } from "./engine";
import { startAppProcess } from "../tests/support/app-process";
import { load, type LoadResult } from "./load";
import { ADVISOR_COUNT, benchSearch, type SearchResult } from "./search";
import { ms, say, type Summary } from "./stats";

/**
 * `npm run bench`: times the slot engine (pure), advisor search at 10,000 advisors and the
 * public slot endpoints of the built app under load, then writes bench/RESULTS.md. Loopback
 * only, bounded in requests and time.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SLOT_REQUESTS = 2000;
const DATE_REQUESTS = 500;
const CONCURRENCY = 20;
const ZONES = ["Asia/Kolkata", "America/New_York", "Europe/London", "Australia/Sydney"];

type Endpoints = { advisorId: string; slots: LoadResult; dates: LoadResult };

async function benchEndpoints(): Promise<Endpoints> {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    say("building the app (build/ is missing)...");
    execFileSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
  }
  say("starting the built app on a free loopback port...");
  const app = await startAppProcess({ RATE_LIMIT_SCALE: "100" });
  try {
    const listing = (await (await fetch(`${app.url}/api/advisors`)).json()) as {
      advisors: Array<{ id: string }>;
    };
    const advisorId = listing.advisors[0]?.id;
    if (!advisorId) throw new Error("The seeded app lists no advisor");
    const api = `${app.url}/api/advisors/${advisorId}`;
    // Every date of the booking window in four zones, both durations: free, busy and empty days.
    const slotUrls: string[] = [];
    const dateUrls: string[] = [];
    for (const tz of ZONES) {
      for (const duration of [30, 15]) {
        const q = `tz=${encodeURIComponent(tz)}&duration=${duration}`;
        dateUrls.push(`${api}/dates?${q}`);
        const window = (await (await fetch(`${api}/dates?${q}`)).json()) as { first: string };
        for (let i = 0; i <= 30; i++) {
          const date = new Date(Date.parse(`${window.first}T00:00:00Z`) + i * 86_400_000);
          slotUrls.push(`${api}/slots?date=${date.toISOString().slice(0, 10)}&${q}`);
        }
      }
    }
    say("warming up...");
    await load(slotUrls, { total: 200, concurrency: CONCURRENCY, budgetMs: 30_000 });
    say(`GET /api/advisors/{id}/slots x ${SLOT_REQUESTS}, ${CONCURRENCY} at a time:`);
    const slots = await load(slotUrls, {
      total: SLOT_REQUESTS,
      concurrency: CONCURRENCY,
      budgetMs: 120_000,
    });
    say(`GET /api/advisors/{id}/dates x ${DATE_REQUESTS}, ${CONCURRENCY} at a time:`);
    const dates = await load(dateUrls, {
      total: DATE_REQUESTS,
      concurrency: CONCURRENCY,
      budgetMs: 120_000,
    });
    return { advisorId, slots, dates };
  } finally {
    await app.stop();
  }
}

function machine(): string {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? "unknown CPU"}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${process.platform}`;
}

const row = (name: string, s: Summary) =>
  `| ${name} | ${s.count} | ${ms(s.mean)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
const loadRow = (name: string, r: LoadResult) =>
  `| ${name} | ${r.requests} | ${r.errors} | ${r.perSecond.toFixed(0)} | ${ms(r.latency.p50)} | ${ms(r.latency.p95)} | ${ms(r.latency.p99)} | ${ms(r.latency.max)} |`;

function report(
  engine: EngineResult,
  search: SearchResult,
  endpoints: Endpoints,
  bookings: BookingBench[],
): string {
  return `# Benchmark results

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine()}.

## Slot engine (core/slots.ts, pure)

One advisor in Asia/Kolkata (Mon-Sat 09:00-13:00 and 14:00-20:00), 200 bookings spread over
the next 30 days, 30-minute sessions, a visitor in America/New_York. A pass is what one visit
to the booking step costs: \`selectableDates\` for the calendar, then \`offeredSlots\` for every
selectable date (${engine.dates} dates, ${engine.slots} free slots left). Times in ms.

| measure | samples | mean | p50 | p95 | p99 | max |
|---|---|---|---|---|---|---|
${row("full pass", engine.pass)}
${row("selectableDates", engine.datesCall)}
${row("offeredSlots (one date)", engine.slotsCall)}

## Advisor search at 10,000 advisors

${ADVISOR_COUNT.toLocaleString("en")} approved advisors in a migrated in-memory PGlite database.
"Service" is what the listing and \`GET /api/advisors\` run (\`searchAdvisors\`: a version
check, rank every advisor with core/search.ts, load the public fields of page 2); "ranking" is
\`rankAdvisors\` alone on a built index. "Cold" is the first search after a profile changed,
which reloads the advisors and rebuilds the in-process index (\`buildSearchIndex\` alone:
p50 ${ms(search.indexBuild.p50)} ms); "warm" reuses it, ${search.ranking[0]?.time.count} runs per
query. Most of a warm search is database work; before the index existed, ranking alone took
60-90 ms per query. Times in ms; page bytes is the JSON of one page.

| query | found | cold | warm p50 | warm p95 | ranking p50 | ranking p95 | page bytes |
|---|---|---|---|---|---|---|---|
${search.service
  .map((s, i) => {
    const r = search.ranking[i]!.time;
    return `| ${s.query ? `"${s.query}"` : "(empty)"} | ${s.total} | ${ms(s.cold)} | ${ms(s.warm.p50)} | ${ms(s.warm.p95)} | ${ms(r.p50)} | ${ms(r.p95)} | ${s.pageBytes} |`;
  })
  .join("\n")}

## Slot endpoints under load

The built app (\`NODE_ENV=production\`, embedded PGlite database, seeded demo data) on a free
loopback port; requests cycle through all 31 dates of the booking window in ${ZONES.length} zones
and both durations for one seeded advisor, ${CONCURRENCY} in flight, after 200 warm-up requests.
Latency in ms, measured by the client (fetch, body read).

| endpoint | requests | errors | requests/s | p50 | p95 | p99 | max |
|---|---|---|---|---|---|---|---|
${loadRow("GET /api/advisors/{id}/slots", endpoints.slots)}
${loadRow("GET /api/advisors/{id}/dates", endpoints.dates)}

Each request makes one or two queries (the advisor with its schedule, then bookings and
blocked times in one UNION ALL) on PGlite's single connection, so requests queue on the
database; with \`DATABASE_URL\` (node-postgres, pool of 10) they would run in parallel. The
client and the server share the machine's two cores, so figures vary between runs.

## Booking and payment

The booking service (\`server/bookings\`) on a fresh migrated database: ${bookings[0]?.bookings}
create-and-confirm cycles for distinct seekers and times of one advisor, ${bookings[0]?.concurrency}
in flight. One cycle is what a paid booking costs the server: the hold transaction (advisor,
option and slot-engine checks, payment row, booking, order through the test provider), then
signature verification and confirmation (meeting link, two e-mails with \`.ics\` invitations).
Then 50 seekers ask for one time at once: exactly one hold must remain. Latency in ms.
PostgreSQL runs only when \`BENCH_POSTGRES_URL\` names a server.

| database | cycles/s | p50 | p95 | p99 | max | 50-way race: holds | race time |
|---|---|---|---|---|---|---|---|
${bookings
  .map(
    (b) =>
      `| ${b.database} | ${b.perSecond.toFixed(1)} | ${ms(b.latency.p50)} | ${ms(b.latency.p95)} | ${ms(b.latency.p99)} | ${ms(b.latency.max)} | ${b.race.holds} of ${b.race.attempts} | ${ms(b.race.ms)} |`,
  )
  .join("\n")}

PGlite has one connection, so cycles queue behind each other and latency grows with the number
in flight; PostgreSQL runs them in parallel and the exclusion constraints settle the race.
`;
}

say(`machine: ${machine()}`);
const engine = benchEngine();
say(`  pass p50 ${ms(engine.pass.p50)} ms, p95 ${ms(engine.pass.p95)} ms`);
say("search:");
const search = await benchSearch();
const endpoints = await benchEndpoints();
say("booking:");
const bookings = await benchBookings();
const out = path.join(ROOT, "bench/RESULTS.md");
// Formatted as the repository's `prettier --check` expects (aligned table columns).
const options = { ...(await resolveConfig(out)), parser: "markdown" };
writeFileSync(out, await format(report(engine, search, endpoints, bookings), options));
say(`wrote ${path.relative(ROOT, out)}`);
