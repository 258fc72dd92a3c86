import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { endingOutcome, type PurchaseStatus, refundOfRest } from "../../core/packages";
import type { Viewer } from "../auth/session.server";
import type { Db } from "../db/client.server";
import { advisors, bookings, packagePurchases, payments, refunds, users } from "../db/schema";

/*
 * What the package pages show: a person's bought (or sold) packages with the sessions left and
 * when they expire, and one package in full for its seeker, its advisor or an admin; anyone
 * else finds no package at all.
 */

/** Sessions booked or used, in SQL: as packageSessionsTaken counts them, for many at once. */
const TAKEN = sql<number>`count(${bookings.id}) filter (where ${bookings.status} = 'confirmed'
  or (${bookings.status} in ('completed', 'cancelled') and not ${bookings.packageSessionReturned}))::int`;
const UPCOMING = sql<number>`count(${bookings.id}) filter (where ${bookings.status} = 'confirmed')::int`;

export type PurchaseSummary = {
  id: string;
  name: string;
  advisorId: string;
  advisorName: string;
  seekerName: string;
  sessions: number;
  duration: number;
  taken: number;
  upcoming: number;
  status: PurchaseStatus;
  expiresAt: string | null;
  amount: number;
};

/** A list's packages: bought as a seeker, or sold as an advisor; paid ones, newest first. */
export function purchasesOf(
  db: Db,
  who: { userId: string } | { advisorId: string },
  limit = 50,
): Promise<PurchaseSummary[]> {
  return summaries(
    db,
    "userId" in who
      ? eq(packagePurchases.userId, who.userId)
      : eq(packagePurchases.advisorId, who.advisorId),
    limit,
  );
}

async function summaries(db: Db, where: SQL, limit: number): Promise<PurchaseSummary[]> {
  const seeker = users;
  const rows = await db
    .select({
      id: packagePurchases.id,
      name: packagePurchases.name,
      advisorId: packagePurchases.advisorId,
      advisorUserId: advisors.userId,
      seekerFirst: seeker.firstName,
      seekerLast: seeker.lastName,
      sessions: packagePurchases.sessions,
      duration: packagePurchases.duration,
      status: packagePurchases.status,
      expiresAt: packagePurchases.expiresAt,
      amount: payments.amount,
      taken: TAKEN,
      upcoming: UPCOMING,
    })
    .from(packagePurchases)
    .innerJoin(payments, eq(payments.id, packagePurchases.paymentId))
    .innerJoin(advisors, eq(advisors.id, packagePurchases.advisorId))
    .innerJoin(seeker, eq(seeker.id, packagePurchases.userId))
    .leftJoin(bookings, eq(bookings.packagePurchaseId, packagePurchases.id))
    .where(
      and(
        where,
        inArray(packagePurchases.status, ["active", "used", "cancelled", "withdrawn", "expired"]),
      ),
    )
    .groupBy(packagePurchases.id, advisors.userId, seeker.id, payments.amount)
    .orderBy(desc(packagePurchases.createdAt))
    .limit(limit);
  const names = await advisorNames(
    db,
    rows.map((r) => r.advisorUserId),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    advisorId: r.advisorId,
    advisorName: names.get(r.advisorUserId) ?? "a former member",
    seekerName: `${r.seekerFirst} ${r.seekerLast}`.trim(),
    sessions: r.sessions,
    duration: r.duration,
    taken: r.taken,
    upcoming: r.upcoming,
    status: r.status,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    amount: r.amount,
  }));
}

async function advisorNames(db: Db, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({
      id: users.id,
      first: users.firstName,
      last: users.lastName,
      deleted: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(
    rows.map((r) => [r.id, r.deleted ? "a former member" : `${r.first} ${r.last}`.trim()]),
  );
}

/** One package in full, for its seeker, its advisor or an admin; null for anyone else. */
export async function purchaseFor(db: Db, viewer: Viewer, purchaseId: string, now: Date) {
  const [row] = await db
    .select({ purchase: packagePurchases, payment: payments, advisorUserId: advisors.userId })
    .from(packagePurchases)
    .innerJoin(payments, eq(payments.id, packagePurchases.paymentId))
    .innerJoin(advisors, eq(advisors.id, packagePurchases.advisorId))
    .where(
      and(
        eq(packagePurchases.id, purchaseId),
        viewer.roles.includes("admin")
          ? undefined
          : or(eq(packagePurchases.userId, viewer.userId), eq(advisors.userId, viewer.userId)),
      ),
    );
  if (!row || row.purchase.status === "pending_payment") return null;
  const { purchase, payment } = row;
  const [summary] = await summaries(db, eq(packagePurchases.id, purchase.id), 1);
  const sessions = await db
    .select({
      id: bookings.id,
      datetime: bookings.datetime,
      duration: bookings.duration,
      status: bookings.status,
      returned: bookings.packageSessionReturned,
      paymentId: bookings.paymentId,
    })
    .from(bookings)
    .where(eq(bookings.packagePurchaseId, purchase.id))
    .orderBy(bookings.datetime);
  const [refund] = await db
    .select({ amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.packagePurchaseId, purchase.id));
  const price = {
    feePaise: payment.feeAmount,
    gstPaise: payment.gstAmount,
    totalPaise: payment.amount,
  };
  const isSeeker = purchase.userId === viewer.userId;
  const isAdvisor = row.advisorUserId === viewer.userId;
  // What ending it now would do: cancel sessions booked far enough ahead, refund the rest.
  const ending = endingOutcome({
    sessions: purchase.sessions,
    taken: summary?.taken ?? 0,
    upcomingStarts: sessions.filter((s) => s.status === "confirmed").map((s) => s.datetime),
    now,
    by: isSeeker ? "seeker" : isAdvisor ? "advisor" : "admin",
  });
  return {
    summary: summary!,
    isSeeker,
    isAdvisor,
    paidAt: payment.updatedAt.toISOString(),
    payment: {
      id: payment.id,
      providerPaymentId: payment.razorpayPaymentId,
      feeAmount: payment.feeAmount,
      gstAmount: payment.gstAmount,
      amount: payment.amount,
    },
    sessions: sessions.map((s) => ({ ...s, datetime: s.datetime.toISOString() })),
    /** What ending it now would do: sessions cancelled, and the unused sessions' refund. */
    ifEnded: {
      cancelled: ending.cancelled,
      unused: purchase.sessions - ending.used,
      refund: refundOfRest(price, purchase.sessions, ending.used).amount,
    },
    refund: refund ?? null,
  };
}

export type PurchaseView = NonNullable<Awaited<ReturnType<typeof purchaseFor>>>;
