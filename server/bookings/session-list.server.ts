import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Role } from "../../core/roles";
import {
  type CancelledByRole,
  SESSION_TABS,
  type SessionRow,
  type SessionTab,
  TAB_STATUS,
} from "../../core/sessions";
import type { Db } from "../db/client.server";
import { advisors, bookings, payments, refunds, users } from "../db/schema";
import { joinLinkSql } from "./meeting-link.server";

export const SESSIONS_PAGE_SIZE = 10;

/** Whose sessions a dashboard lists: a seeker their own, an advisor theirs, an admin all. */
export type SessionScope =
  | { role: "seeker"; userId: string }
  | { role: "advisor"; advisorId: string | null }
  | { role: "admin" };

export function scopeFor(
  role: Role,
  viewer: { userId: string; advisorId: string | null },
): SessionScope {
  if (role === "admin") return { role: "admin" };
  if (role === "advisor") return { role: "advisor", advisorId: viewer.advisorId };
  return { role: "seeker", userId: viewer.userId };
}

function scopeCondition(scope: SessionScope): SQL | undefined {
  if (scope.role === "seeker") return eq(bookings.userId, scope.userId);
  if (scope.role === "advisor")
    return scope.advisorId ? eq(bookings.advisorId, scope.advisorId) : sql`false`;
  return undefined;
}

const advisorUsers = alias(users, "advisor_users");

/** Selects `SessionRow`s (core/sessions.ts); the `satisfies` below keep the two in step. */
function selectRows(db: Db) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      datetime: bookings.datetime,
      endsAt: bookings.endsAt,
      duration: bookings.duration,
      sessionType: bookings.sessionType,
      topics: bookings.topics,
      additionalInfo: bookings.additionalInfo,
      cancellationReason: bookings.cancellationReason,
      // The same order of parts as partOf (session-record.server.ts), which chose the refund rule.
      cancelledBy: sql<CancelledByRole | null>`case
        when ${bookings.cancelledBy} is null then null
        when ${bookings.cancelledBy} = ${bookings.userId} then 'seeker'
        when ${bookings.cancelledBy} = ${advisors.userId} then 'advisor'
        else 'admin' end`,
      cancelledAt: bookings.cancelledAt,
      meetingLink: joinLinkSql,
      // Each party's own zone (settings) wins over the one the booking recorded.
      advisorTimezone: sql<string>`coalesce(${advisorUsers.timeZone}, ${bookings.advisorTimezone})`,
      seekerTimezone: sql<string>`coalesce(${users.timeZone}, ${bookings.seekerTimezone})`,
      reviewSubmitted: bookings.reviewSubmitted,
      advisorId: bookings.advisorId,
      seekerUserId: bookings.userId,
      seekerName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      seekerEmail: users.email,
      advisorName: sql<string>`trim(${advisorUsers.firstName} || ' ' || ${advisorUsers.lastName})`,
      advisorEmail: advisorUsers.email,
      advisorHeadshot: advisors.headshotUrl,
      advisorJobTitle: advisors.jobTitle,
      paidPaise: payments.amount,
      paymentStatus: payments.status,
      fromPackage: sql<boolean>`${bookings.packagePurchaseId} is not null`,
      refundPaise: refunds.amount,
      refundStatus: refunds.status,
      refundProcessedAt: refunds.processedAt,
      refundRetrying: sql<boolean>`coalesce(${refunds.status} = 'failed' or ${refunds.lastError} is not null, false)`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(advisors, eq(advisors.id, bookings.advisorId))
    .innerJoin(advisorUsers, eq(advisorUsers.id, advisors.userId))
    .leftJoin(payments, eq(payments.id, bookings.paymentId))
    .leftJoin(refunds, eq(refunds.bookingId, bookings.id));
}

/** One session of the scope (for a dialog opened by link), or null if it is not theirs. */
export async function findSession(
  db: Db,
  scope: SessionScope,
  bookingId: string,
): Promise<SessionRow | null> {
  const [row] = await selectRows(db).where(
    and(
      scopeCondition(scope),
      eq(bookings.id, bookingId),
      inArray(bookings.status, ["confirmed", "completed", "cancelled"]),
    ),
  );
  return (row satisfies SessionRow | undefined) ?? null;
}

/**
 * One page of a tab, plus every tab's count. Upcoming runs soonest first; completed and
 * cancelled most recent first.
 */
export async function listSessions(
  db: Db,
  scope: SessionScope,
  options: { tab: SessionTab; page: number; pageSize?: number },
) {
  const pageSize = options.pageSize ?? SESSIONS_PAGE_SIZE;
  const where = scopeCondition(scope);
  const countRows = await db
    .select({ status: bookings.status, n: count() })
    .from(bookings)
    .where(where)
    .groupBy(bookings.status);
  const counts = Object.fromEntries(
    SESSION_TABS.map((tab) => [tab, countRows.find((r) => r.status === TAB_STATUS[tab])?.n ?? 0]),
  ) as Record<SessionTab, number>;
  const pageCount = Math.max(1, Math.ceil(counts[options.tab] / pageSize));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const rows = await selectRows(db)
    .where(and(where, eq(bookings.status, TAB_STATUS[options.tab])))
    .orderBy(
      options.tab === "upcoming" ? asc(bookings.datetime) : desc(bookings.datetime),
      asc(bookings.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { counts, rows: rows satisfies SessionRow[], page, pageCount, tab: options.tab };
}
