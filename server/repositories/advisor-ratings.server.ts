import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import type { AdvisorRating } from "../../core/advisor-card";
import { recommendPercent } from "../../core/sessions";
import type { Db } from "../db/client.server";
import { advisors, reviews, users } from "../db/schema";

/*
 * An advisor's rating as columns of a query over `advisors`: two lateral subqueries, each a
 * few entries of one advisor in an index of reviews (migration 0015: the totals from the index
 * alone, the latest written review first), so a page of advisors and the whole directory cost
 * the same per advisor, and no query lists 10,000 ids.
 */
const qb = new QueryBuilder();
const reviewer = alias(users, "reviewer");

/** A review's two scores, summed. */
const points = sql`${reviews.ratingHelpfulness} + ${reviews.ratingActionability}`;

const totals = qb
  .select({
    count: sql<number>`count(*)::int`.as("review_count"),
    average: sql<string | null>`round(avg((${points}) / 2.0), 1)`.as("review_average"),
    recommended: sql<number>`count(*) filter (where ${reviews.recommendAdvisor})::int`.as(
      "review_recommended",
    ),
  })
  .from(reviews)
  .where(eq(reviews.advisorId, advisors.id))
  .as("rating_totals");

const latest = qb
  .select({
    feedback: sql<string>`${reviews.writtenFeedback}`.as("latest_feedback"),
    firstName: sql<string>`${reviewer.firstName}`.as("latest_first_name"),
    createdAt: sql<Date>`${reviews.createdAt}`.mapWith(reviews.createdAt).as("latest_created_at"),
  })
  .from(reviews)
  .innerJoin(reviewer, eq(reviewer.id, reviews.userId))
  .where(and(eq(reviews.advisorId, advisors.id), isNotNull(reviews.writtenFeedback)))
  .orderBy(desc(reviews.createdAt), desc(reviews.id))
  .limit(1)
  .as("rating_latest");

/** The lateral subqueries behind `ratingColumns`: join both to a query over `advisors`. */
export const ratingJoins = { totals, latest } as const;

/** What `toRating` needs, selected from `ratingJoins`. */
export const ratingColumns = {
  reviewCount: totals.count,
  reviewAverage: totals.average,
  reviewRecommended: totals.recommended,
  latestFeedback: latest.feedback,
  latestFirstName: latest.firstName,
  latestCreatedAt: latest.createdAt,
};

/** A row of `ratingColumns`, left-joined. */
type RatingRow = {
  reviewCount: number | null;
  reviewAverage: string | null;
  reviewRecommended: number | null;
  latestFeedback: string | null;
  latestFirstName: string | null;
  latestCreatedAt: Date | null;
};

/** The rating of one row of `ratingColumns`; null before the first review. */
export function toRating(row: RatingRow): AdvisorRating | null {
  const { reviewCount: count, latestFeedback: feedback, latestFirstName: firstName } = row;
  if (!count) return null;
  return {
    average: Number(row.reviewAverage),
    count,
    recommendPercent: recommendPercent(row.reviewRecommended ?? 0, count) ?? 0,
    latest:
      feedback && firstName && row.latestCreatedAt
        ? { feedback, firstName, createdAt: row.latestCreatedAt }
        : null,
  };
}

/** Ratings of the given advisors, computed in the database; advisors without reviews are absent. */
export async function ratingsFor(
  db: Db,
  advisorIds: readonly string[],
): Promise<Map<string, AdvisorRating>> {
  if (advisorIds.length === 0) return new Map();
  const rows = await db
    .select({ id: advisors.id, rating: ratingColumns })
    .from(advisors)
    .leftJoinLateral(totals, sql`true`)
    .leftJoinLateral(latest, sql`true`)
    .where(inArray(advisors.id, [...new Set(advisorIds)]));
  return new Map(
    rows.flatMap(({ id, rating }) => {
      const found = toRating(rating);
      return found ? [[id, found]] : [];
    }),
  );
}
