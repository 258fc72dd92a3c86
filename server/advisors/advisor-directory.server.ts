import { and, asc, count, eq, inArray, max, ne } from "drizzle-orm";
import { ADVISORS_PAGE_SIZE, parseAdvisorSearch } from "../../core/advisor-search-params";
import { truncate } from "../../core/format";
import {
  buildSearchIndex,
  rankAdvisors,
  type SearchIndex,
  type SearchableAdvisor,
} from "../../core/search";
import { type AdvisorRating, ratingsFor } from "../bookings/ratings.server";
import { changeFeedOf } from "../db/change-feed.server";
import type { Db } from "../db/client.server";
import { advisors, users } from "../db/schema";

/**
 * The public face of an advisor: never e-mail, phone, bank details or review status, nor when
 * the row last changed (a bank-detail save moves that without any public change, ADR 63).
 */
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

export type PublicAdvisor = {
  [K in keyof typeof publicColumns]: (typeof publicColumns)[K]["_"]["notNull"] extends true
    ? (typeof publicColumns)[K]["_"]["data"]
    : (typeof publicColumns)[K]["_"]["data"] | null;
} & {
  /** From the advisor's reviews; null before the first one. */
  rating: AdvisorRating | null;
};

/** What an advisor card shows: pages with cards send no more to the browser. */
export type AdvisorCardData = Pick<
  PublicAdvisor,
  | "id"
  | "firstName"
  | "lastName"
  | "headshotUrl"
  | "jobTitle"
  | "currentCompany"
  | "workLocations"
  | "totalExperienceYears"
  | "shortIntro"
  | "about"
  | "skills"
  | "hourlyRateInr"
> & { rating: Pick<AdvisorRating, "average" | "count"> | null };

/** The card's "about" is a preview of this many characters. */
const CARD_ABOUT_CHARS = 80;

export function toAdvisorCard(advisor: PublicAdvisor): AdvisorCardData {
  return {
    id: advisor.id,
    firstName: advisor.firstName,
    lastName: advisor.lastName,
    headshotUrl: advisor.headshotUrl,
    jobTitle: advisor.jobTitle,
    currentCompany: advisor.currentCompany,
    workLocations: advisor.workLocations,
    totalExperienceYears: advisor.totalExperienceYears,
    shortIntro: advisor.shortIntro,
    about: advisor.about === null ? null : truncate(advisor.about, CARD_ABOUT_CHARS),
    skills: advisor.skills,
    hourlyRateInr: advisor.hourlyRateInr,
    rating: advisor.rating && { average: advisor.rating.average, count: advisor.rating.count },
  };
}

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

/** Approved advisors for the landing grid, oldest first so it is stable between visits. */
export async function listApprovedAdvisors(
  db: Db,
  options: { limit: number; teamAdvisorId: string },
): Promise<PublicAdvisor[]> {
  const held = await heldDirectory(db);
  if (held) {
    const team = options.teamAdvisorId;
    return held.approved.filter((a) => a.id !== team).slice(0, options.limit);
  }
  const rows = await db
    .select(publicColumns)
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(listed(options.teamAdvisorId))
    .orderBy(asc(advisors.createdAt), asc(advisors.id))
    .limit(options.limit);
  return withRatings(db, rows);
}

/** One approved advisor's public profile, or null (missing or not approved look the same). */
export async function findApprovedAdvisor(db: Db, id: string): Promise<PublicAdvisor | null> {
  const held = await heldDirectory(db);
  if (held) return held.byId.get(id) ?? null;
  const [row] = await db
    .select(publicColumns)
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(and(eq(advisors.id, id), eq(advisors.profileStatus, "approved")));
  return row ? ((await withRatings(db, [row]))[0] ?? null) : null;
}

export type SearchPage = {
  total: number;
  page: number;
  pageCount: number;
  advisors: PublicAdvisor[];
};

/**
 * Ranks every listed advisor with the pure rule of core/search.ts, then loads the public
 * fields of one page only, so the response stays small with 10,000 advisors.
 */
export async function searchAdvisors(
  db: Db,
  options: { query: string; page: number; pageSize: number; teamAdvisorId: string },
): Promise<SearchPage> {
  const held = await heldDirectory(db);
  const team = options.teamAdvisorId;
  const ranked = held
    ? rankAdvisors(held.index, options.query).filter((r) => r.advisor.id !== team)
    : rankAdvisors(await searchIndex(db, team), options.query);
  const pageCount = Math.max(1, Math.ceil(ranked.length / options.pageSize));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const ids = ranked
    .slice((page - 1) * options.pageSize, page * options.pageSize)
    .map((r) => r.advisor.id);
  const byId = held?.byId ?? (await loadListed(db, ids, team));
  return {
    total: ranked.length,
    page,
    pageCount,
    advisors: ids.flatMap((id) => byId.get(id) ?? []),
  };
}

