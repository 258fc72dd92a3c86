import { cpus, totalmem } from "node:os";
import type { BookingBench } from "./booking";
import { CATEGORIES, CATEGORY_NOTES, type Category } from "./cpu-profile-summary";
import type { EngineResult } from "./engine";
import type { Measurement } from "./measure";
import { CONNECTIONS } from "./measure";
import type { PathProfile } from "./profile-paths";
import type { TargetFigures } from "./read-path-bench";
import type { SearchResult } from "./search";
import { SEARCH_MIX_DESCRIPTION } from "./search-mix";
import { ms, type Summary } from "./stats";

/** The markdown of bench/RESULTS.md, one function per section. */
export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? "unknown CPU"}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${process.platform}`;
}

const int = (n: number) => Math.round(n).toLocaleString("en");
const pct = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)}%`;

export type Ceiling = Map<number, Record<number, Measurement>>;

/** The bare server's figures for the body size closest to `bytes`. */
function nearestCeiling(ceiling: Ceiling, bytes: number) {
  let best: number | undefined;
  for (const size of ceiling.keys())
    if (best === undefined || Math.abs(size - bytes) < Math.abs(best - bytes)) best = size;
  return best === undefined ? undefined : ceiling.get(best);
}

function readPathRows(figures: TargetFigures[], ceiling: Ceiling, connections: number) {
  const names = figures[0]?.paths.map((p) => p.name) ?? [];
  return names.flatMap((name) =>
    figures.map((f, i) => {
      const path = f.paths.find((p) => p.name === name)!;
      const m = path.byConnections[connections]!;
      const bare = nearestCeiling(ceiling, path.bodyBytes)?.[connections];
      const share = bare ? pct((m.perSecond / bare.perSecond) * 100) : "-";
      const label = i === 0 ? `${name}${path.answered ? "" : " (not 200!)"}` : "";
      const [p50, p99] = m.requests ? [ms(m.p50), ms(m.p99)] : ["-", "-"];
      return `| ${label} | ${f.target.build} | ${int(m.perSecond)} | ${p50} | ${p99} | ${m.errors} | ${m.cpuPercent.toFixed(0)} | ${m.maxRssMb.toFixed(0)} | ${share} |`;
    }),
  );
}

export function readPathSection(
  database: string,
  figures: TargetFigures[],
  ceiling: Ceiling,
  seconds: number,
) {
  const header = `| path | build | requests/s | p50 ms | p99 ms | errors | server CPU % | max RSS MB | % of ceiling |
|---|---|---|---|---|---|---|---|---|`;
  return `### ${database}

${CONNECTIONS.map(
  (c) => `${c} in flight (${seconds} s per figure):

${header}
${readPathRows(figures, ceiling, c).join("\n")}`,
).join("\n\n")}
`;
}

export function databaseComparison(byDatabase: { database: string; figures: TargetFigures }[]) {
  const names = byDatabase[0]?.figures.paths.map((p) => p.name) ?? [];
  const cols = byDatabase.flatMap(({ database }) =>
    CONNECTIONS.map((c) => `${database}, ${c} in flight`),
  );
  const rows = names.map((name) => {
    const cells = byDatabase.flatMap(({ figures }) =>
      CONNECTIONS.map((c) => {
        const m = figures.paths.find((p) => p.name === name)!.byConnections[c]!;
        return m.requests ? `${int(m.perSecond)} / ${ms(m.p99)}` : "0 / -";
      }),
    );
    return `| ${name} | ${cells.join(" | ")} |`;
  });
  return `| path | ${cols.join(" | ")} |
|---|${cols.map(() => "---|").join("")}
${rows.join("\n")}`;
}

export function ceilingSection(ceiling: Ceiling) {
  const rows = [...ceiling.entries()]
    .sort(([a], [b]) => a - b)
    .map(
      ([size, by]) =>
        `| ${int(size)} | ${CONNECTIONS.map((c) => `${int(by[c]!.perSecond)} | ${ms(by[c]!.p99)} | ${by[c]!.cpuPercent.toFixed(0)}`).join(" | ")} |`,
    );
  return `| body bytes | ${CONNECTIONS.map((c) => `${c} in flight: requests/s | p99 ms | CPU %`).join(" | ")} |
|---|${CONNECTIONS.map(() => "---|---|---|").join("")}
${rows.join("\n")}`;
}

export function bookingSection(bookings: BookingBench[]) {
  return `| database | in flight | cycles/s | p50 | p95 | p99 | max | 50-way race: holds | race time |
|---|---|---|---|---|---|---|---|---|
${bookings
  .map(
    (b) =>
      `| ${b.database} | ${b.concurrency} | ${b.perSecond.toFixed(1)} | ${ms(b.latency.p50)} | ${ms(b.latency.p95)} | ${ms(b.latency.p99)} | ${ms(b.latency.max)} | ${b.race.holds} of ${b.race.attempts} | ${ms(b.race.ms)} |`,
  )
  .join("\n")}`;
}

const share = (p: PathProfile, c: Category) =>
  p.summary.busyUs ? (p.summary.byCategory[c] / p.summary.busyUs) * 100 : 0;
const perRequest = (p: PathProfile, c: Category) =>
  p.requests ? p.summary.byCategory[c] / p.requests : 0;

