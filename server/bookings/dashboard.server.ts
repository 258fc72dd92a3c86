import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { AdminStats, AdvisorStats } from "../../core/dashboard";
import { PENDING_PREVIEW } from "../../core/sessions";
import type { Db } from "../db/client.server";
import {
  advisorCalendarConnections,
  advisorProfileProposals,
  advisors,
  bookings,
  reviews,
  users,
} from "../db/schema";
import { earnedTotal } from "../repositories/advisor-ledger.server";
import { ratingsFor } from "../repositories/advisor-ratings.server";

/** The seeker's tiles: upcoming confirmed sessions and reviews given. */
export async function seekerStats(db: Db, userId: string, now: Date) {
  const [upcoming] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, "confirmed"),
        gte(bookings.datetime, now),
      ),
    );
  const [given] = await db.select({ n: count() }).from(reviews).where(eq(reviews.userId, userId));
  return { upcomingSessions: upcoming?.n ?? 0, reviewsGiven: given?.n ?? 0 };
}

/** The advisor's profile facts and tiles; null without an advisor profile. */
export async function advisorStats(db: Db, advisorId: string | null): Promise<AdvisorStats | null> {
  if (!advisorId) return null;
  const [profile] = await db
    .select({
      id: advisors.id,
      status: advisors.profileStatus,
      hourlyRateInr: advisors.hourlyRateInr,
      experienceYears: advisors.totalExperienceYears,
      isActive: users.isActive,
      calendarStatus: advisorCalendarConnections.status,
      profileChanges: advisorProfileProposals.status,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .leftJoin(advisorCalendarConnections, eq(advisorCalendarConnections.advisorId, advisors.id))
    .leftJoin(advisorProfileProposals, eq(advisorProfileProposals.advisorId, advisors.id))
    .where(eq(advisors.id, advisorId));
  if (!profile) return null;
  const [booked] = await db
    .select({ total: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.advisorId, advisorId),
        inArray(bookings.status, ["confirmed", "completed", "cancelled"]),
      ),
    );
  const rating = (await ratingsFor(db, [advisorId])).get(advisorId) ?? null;
  return {
    ...profile,
    totalBookings: booked?.total ?? 0,
    earnedPaise: await earnedTotal(db, advisorId),
    rating,
  };
}

/** How long an instance keeps the admin's totals: a count of every user and booking. */
export const ADMIN_TOTALS_MS = 60_000;
type Totals = Pick<AdminStats, "totalUsers" | "completedSessions" | "totalSessions">;
const keptTotals = new WeakMap<Db, { until: number; totals: Promise<Totals> }>();

/**
 * Users and sessions counted at most once a minute per instance, however many views: exact
 * as of that moment. Concurrent views share one count; a failed count is not kept.
 */
function adminTotals(db: Db, now: number): Promise<Totals> {
  const kept = keptTotals.get(db);
  if (kept && now < kept.until) return kept.totals;
  const totals = countTotals(db);
  const entry = { until: now + ADMIN_TOTALS_MS, totals };
  keptTotals.set(db, entry);
  totals.catch(() => {
    if (keptTotals.get(db) === entry) keptTotals.delete(db);
  });
  return totals;
}

async function countTotals(db: Db): Promise<Totals> {
  const [people] = await db.select({ n: count() }).from(users);
  // Only these two statuses: an index-only count of bookings_status_idx, not the table.
  const [sessions] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(bookings)
    .where(inArray(bookings.status, ["confirmed", "completed"]));
  return {
    totalUsers: people?.n ?? 0,
    completedSessions: sessions?.completed ?? 0,
    totalSessions: sessions?.total ?? 0,
  };
}

/**
 * The admin's tiles and the first pending applications. The applications waiting (count and
 * list) are read live, since the admin acts on them; the totals are kept a minute.
 */
export async function adminStats(db: Db, now: number): Promise<AdminStats> {
  const [advisorCount] = await db.select({ n: count() }).from(advisors);
  const [pendingCount] = await db
    .select({ n: count() })
    .from(advisors)
    .where(eq(advisors.profileStatus, "pending"));
  const pending = await db
    .select({
      id: advisors.id,
      headshotUrl: advisors.headshotUrl,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      jobTitle: advisors.jobTitle,
      company: advisors.currentCompany,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.profileStatus, "pending"))
    .orderBy(desc(advisors.createdAt))
    .limit(PENDING_PREVIEW);
  return {
    ...(await adminTotals(db, now)),
    totalAdvisors: advisorCount?.n ?? 0,
    pendingApprovals: pendingCount?.n ?? 0,
    pending,
  };
}