/** The public fields of the given listed advisors, with their ratings, by id. */
async function loadListed(db: Db, ids: string[], teamAdvisorId: string) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select(publicColumns)
          .from(advisors)
          .innerJoin(users, eq(users.id, advisors.userId))
          .where(and(inArray(advisors.id, ids), listed(teamAdvisorId)));
  return new Map((await withRatings(db, rows)).map((r) => [r.id, r]));
}

/**
 * Everything public about the approved advisors (the team's too: its page is public, though
 * it is not listed), as of one version of the directory.
 */
type HeldDirectory = {
  byId: Map<string, PublicAdvisor>;
  /** Oldest first, as the landing grid shows them. */
  approved: PublicAdvisor[];
  index: SearchIndex<SearchableAdvisor>;
};
const heldDirectories = new WeakMap<Db, { stamp: string; directory: Promise<HeldDirectory> }>();

/*
 * While this process hears the database's change notifications, the whole public directory
 * (10,000 advisors are a few tens of MB) is held in memory and replaced when it changes, so
 * search, profiles and the landing grid need no database round trip; the feed also moves its
 * version every few minutes, so a copy is never older than that even if a notification was
 * lost (ADR 63). Without the feed (a test's bare database) there is nothing to vouch for it:
 * null, and callers query.
 */
async function heldDirectory(db: Db): Promise<HeldDirectory | null> {
  const feed = changeFeedOf(db);
  if (!feed) return null;
  const stamp = feed.stamp(["directory"]);
  const held = heldDirectories.get(db);
  if (held?.stamp === stamp) return held.directory;
  const directory = loadDirectory(db);
  heldDirectories.set(db, { stamp, directory });
  // A failed load is not kept: the next request tries again.
  directory.catch(() => {
    if (heldDirectories.get(db)?.directory === directory) heldDirectories.delete(db);
  });
  return directory;
}

async function loadDirectory(db: Db): Promise<HeldDirectory> {
  const rows = await db
    .select(publicColumns)
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.profileStatus, "approved"))
    .orderBy(asc(advisors.createdAt), asc(advisors.id));
  const approved = await withRatings(db, rows);
  return {
    byId: new Map(approved.map((a) => [a.id, a])),
    approved,
    index: buildSearchIndex(approved),
  };
}

/*
 * The search index of all listed advisors, built once per version of the directory and
 * shared by concurrent requests. The version comes from the database's change notifications
 * when this process listens for them (no query at all); otherwise a cheap count-and-latest-
 * change query stands in, so a process without the feed is never stale either.
 */
const indexCache = new WeakMap<
  Db,
  { version: string; index: Promise<SearchIndex<SearchableAdvisor>> }
>();

async function directoryVersion(db: Db, teamAdvisorId: string): Promise<string> {
  const feed = changeFeedOf(db);
  if (feed) return `feed ${feed.stamp(["directory"])}`;
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

async function searchIndex(db: Db, teamAdvisorId: string): Promise<SearchIndex<SearchableAdvisor>> {
  const version = await directoryVersion(db, teamAdvisorId);
  const cached = indexCache.get(db);
  if (cached?.version === version) return cached.index;
  const index = loadSearchIndex(db, teamAdvisorId);
  indexCache.set(db, { version, index });
  // A failed load is not kept: the next search tries again.
  index.catch(() => {
    if (indexCache.get(db)?.index === index) indexCache.delete(db);
  });
  return index;
}

async function loadSearchIndex(db: Db, teamAdvisorId: string) {
  const rows = await db
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
  return buildSearchIndex(rows);
}

/** Ids and last change of every approved profile (the team's too: its page is public). */
export function listSitemapAdvisors(db: Db) {
  return db
    .select({ id: advisors.id, updatedAt: advisors.updatedAt })
    .from(advisors)
    .where(eq(advisors.profileStatus, "approved"))
    .orderBy(asc(advisors.createdAt));
}

/** The listing a query string asks for; shared by the /advisors page and its JSON API. */
export async function searchAdvisorsFor(db: Db, params: URLSearchParams, teamAdvisorId: string) {
  const { search, page } = parseAdvisorSearch(params);
  const result = await searchAdvisors(db, {
    query: search,
    page,
    pageSize: ADVISORS_PAGE_SIZE,
    teamAdvisorId,
  });
  return { search, ...result };
}
