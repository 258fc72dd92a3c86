import { and, asc, count, eq, inArray, max, ne } from "drizzle-orm";
import { ADVISORS_PAGE_SIZE, parseAdvisorSearch } from "../../core/advisor-search-params";
import type { AdvisorRating, PublicAdvisor } from "../../core/advisor-card";
import {
  AdvisorSearchIndex,
  type SearchExplanation,
  type SearchSuggestion,
  type SearchableAdvisor,
} from "../../core/search";
import { ratingsFor } from "../bookings/ratings.server";
import type { ChangeFeed } from "../db/change-feed.server";
import type { Db } from "../db/client.server";
import { advisors, users } from "../db/schema";

/** The columns of `PublicAdvisor` (core/advisor-card.ts), from the advisor and their user row. */
const publicColumns = {
  id: advisors.id,
  firstName: users.firstName,
  lastName: users.lastName,
  headshotUrl: advisors.headshotUrl,
  jobTitle: advisors.jobTitle,
  currentCompany: advisors.currentCompany,
  workLocations: advisors.workLocations,
  totalExperienceYears: advisors.totalExperienceYears,
  shortIntro: advisors.shortIntro,
  about: advisors.about,
  skills: advisors.skills,
  careerAdviceTopics: advisors.careerAdviceTopics,
  personalAdviceTopics: advisors.personalAdviceTopics,
  businessAdviceTopics: advisors.businessAdviceTopics,
  hourlyRateInr: advisors.hourlyRateInr,
};
type PublicRow = Omit<PublicAdvisor, "rating">;

/** Adds each advisor's rating, read fresh so a new review shows at once. */
async function withRatings<T extends { id: string }>(
  db: Db,
  rows: T[],
): Promise<(T & { rating: AdvisorRating | null })[]> {
  const ratings = await ratingsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, rating: ratings.get(row.id) ?? null }));
}

/** Listed advisors: approved, and not the platform's own team (it has its own page). */
const listed = (teamAdvisorId: string) =>
  and(eq(advisors.profileStatus, "approved"), ne(advisors.id, teamAdvisorId));

export type SearchPage = {
  total: number;
  page: number;
  pageCount: number;
  advisors: PublicAdvisor[];
  explanation: SearchExplanation;
};

/** What the directory needs of the change feed: whether it vouches now, and for which version. */
export type DirectoryFeed = Pick<ChangeFeed, "listening" | "stamp">;

export type AdvisorDirectory = ReturnType<typeof createAdvisorDirectory>;

/**
 * Everything public about the approved advisors (the team's too: its page is public, though
 * it is not listed), as of one version of the directory.
 */
type HeldDirectory = {
  byId: Map<string, PublicAdvisor>;
  /** Oldest first, as the landing grid shows them. */
  approved: PublicAdvisor[];
};

/**
 * The public advisor directory of one database, built once by the composition root (ADR 68).
 *
 * While the feed listens, the whole public directory (10,000 advisors are a few tens of MB) is
 * held in memory and replaced when it changes, so search, profiles and the landing grid need no
 * database round trip; the feed also moves its version every few minutes, so a copy is never
 * older than that even if a notification was lost (ADR 63). Without a listening feed (a test's
 * bare database, a dropped connection) nothing vouches for a copy: every read queries, and
 * only the searchable fields are reused while a cheap count-and-latest-change query says they
 * are current. Either way one search index serves the listing, updated advisor by advisor
 * (ADR 71).
 */