export function profileSection(profiles: PathProfile[]) {
  const head = `| path | busy µs/request | ${CATEGORIES.join(" | ")} |
|---|---|${CATEGORIES.map(() => "---|").join("")}`;
  const shares = profiles.map(
    (p) =>
      `| ${p.name} | ${int(p.summary.busyUs / Math.max(1, p.requests))} | ${CATEGORIES.map((c) => pct(share(p, c))).join(" | ")} |`,
  );
  const micros = profiles.map(
    (p) =>
      `| ${p.name} | ${int(p.summary.busyUs / Math.max(1, p.requests))} | ${CATEGORIES.map((c) => int(perRequest(p, c))).join(" | ")} |`,
  );
  const readings = profiles.map((p) => {
    const top = [...CATEGORIES]
      .sort((a, b) => share(p, b) - share(p, a))
      .slice(0, 3)
      .map((c) => `${c} ${pct(share(p, c))} (${int(perRequest(p, c))} µs)`);
    const busy = p.summary.windowUs ? (p.summary.busyUs / p.summary.windowUs) * 100 : 0;
    const functions = p.summary.top
      .slice(0, 4)
      .map((t) => `\`${t.fn}\` ${int(t.us / Math.max(1, p.requests))} µs (${t.category})`);
    return `- **${p.name}**: ${int(p.summary.busyUs / Math.max(1, p.requests))} µs of main-thread time per request, busy ${pct(busy)} of the time; most of it ${top.join(", ")}. Heaviest functions (self time per request): ${functions.join(", ")}.`;
  });
  return `Share of the main thread's busy time (idle excluded):

${head}
${shares.join("\n")}

The same in µs per request:

${head}
${micros.join("\n")}

${readings.join("\n")}

Categories: ${CATEGORIES.map((c) => `**${c}**: ${CATEGORY_NOTES[c]}`).join("; ")}.`;
}

const row = (name: string, s: Summary) =>
  `| ${name} | ${s.count} | ${ms(s.mean)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;

export function engineSection(engine: EngineResult) {
  return `## Slot engine (core/slots.ts, pure)

One advisor in Asia/Kolkata (Mon-Sat 09:00-13:00 and 14:00-20:00), 200 bookings spread over
the next 30 days, 30-minute sessions, a visitor in America/New_York. A pass is what one visit
to the booking step costs: \`selectableDates\` for the calendar, then \`offeredSlots\` for every
selectable date (${engine.dates} dates, ${engine.slots} free slots left). Times in ms.

| measure | samples | mean | p50 | p95 | p99 | max |
|---|---|---|---|---|---|---|
${row("full pass", engine.pass)}
${row("selectableDates", engine.datesCall)}
${row("offeredSlots (one date)", engine.slotsCall)}
`;
}

const us = (value: number) => int(value * 1000);

/** `mixDescribed`: the read paths' section already describes the never-asked mix. */
export function searchSection(search: SearchResult, mixDescribed: boolean) {
  const inUs = (name: string, s: Summary) =>
    `| ${name} | ${s.count} | ${us(s.mean)} | ${us(s.p50)} | ${us(s.p99)} | ${us(s.max)} |`;
  return `## Advisor search at ${int(search.advisors)} advisors

${int(search.advisors)} approved advisors in a migrated in-memory PGlite database, and the
search index of core/search.ts built from them.

### The index: never-asked queries, suggestions, build, updates

Each of ${search.mix.count} queries of the never-asked search mix asked once of the index for
the listing's first page, as the listing asks (the goal: at most 500 µs each), after
${search.mixWarmup} others of the mix warmed the code up.
${mixDescribed ? "" : SEARCH_MIX_DESCRIPTION} Of these queries ${pct(search.mixFound * 100)} found at least one advisor,
and an alias or a typo correction changed ${pct(search.mixUnderstood * 100)}.
Building the index from every advisor takes p50 ${ms(search.indexBuild.p50)} ms (${search.indexBuild.count} builds).
Suggestions (\`suggest\`) are asked at every keystroke of each of the mix's phrases typed a
character at a time (${pct(search.keystrokesSuggested * 100)} of the keystrokes got some). An update (\`upsert\`) gives one advisor a new job title and places, on advisors spread over
the set; the query after it is the next of the mix, which pays whatever the update left for
later. Times in µs.

| measure | samples | mean | p50 | p99 | max |
|---|---|---|---|---|---|
${inUs("never-asked query", search.mix)}
${inUs("suggestions, one keystroke", search.keystroke)}
${inUs("one advisor updated", search.upsert)}
${inUs("never-asked query after an update", search.afterUpsert)}

### The listing's service and fixed queries

"Service" is what the listing and \`GET /api/advisors\` run (\`searchFor\` without a change
feed: a version check, the index's search, the public fields of page 2); "index" is the index's
\`search\` alone for page 1, the same query asked ${search.ranking[0]?.time.count} times. "Cold" is the
first search after a profile changed, which reloads the searchable fields and brings the index
up to date; "warm" reuses them. Times in ms; page bytes is the JSON of one page.

| query | found | cold | warm p50 | warm p95 | index p50 | index p95 | page bytes |
|---|---|---|---|---|---|---|---|
${search.service
  .map((s, i) => {
    const r = search.ranking[i]!.time;
    return `| ${s.query ? `"${s.query}"` : "(empty)"} | ${s.total} | ${ms(s.cold)} | ${ms(s.warm.p50)} | ${ms(s.warm.p95)} | ${ms(r.p50)} | ${ms(r.p95)} | ${s.pageBytes} |`;
  })
  .join("\n")}
`;
}
