import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { ADVISORS_PAGE_SIZE } from "../core/advisor-search-params";
import { AdvisorSearchIndex, type SearchableAdvisor } from "../core/search";
import { createAdvisorDirectory } from "../server/advisors/advisor-directory.server";
import { advisors, users } from "../server/db/schema";
import { createTestDatabase } from "../server/db/test-database";
import { insertAdvisors } from "./marketplace-data";
import { say, summarize, type Summary } from "./stats";

/**
 * Search at marketplace scale: 10,000 approved advisors in a migrated in-memory database, then
 * the listing's service (rank every advisor, load one page) and the pure ranking alone.
 */
export const ADVISOR_COUNT = 10_000;
const RUNS = 40;
const QUERIES = [
  "", // no usable words: every advisor
  "moving to dubai",
  "product manager at google",
  "salary negotiation",
  "studying in canada after engineering",
  "xylophone", // nobody
];

export type SearchResult = {
  service: { query: string; cold: number; warm: Summary; total: number; pageBytes: number }[];
  ranking: { query: string; time: Summary }[];
  indexBuild: Summary;
};

export async function benchSearch(): Promise<SearchResult> {
  const database = await createTestDatabase();
  const { db } = database;
  try {
    say(`inserting ${ADVISOR_COUNT.toLocaleString("en")} approved advisors...`);
    await insertAdvisors(db, ADVISOR_COUNT);

    const service: SearchResult["service"] = [];
    const ranking: SearchResult["ranking"] = [];
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
    // Without a change feed: the index is reused while its count-and-latest-change stamp holds.
    const directory = createAdvisorDirectory({ db });
    const builds: number[] = [];
    let index = new AdvisorSearchIndex<SearchableAdvisor>();
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      index = new AdvisorSearchIndex<SearchableAdvisor>(rows);
      builds.push(performance.now() - start);
    }
    for (const query of QUERIES) {
      const options = { query, page: 2, pageSize: ADVISORS_PAGE_SIZE, teamAdvisorId: randomUUID() };
      // The first search after a change rebuilds the in-process index; later ones reuse it.
      await db.execute(
        sql`update advisors set updated_at = now() where ctid = (select ctid from advisors limit 1)`,
      );
      let start = performance.now();
      const first = await directory.search(options);
      const cold = performance.now() - start;
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        start = performance.now();
        await directory.search(options);
        warm.push(performance.now() - start);
      }
      const pageBytes = Buffer.byteLength(JSON.stringify(first));
      service.push({ query, cold, warm: summarize(warm), total: first.total, pageBytes });
      say(
        `  "${query}": ${first.total} found, cold ${cold.toFixed(0)} ms, warm p50 ${summarize(warm).p50.toFixed(1)} ms`,
      );

      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        start = performance.now();
        index.search(query);
        times.push(performance.now() - start);
      }
      ranking.push({ query, time: summarize(times) });
    }
    return { service, ranking, indexBuild: summarize(builds) };
  } finally {
    await database.destroy();
  }
}