export function createAdvisorDirectory({
  db,
  feed = null,
}: {
  db: Db;
  feed?: DirectoryFeed | null;
}) {
  let held: { stamp: string; directory: Promise<HeldDirectory> } | null = null;
  let rowsCache: { version: string; rows: Promise<SearchableAdvisor[]> } | null = null;
  const searchIndex = keptSearchIndex();

  function heldDirectory(): Promise<HeldDirectory> | null {
    if (!feed?.listening) return null;
    const stamp = feed.stamp(["directory"]);
    if (held?.stamp === stamp) return held.directory;
    const directory = loadDirectory(db);
    held = { stamp, directory };
    // A failed load is not kept: the next request tries again.
    directory.catch(() => {
      if (held?.directory === directory) held = null;
    });
    return directory;
  }

  /** Without the held directory: the listed advisors' searchable fields, as of now. */
  async function searchableRows(teamAdvisorId: string): Promise<readonly SearchableAdvisor[]> {
    const version = await directoryVersion(db, teamAdvisorId);
    if (rowsCache?.version === version) return rowsCache.rows;
    const rows = loadSearchable(db, teamAdvisorId);
    rowsCache = { version, rows };
    // A failed load is not kept: the next search tries again.
    rows.catch(() => {
      if (rowsCache?.rows === rows) rowsCache = null;
    });
    return rows;
  }

  /** Approved advisors for the landing grid, oldest first so it is stable between visits. */
  async function listApproved(options: {
    limit: number;
    teamAdvisorId: string;
  }): Promise<PublicAdvisor[]> {
    const directory = await heldDirectory();
    if (directory) {
      const team = options.teamAdvisorId;
      return directory.approved.filter((a) => a.id !== team).slice(0, options.limit);
    }
    const rows: PublicRow[] = await db
      .select(publicColumns)
      .from(advisors)
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(listed(options.teamAdvisorId))
      .orderBy(asc(advisors.createdAt), asc(advisors.id))
      .limit(options.limit);
    return withRatings(db, rows);
  }

  /** One approved advisor's public profile, or null (missing or not approved look the same). */
  async function findApproved(id: string): Promise<PublicAdvisor | null> {
    const directory = await heldDirectory();
    if (directory) return directory.byId.get(id) ?? null;
    const [row]: PublicRow[] = await db
      .select(publicColumns)
      .from(advisors)
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(and(eq(advisors.id, id), eq(advisors.profileStatus, "approved")));
    return row ? ((await withRatings(db, [row]))[0] ?? null) : null;
  }

  /**
   * Ranks the listed advisors through the index of core/search.ts, then loads the public
   * fields of one page only, so the response stays small with 10,000 advisors.
   */
  async function search(options: {
    query: string;
    page: number;
    pageSize: number;
    teamAdvisorId: string;
  }): Promise<SearchPage> {
    const team = options.teamAdvisorId;
    const directory = await heldDirectory();
    const advisorsNow = directory?.approved ?? (await searchableRows(team));
    const index = searchIndex(advisorsNow, team);
    const { pageSize } = options;
    const window = (page: number) => ({ offset: (page - 1) * pageSize, limit: pageSize });
    let found = index.search(options.query, window(Math.max(1, options.page)));
    const pageCount = Math.max(1, Math.ceil(found.total / pageSize));
    const page = Math.min(Math.max(1, options.page), pageCount);
    // A page past the end shows the last one.
    if (page !== options.page) found = index.search(options.query, window(page));
    const { total, explanation } = found;
    const ids = found.ranked.map((r) => r.advisor.id);
    const byId = directory?.byId ?? (await loadListed(db, ids, team));
    return {
      total,
      page,
      pageCount,
      advisors: ids.flatMap((id) => byId.get(id) ?? []),
      explanation,
    };
  }

  /** What the search boxes offer as the person types (see AdvisorSearchIndex.suggest). */
  async function suggest(typed: string, teamAdvisorId: string): Promise<SearchSuggestion[]> {
    const advisorsNow = (await heldDirectory())?.approved ?? (await searchableRows(teamAdvisorId));
    return searchIndex(advisorsNow, teamAdvisorId).suggest(typed);
  }

  /** The listing a query string asks for; shared by the /advisors page and its JSON API. */
  async function searchFor(params: URLSearchParams, teamAdvisorId: string) {
    const { search: query, page } = parseAdvisorSearch(params);
    const result = await search({ query, page, pageSize: ADVISORS_PAGE_SIZE, teamAdvisorId });
    return { search: query, ...result };
  }

  /** Ids and last change of every approved profile (the team's too: its page is public). */
  function sitemap() {
    return db
      .select({ id: advisors.id, updatedAt: advisors.updatedAt })
      .from(advisors)
      .where(eq(advisors.profileStatus, "approved"))
      .orderBy(asc(advisors.createdAt));
  }

  return { listApproved, findApproved, search, searchFor, suggest, sitemap };
}

