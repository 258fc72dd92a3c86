import { desc, eq, inArray, isNotNull, and, sql } from "drizzle-orm";
import type { AdvisorRating } from "../../core/advisor-card";
import { recommendPercent } from "../../core/sessions";
import type { Db } from "../db/client.server";
import { reviews, users } from "../db/schema";

/** Ratings of the given advisors, computed in the database; advisors without reviews are absent. */
export async function ratingsFor(
  db: Db,
  advisorIds: readonly string[],
): Promise<Map<string, AdvisorRating>> {
  const result = new Map<string, AdvisorRating>();
  if (advisorIds.length === 0) return result;
  const ids = [...new Set(advisorIds)];
  const totals = await db
    .select({
      advisorId: reviews.advisorId,
      average: sql<string>`round(avg((${reviews.ratingHelpfulness} + ${reviews.ratingActionability}) / 2.0), 1)`,
      count: sql<number>`count(*)::int`,
      recommended: sql<number>`count(*) filter (where ${reviews.recommendAdvisor})::int`,
    })
    .from(reviews)
    .where(inArray(reviews.advisorId, ids))
    .groupBy(reviews.advisorId);
  const latest = await db
    .selectDistinctOn([reviews.advisorId], {
      advisorId: reviews.advisorId,
      feedback: reviews.writtenFeedback,
      firstName: users.firstName,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(inArray(reviews.advisorId, ids), isNotNull(reviews.writtenFeedback)))
    .orderBy(reviews.advisorId, desc(reviews.createdAt));
  const latestOf = new Map(latest.map((l) => [l.advisorId, l]));
  for (const row of totals) {
    const words = latestOf.get(row.advisorId);
    result.set(row.advisorId, {
      average: Number(row.average),
      count: row.count,
      recommendPercent: recommendPercent(row.recommended, row.count) ?? 0,
      latest: words?.feedback
        ? { feedback: words.feedback, firstName: words.firstName, createdAt: words.createdAt }
        : null,
    });
  }
  return result;
}
