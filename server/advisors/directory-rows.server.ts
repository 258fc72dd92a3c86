import { and, asc, count, eq, inArray, isNull, max, ne, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { PublicAdvisor } from "../../core/advisor-card";
import type { PackageOffer } from "../../core/package-offers";
import type { SearchableAdvisor } from "../../core/search";
import { ratingColumns, ratingJoins, toRating } from "../repositories/advisor-ratings.server";
import type { Db, Tx } from "../db/client.server";
import { advisorPackages, advisors, users } from "../db/schema";

/*
 * What the advisor directory reads from the database. Every row comes with fingerprints made
 * in the database, so the directory can tell which advisors changed without reloading them.
 */

/** The fields search reads (SearchableAdvisor), from the advisor and their user row. */
const searchableColumns = {
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
};

/** The columns of `PublicAdvisor` (core/advisor-card.ts) but its rating. */
const publicColumns = {
  ...searchableColumns,
  headshotUrl: advisors.headshotUrl,
  totalExperienceYears: advisors.totalExperienceYears,
  hourlyRateInr: advisors.hourlyRateInr,
  // Paid questions (ADR 98): offered while both are set.
  questionPriceInr: advisors.questionPriceInr,
  questionAnswerDays: advisors.questionAnswerDays,
};

/**
 * The packages an advisor has on sale and not hidden (issue 40), oldest first: one lateral
 * subquery per advisor through advisor_packages_advisor_idx, at most 5 rows each, so the cards
 * and the profile read them with the advisor and no query is added per card.
 */
const offers = new QueryBuilder()
  .select({
    packages: sql<PackageOffer[]>`coalesce(json_agg(json_build_object(
      'id', ${advisorPackages.id}, 'name', ${advisorPackages.name},
      'description', ${advisorPackages.description}, 'sessions', ${advisorPackages.sessions},
      'duration', ${advisorPackages.duration}, 'validityDays', ${advisorPackages.validityDays},
      'priceInr', ${advisorPackages.priceInr}
    ) order by ${advisorPackages.createdAt}, ${advisorPackages.id}), '[]'::json)`.as(
      "offered_packages",
    ),
  })
  .from(advisorPackages)
  .where(
    and(
      eq(advisorPackages.advisorId, advisors.id),
      eq(advisorPackages.status, "active"),
      isNull(advisorPackages.hiddenAt),
    ),
  )
  .as("offers");

/** An md5 of the columns' values: equal while none of them changed. */
const md5Of = (columns: Record<string, SQL.Aliased | { getSQL(): SQL }>) =>
  sql<string>`md5(row(${sql.join(Object.values(columns), sql`, `)})::text)`;

/** Whether the index's copy of an advisor is current. */
const searchKey = md5Of(searchableColumns);
/** Whether the held copy of an advisor (everything public, the rating, the place in the
 * landing grid) is current. */
const fingerprint = md5Of({
  ...publicColumns,
  ...ratingColumns,
  createdAt: advisors.createdAt,
  hidden: advisors.hiddenForNoShowsAt,
  packages: offers.packages,
});
/** Hidden from search by upheld no-shows (their profile page stays). */
const hiddenColumn = sql<boolean>`${advisors.hiddenForNoShowsAt} is not null`;

/** An approved advisor as the directory holds them. */
export type HeldAdvisor = {
  advisor: PublicAdvisor;
  /** Order of the landing grid, oldest first. */
  createdAt: Date;
  fingerprint: string;
  searchKey: string;
  /** Hidden from search and the landing grid by upheld no-shows, until an admin restores. */
  hidden: boolean;
};

/** A listed advisor's searchable fields, while nothing is held. */
export type SearchableRow = { advisor: SearchableAdvisor; searchKey: string; hidden?: boolean };

const approved = eq(advisors.profileStatus, "approved");
/**
 * Listed advisors: approved, not hidden for no-shows, and not the platform's own team (it has
 * its own page).
 */
const listed = (teamAdvisorId: string) =>
  and(approved, isNull(advisors.hiddenForNoShowsAt), ne(advisors.id, teamAdvisorId));

/** Everything the directory reads, as one object so a test can watch or hold each read. */
export type DirectoryRows = ReturnType<typeof directoryRows>;

export function directoryRows(db: Db) {
  /**
   * A read of the whole directory. PostgreSQL would JIT-compile its 10,000 rating
   * subqueries, which costs seconds and saves milliseconds.
   */
  const whole = <T>(read: (db: Db | Tx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return read(tx);
    });

  /** Approved advisors with everything public about them and their fingerprints. */
  async function held(where: SQL | undefined, from: Db | Tx = db): Promise<HeldAdvisor[]> {
    const rows = await from
      .select({
        advisor: publicColumns,
        rating: ratingColumns,
        packages: offers.packages,
        createdAt: advisors.createdAt,
        fingerprint,
        searchKey,
        hidden: hiddenColumn,
      })
      .from(advisors)
      .innerJoin(users, eq(users.id, advisors.userId))
      .leftJoinLateral(ratingJoins.totals, sql`true`)
      .leftJoinLateral(ratingJoins.latest, sql`true`)
      .leftJoinLateral(offers, sql`true`)
      .where(and(approved, where))
      .orderBy(asc(advisors.createdAt), asc(advisors.id));
    return rows.map(({ advisor, rating, packages, ...held }) => ({
      ...held,
      advisor: { ...advisor, rating: toRating(rating), packages: packages ?? [] },
    }));
  }

  return {
    /** Every approved advisor, the team's too (its page is public, though it is not listed). */
    all: () => whole((tx) => held(undefined, tx)),
    /** Those of `ids` who are approved. */
    some: (ids: readonly string[]) =>
      ids.length === 0 ? Promise.resolve([]) : held(inArray(advisors.id, [...ids])),
    /** The first `limit` listed advisors, oldest first (the landing grid). */
    oldest: (limit: number, teamAdvisorId: string) =>
      // Their ids first, so only they are rated.
      held(
        inArray(
          advisors.id,
          db
            .select({ id: advisors.id })
            .from(advisors)
            .where(listed(teamAdvisorId))
            .orderBy(asc(advisors.createdAt), asc(advisors.id))
            .limit(limit),
        ),
      ),

    /** Each approved advisor's fingerprint, to find the held copies that are out of date. */
    async fingerprints(): Promise<Map<string, string>> {
      const rows = await whole((tx) =>
        tx
          .select({ id: advisors.id, fingerprint })
          .from(advisors)
          .innerJoin(users, eq(users.id, advisors.userId))
          .leftJoinLateral(ratingJoins.totals, sql`true`)
          .leftJoinLateral(ratingJoins.latest, sql`true`)
          .leftJoinLateral(offers, sql`true`)
          .where(approved),
      );
      return new Map(rows.map((r) => [r.id, r.fingerprint]));
    },

    /** The listed advisors' searchable fields. */
    async searchable(teamAdvisorId: string): Promise<SearchableRow[]> {
      const rows = await db
        .select({ ...searchableColumns, searchKey })
        .from(advisors)
        .innerJoin(users, eq(users.id, advisors.userId))
        .where(listed(teamAdvisorId));
      return rows.map(({ searchKey, ...advisor }) => ({ advisor, searchKey }));
    },

    /** A count-and-latest-change stamp of the listing: the version when no feed vouches. */
    async listingVersion(teamAdvisorId: string): Promise<string> {
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
    },

    /** Ids and last change of every approved profile (the team's too: its page is public). */
    sitemap: () =>
      db
        .select({ id: advisors.id, updatedAt: advisors.updatedAt })
        .from(advisors)
        .where(approved)
        .orderBy(asc(advisors.createdAt)),
  };
}
