import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { ADVISORS_PAGE_SIZE } from "../core/advisor-search-params";
import { AdvisorSearchIndex } from "../core/search";
import { createAdvisorDirectory } from "../server/advisors/advisor-directory.server";
import { advisors, users } from "../server/db/schema";
import { createTestDatabase } from "../server/db/database.test-support";
import { insertAdvisors, TITLES } from "./marketplace-data";
import { MIX_PHRASES, searchMix } from "./search-mix";
import { say, summarize, type Summary } from "./stats";

/**
 * Search at marketplace scale: approved advisors (10,000 unless BENCH_ADVISORS says otherwise)
 * in a migrated in-memory database; the listing's service (rank the advisors, load one page)
 * for a few fixed queries; and the index of core/search.ts alone: built from every advisor,
 * asked for the first page of queries of the never-asked mix (bench/search-mix.ts), each
 * once, asked for suggestions as the mix's phrases are typed, and updated one advisor at a time.
 */
const RUNS = 40;
const QUERIES = [
  "", // no usable words: every advisor
  "moving to dubai",
  "product manager at google",
  "salary negotiation",
  "studying in canada after engineering",
  "xylophone", // nobody
];
/** Mix queries that bring the index's code to its steady state before the measured ones. */
const MIX_WARMUP = 500;
const MIX_QUERIES = 2_000;
const BUILDS = 5;
/** What the listing asks of the index: the first page. */
const FIRST_PAGE = { offset: 0, limit: ADVISORS_PAGE_SIZE };
const UPDATES = 500;

export type SearchResult = {
  advisors: number;
  service: { query: string; cold: number; warm: Summary; total: number; pageBytes: number }[];
  /** ms: the fixed queries asked again and again of the index. */
  ranking: { query: string; time: Summary }[];
  /** ms: the index built from every advisor. */
  indexBuild: Summary;
  /** ms: each query of the mix asked once, after `mixWarmup` others. */
  mix: Summary;
  mixWarmup: number;
  /** Shares of the mix's queries that found someone, and that an alias or correction changed. */
  mixFound: number;
  mixUnderstood: number;
  /** ms: the suggestions at each keystroke of the mix's phrases, and the share with some. */
  keystroke: Summary;
  keystrokesSuggested: number;
  /** ms: one advisor's new job title and places, then a query of the mix right after it. */
  upsert: Summary;
  afterUpsert: Summary;
};

export async function benchSearch(advisorCount: number): Promise<SearchResult> {
  const database = await createTestDatabase();
  const { db } = database;
  try {
    say(`inserting ${advisorCount.toLocaleString("en")} approved advisors...`);
    await insertAdvisors(db, advisorCount);

    const rows = await db
      .select()
      .from(advisors)
      .innerJoin(users, sql`${users.id} = ${advisors.userId}`)
      .then((all) =>
        all.map((r) => ({
          ...r.advisors,
          firstName: r.users.firstName,
          lastName: r.users.lastName,
        })),
      );
    const builds: number[] = [];
    let index = new AdvisorSearchIndex(rows);
    for (let run = 0; run < BUILDS; run++) {
      const start = performance.now();
      index = new AdvisorSearchIndex(rows);
      builds.push(performance.now() - start);
    }
    say(`  index built in ${summarize(builds).p50.toFixed(0)} ms (p50)`);

    const mix = searchMix(1);
    for (const query of mix.take(MIX_WARMUP)) index.search(query, FIRST_PAGE);
    const times: number[] = [];
    let found = 0;
    let understood = 0;
    for (const query of mix.take(MIX_QUERIES)) {
      const start = performance.now();
      const { total, explanation } = index.search(query, FIRST_PAGE);
      times.push(performance.now() - start);
      if (total > 0 && !explanation.showingAll) found++;
      if (explanation.showingResultsFor !== null) understood++;
    }
    const mixTime = summarize(times);
    say(
      `  ${MIX_QUERIES} never-asked queries: p50 ${(mixTime.p50 * 1000).toFixed(0)} µs, p99 ${(mixTime.p99 * 1000).toFixed(0)} µs; ${found} found someone`,
    );

    const keystrokes: number[] = [];
    let suggested = 0;
    for (const phrase of MIX_PHRASES)
      for (let end = 1; end <= phrase.length; end++) {
        const start = performance.now();
        const suggestions = index.suggest(phrase.slice(0, end));
        keystrokes.push(performance.now() - start);
        if (suggestions.length > 0) suggested++;
      }
    say(`  suggestions: p50 ${(summarize(keystrokes).p50 * 1000).toFixed(0)} µs a keystroke`);

    // An update changes what the index holds (a new title, and places in another order plus
    // one no one else lists) of advisors spread over the set; the query after it pays whatever
    // the update left for later.
    const upserts: number[] = [];
    const afterUpsert: number[] = [];
    for (let i = 0; i < UPDATES; i++) {
      const advisor = rows[(i * 7_919) % rows.length]!;
      const changed = {
        ...advisor,
        jobTitle: TITLES[i % TITLES.length]!,
        workLocations: [...advisor.workLocations].reverse().concat(`Place ${i}`),
      };
      let start = performance.now();
      index.upsert(changed);
      upserts.push(performance.now() - start);
      const query = mix.next();
      start = performance.now();
      index.search(query, FIRST_PAGE);
      afterUpsert.push(performance.now() - start);
    }
    say(
      `  one advisor updated: p50 ${(summarize(upserts).p50 * 1000).toFixed(0)} µs, the query after it p50 ${(summarize(afterUpsert).p50 * 1000).toFixed(0)} µs`,
    );

    // Without a change feed: the index is reused while its count-and-latest-change stamp holds.
    const directory = createAdvisorDirectory({ db });
    const teamAdvisorId = randomUUID();
    const service: SearchResult["service"] = [];
    const ranking: SearchResult["ranking"] = [];
    for (const query of QUERIES) {
      const params = new URLSearchParams({ search: query, page: "2" });
      // The first search after a change rebuilds the in-process index; later ones reuse it.
      await db.execute(
        sql`update advisors set updated_at = now() where ctid = (select ctid from advisors limit 1)`,
      );
      let start = performance.now();
      const first = await directory.searchFor(params, teamAdvisorId);
      const cold = performance.now() - start;
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        start = performance.now();
        await directory.searchFor(params, teamAdvisorId);
        warm.push(performance.now() - start);
      }
      const pageBytes = Buffer.byteLength(JSON.stringify(first));
      service.push({ query, cold, warm: summarize(warm), total: first.total, pageBytes });
      say(
        `  "${query}": ${first.total} found, cold ${cold.toFixed(0)} ms, warm p50 ${summarize(warm).p50.toFixed(1)} ms`,
      );

      const again: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        start = performance.now();
        index.search(query, FIRST_PAGE);
        again.push(performance.now() - start);
      }
      ranking.push({ query, time: summarize(again) });
    }
    return {
      advisors: advisorCount,
      service,
      ranking,
      indexBuild: summarize(builds),
      mix: mixTime,
      mixWarmup: MIX_WARMUP,
      keystroke: summarize(keystrokes),
      keystrokesSuggested: suggested / keystrokes.length,
      mixFound: found / MIX_QUERIES,
      mixUnderstood: understood / MIX_QUERIES,
      upsert: summarize(upserts),
      afterUpsert: summarize(afterUpsert),
    };
  } finally {
    await database.destroy();
  }
}
