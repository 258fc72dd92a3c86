import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { AdminStats, AdvisorStats } from "../../core/dashboard";
import { PENDING_PREVIEW } from "../../core/sessions";
import type { Db } from "../db/client.server";
import { advisorCalendarConnections, advisors, bookings, reviews, users } from "../db/schema";
import { earnedTotal } from "../payouts/earnings.server";
import { ratingsFor } from "./ratings.server";

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
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .leftJoin(advisorCalendarConnections, eq(advisorCalendarConnections.advisorId, advisors.id))
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

/** The admin's tiles and the first pending applications. */
export async function adminStats(db: Db): Promise<AdminStats> {
  const [people] = await db.select({ n: count() }).from(users);
  const [advisorCount] = await db.select({ n: count() }).from(advisors);
  const [pendingCount] = await db
    .select({ n: count() })
    .from(advisors)
    .where(eq(advisors.profileStatus, "pending"));
  const [sessions] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')::int`,
      total: sql<number>`count(*) filter (where ${bookings.status} in ('confirmed', 'completed'))::int`,
    })
    .from(bookings);
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
    totalUsers: people?.n ?? 0,
    totalAdvisors: advisorCount?.n ?? 0,
    pendingApprovals: pendingCount?.n ?? 0,
    completedSessions: sessions?.completed ?? 0,
    totalSessions: sessions?.total ?? 0,
    pending,
  };
}