/** The public fields of the given listed advisors, with their ratings, by id. */
async function loadListed(db: Db, ids: string[], teamAdvisorId: string) {
  const rows: PublicRow[] =
    ids.length === 0
      ? []
      : await db
          .select(publicColumns)
          .from(advisors)
          .innerJoin(users, eq(users.id, advisors.userId))
          .where(and(inArray(advisors.id, ids), listed(teamAdvisorId)));
  return new Map((await withRatings(db, rows)).map((r) => [r.id, r]));
}

async function loadDirectory(db: Db): Promise<HeldDirectory> {
  const rows: PublicRow[] = await db
    .select(publicColumns)
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.profileStatus, "approved"))
    .orderBy(asc(advisors.createdAt), asc(advisors.id));
  const approved = await withRatings(db, rows);
  return { byId: new Map(approved.map((a) => [a.id, a])), approved };
}

/**
 * One search index kept across versions of the directory: each new version updates only the
 * advisors whose searchable fields changed, and takes out those no longer listed.
 */
function keptSearchIndex() {
  let kept: {
    team: string;
    source: readonly SearchableAdvisor[];
    index: AdvisorSearchIndex<SearchableAdvisor>;
    held: Map<string, string>;
  } | null = null;
  return (advisors: readonly SearchableAdvisor[], team: string) => {
    if (kept?.team === team && kept.source === advisors) return kept.index;
    if (kept?.team !== team)
      kept = { team, source: [], index: new AdvisorSearchIndex(), held: new Map() };
    const listedNow = new Set<string>();
    for (const advisor of advisors) {
      if (advisor.id === team) continue;
      listedNow.add(advisor.id);
      const fields = searchableFields(advisor);
      if (kept.held.get(advisor.id) === fields) continue;
      kept.index.upsert(advisor);
      kept.held.set(advisor.id, fields);
    }
    for (const id of kept.held.keys())
      if (!listedNow.has(id)) {
        kept.index.remove(id);
        kept.held.delete(id);
      }
    kept.source = advisors;
    return kept.index;
  };
}

function searchableFields(a: SearchableAdvisor): string {
  return JSON.stringify([
    a.firstName,
    a.lastName,
    a.jobTitle,
    a.currentCompany,
    a.skills,
    a.careerAdviceTopics,
    a.personalAdviceTopics,
    a.businessAdviceTopics,
    a.workLocations,
    a.about,
    a.shortIntro,
  ]);
}

/** Without the feed, a cheap count-and-latest-change query stands in for the version. */
async function directoryVersion(db: Db, teamAdvisorId: string): Promise<string> {
  const [stamp] = await db
    .select({
      n: count(),
      advisorChange: max(advisors.updatedAt),
      userChange: max(users.updatedAt),
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(listed(teamAdvisorId));
  return JSON.stringify(stamp);
}

// Async, so the rows are loaded once: a Drizzle query runs again each time it is awaited.
async function loadSearchable(db: Db, teamAdvisorId: string): Promise<SearchableAdvisor[]> {
  return await db
    .select({
      id: advisors.id,
      firstName: users.firstName,
      lastName: users.lastName,
      jobTitle: advisors.jobTitle,
      currentCompany: advisors.currentCompany,
      skills: advisors.skills,
      careerAdviceTopics: advisors.careerAdviceTopics,
      personalAdviceTopics: advisors.personalAdviceTopics,
      businessAdviceTopics: advisors.businessAdviceTopics,
      workLocations: advisors.workLocations,
      about: advisors.about,
      shortIntro: advisors.shortIntro,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(listed(teamAdvisorId));
}
