import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { advisorDisplayName, formatPaise, fullName } from "../../core/format";
import { PURCHASE_MESSAGES as M } from "../../core/messages/package-purchases";
import { packagePrice, type PurchaseStatus, refundOfRest } from "../../core/packages";
import { writeAudit } from "../audit/audit.server";
import type { Config } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import {
  advisorPackages,
  advisors,
  bookings,
  packagePurchases,
  payments,
  users,
} from "../db/schema";
import type { BookingEvents, EventContext, Subscriber } from "../events/booking-events.server";
import { queueEmail } from "../mail/mailer.server";
import type { SaleDeps } from "../payments/sale-deps.server";
import { orderSale } from "../payments/sale-order.server";
import { packageSessionsTaken } from "../repositories/package-sessions.server";

/*
 * Buying a package and its life after (issue 40, ADR 97): ordered and paid through the same
 * order, verification and webhook path as a session; usable from its payment for its validity;
 * ended by the seeker, by the advisor (or an admin), or by its expiry, each refunding the
 * unused sessions pro rata (core/packages.ts refundOfRest) through the refunds feature.
 */

export type PackageDeps = SaleDeps;

export type PurchaseOrder = {
  ok: true;
  purchaseId: string;
  paymentId: string;
  orderId: string;
  keyId: string;
  amount: number;
};
export type PurchaseRefusal = { ok: false; status: 400 | 404 | 409 | 502; message: string };

/** The package as it is offered now: active, not hidden, by an approved, undeleted advisor. */
async function offeredPackage(db: Db | Tx, advisorId: string, packageId: string) {
  const [offer] = await db
    .select({
      id: advisorPackages.id,
      advisorId: advisorPackages.advisorId,
      advisorUserId: advisors.userId,
      name: advisorPackages.name,
      sessions: advisorPackages.sessions,
      duration: advisorPackages.duration,
      validityDays: advisorPackages.validityDays,
      priceInr: advisorPackages.priceInr,
    })
    .from(advisorPackages)
    .innerJoin(advisors, eq(advisors.id, advisorPackages.advisorId))
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(
      and(
        eq(advisorPackages.id, packageId),
        eq(advisorPackages.advisorId, advisorId),
        eq(advisorPackages.status, "active"),
        isNull(advisorPackages.hiddenAt),
        eq(advisors.profileStatus, "approved"),
        isNull(users.deletedAt),
      ),
    );
  return offer ?? null;
}

/** The buy page's package: what it holds and costs, or null when it is not offered. */
export async function packageForSale(db: Db, advisorId: string, packageId: string) {
  return offeredPackage(db, advisorId, packageId);
}

/**
 * Orders a package: its payment (price and GST decided here from the offer) and the bought
 * package waiting for it, with the provider's order, in one transaction. What was offered is
 * copied, so a later edit of the offer never changes it.
 */
export async function startPurchase(
  deps: PackageDeps,
  userId: string,
  input: { advisorId: string; packageId: string },
): Promise<PurchaseOrder | PurchaseRefusal> {
  try {
    return await deps.db.transaction(async (tx) => {
      const offer = await offeredPackage(tx, input.advisorId, input.packageId);
      if (!offer) return { ok: false as const, status: 404 as const, message: M.notOffered };
      if (offer.advisorUserId === userId)
        return { ok: false as const, status: 400 as const, message: M.ownPackage };
      const [seeker] = await tx
        .select({ isActive: users.isActive, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId));
      if (!seeker?.isActive || seeker.deletedAt)
        return { ok: false as const, status: 404 as const, message: M.notOffered };
      const order = await orderSale(tx, deps.gateway, {
        userId,
        price: packagePrice(offer.priceInr),
        record: async (paymentId) => {
          const [purchase] = await tx
            .insert(packagePurchases)
            .values({
              packageId: offer.id,
              userId,
              advisorId: offer.advisorId,
              paymentId,
              name: offer.name,
              sessions: offer.sessions,
              duration: offer.duration,
              validityDays: offer.validityDays,
            })
            .returning({ id: packagePurchases.id });
          return { id: purchase!.id, notesKey: "packagePurchaseId" };
        },
      });
      const { id: purchaseId, ...rest } = order;
      return { ok: true as const, purchaseId, ...rest };
    });
  } catch (error) {
    deps.logger.error({ err: error, packageId: input.packageId }, "package order failed");
    return { ok: false, status: 502, message: M.orderFailed };
  }
}

/**
 * The packages feature hears of its payments and of its sessions' ends: a paid package becomes
 * usable for its validity (or, when either party's account is gone, is refunded in full); a
 * package whose every session was used is done.
 */
export function packagePurchasesSubscriber(config: Pick<Config, "appUrl">): Subscriber {
  return {
    name: "package-purchases",
    on: {
      "package.paid": async (tx, { purchaseId }, scope) => {
        const [purchase] = await tx
          .select()
          .from(packagePurchases)
          .where(eq(packagePurchases.id, purchaseId))
          .for("update");
        if (!purchase || purchase.status !== "pending_payment") return;
        if (await eitherPartyGone(tx, purchase)) {
          await endPurchase(tx, scope, purchase, "withdrawn", M.refundPartyGone);
          return;
        }
        const expiresAt = new Date(scope.now.getTime() + purchase.validityDays * 86_400_000);
        await tx
          .update(packagePurchases)
          .set({ status: "active", expiresAt })
          .where(eq(packagePurchases.id, purchase.id));
        await tellBoth(tx, config, purchase, "bought");
      },
      "booking.completed": (tx, { bookingId }) => markUsedUp(tx, bookingId),
      "booking.cancelled": (tx, { bookingId }) => markUsedUp(tx, bookingId),
    },
  };
}

/** Every session of the booking's package held or used: the package is done. */
async function markUsedUp(tx: Tx, bookingId: string) {
  const [row] = await tx
    .select({ purchaseId: bookings.packagePurchaseId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row?.purchaseId) return;
  const [purchase] = await tx
    .select()
    .from(packagePurchases)
    .where(eq(packagePurchases.id, row.purchaseId))
    .for("update");
  if (!purchase || purchase.status !== "active") return;
  const upcoming = await upcomingSessions(tx, purchase.id);
  const taken = await packageSessionsTaken(tx, purchase.id);
  if (upcoming === 0 && taken >= purchase.sessions) {
    await tx
      .update(packagePurchases)
      .set({ status: "used", endedAt: sql`now()` })
      .where(eq(packagePurchases.id, purchase.id));
  }
}

async function upcomingSessions(tx: Db | Tx, purchaseId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.packagePurchaseId, purchaseId), eq(bookings.status, "confirmed")));
  return row?.n ?? 0;
}

async function eitherPartyGone(tx: Tx, purchase: { userId: string; advisorId: string }) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(advisors, eq(advisors.userId, users.id))
    .where(
      and(
        or(eq(users.id, purchase.userId), eq(advisors.id, purchase.advisorId)),
        or(isNotNull(users.deletedAt), eq(users.isActive, false)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

type Purchase = typeof packagePurchases.$inferSelect;

/**
 * Ends a package: the unused sessions' share of what was paid goes back (pro rata, to the
 * paisa, with its GST part), through the refunds feature in the same transaction. The sessions
 * used were credited to the advisor as they were used, so the two add up to the price.
 */
async function endPurchase(
  tx: Tx,
  scope: EventContext,
  purchase: Purchase,
  status: Extract<PurchaseStatus, "cancelled" | "withdrawn" | "expired">,
  reason: string,
): Promise<number> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, purchase.paymentId))
    .for("update");
  const used = await packageSessionsTaken(tx, purchase.id);
  await tx
    .update(packagePurchases)
    .set({ status, endedAt: scope.now })
    .where(eq(packagePurchases.id, purchase.id));
  if (!payment || payment.status !== "paid") return 0;
  const price = {
    feePaise: payment.feeAmount,
    gstPaise: payment.gstAmount,
    totalPaise: payment.amount,
  };
  const rest = refundOfRest(price, purchase.sessions, Math.min(used, purchase.sessions));
  if (rest.amount > 0) {
    await scope.publish({
      type: "refund.requested",
      packagePurchaseId: purchase.id,
      paymentId: payment.id,
      amount: rest.amount,
      gst: rest.gst,
      reason,
    });
  }
  return rest.amount;
}

export type EndResult = { ok: true; refundPaise: number; warning?: string } | PurchaseRefusal;

/**
 * The seeker cancels their package, or its advisor (or an admin) withdraws it, while it is
 * active. Its sessions booked far enough ahead are cancelled first under that side's rule
 * (`package.ending`); the sessions neither used nor still booked are refunded.
 */
export async function endPurchaseBy(
  deps: Pick<PackageDeps, "db" | "events" | "now" | "config">,
  input: {
    purchaseId: string;
    by: "seeker" | "advisor" | "admin";
    userId: string;
    requestId?: string;
  },
): Promise<EndResult> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(packagePurchases)
      .where(eq(packagePurchases.id, input.purchaseId))
      .for("update");
    const owner =
      purchase &&
      (input.by === "admin" ||
        (input.by === "seeker"
          ? purchase.userId === input.userId
          : await advisorOf(tx, purchase.advisorId, input.userId)));
    if (!purchase || !owner)
      return { ok: false as const, status: 404 as const, message: M.notFound };
    if (purchase.status !== "active")
      return { ok: false as const, status: 409 as const, message: M.notActive };
    const scope = deps.events.within(tx, now);
    const bySeeker = input.by === "seeker";
    await scope.publish({
      type: "package.ending",
      purchaseId: purchase.id,
      by: input.by,
      actorUserId: input.userId,
      reason: bySeeker ? M.sessionReasonCancelled : M.sessionReasonWithdrawn,
    });
    const refund = await endPurchase(
      tx,
      scope,
      purchase,
      bySeeker ? "cancelled" : "withdrawn",
      bySeeker ? M.refundCancelled : M.refundWithdrawn,
    );
    await tellBoth(tx, deps.config, purchase, bySeeker ? "cancelled" : "withdrawn", refund);
    if (input.by === "admin") {
      await writeAudit(tx, {
        actorUserId: input.userId,
        action: "package.withdraw",
        targetType: "package",
        targetId: purchase.id,
        targetLabel: purchase.name,
        after: { status: "withdrawn", refundPaise: refund },
        requestId: input.requestId ?? null,
      });
    }
    return { ok: true as const, refundPaise: refund, scope };
  });
  if (!result.ok) return result;
  // The cancelled sessions' calendar events go after the commit.
  const { warning } = await result.scope.afterCommit();
  return { ok: true, refundPaise: result.refundPaise, ...(warning ? { warning } : {}) };
}

/**
 * An account's deletion (ADR 91, through the accounts feature's port): every active package
 * the person bought ends as if they cancelled it, every one they sold as if they withdrew it,
 * each refunding its unused sessions pro rata, with both parties told. The deletion has
 * already cancelled every session booked ahead (its own rule, no cutoff), so nothing is left
 * for `package.ending` to cancel: a session given back is refunded here, one used is not.
 */
export async function endPackagesOf(
  tx: Tx,
  events: BookingEvents,
  config: Pick<Config, "appUrl">,
  input: { userId: string; advisorId: string | null; now: Date },
): Promise<{ count: number; refundedPaise: number; afterCommit: () => Promise<unknown> }> {
  const scope = events.within(tx, input.now);
  const theirs = input.advisorId
    ? or(eq(packagePurchases.userId, input.userId), eq(packagePurchases.advisorId, input.advisorId))
    : eq(packagePurchases.userId, input.userId);
  const active = await tx
    .select()
    .from(packagePurchases)
    .where(and(eq(packagePurchases.status, "active"), theirs))
    .orderBy(packagePurchases.createdAt)
    .for("update");
  let refundedPaise = 0;
  for (const purchase of active) {
    const what = purchase.userId === input.userId ? "cancelled" : "withdrawn";
    const refund = await endPurchase(tx, scope, purchase, what, M.refundAccountDeleted);
    await tellBoth(tx, config, purchase, what, refund);
    refundedPaise += refund;
  }
  return { count: active.length, refundedPaise, afterCommit: () => scope.afterCommit() };
}

async function advisorOf(tx: Tx, advisorId: string, userId: string) {
  const [row] = await tx
    .select({ id: advisors.id })
    .from(advisors)
    .where(and(eq(advisors.id, advisorId), eq(advisors.userId, userId)));
  return row !== undefined;
}

/**
 * The expiry job: each active package past its validity with no session still booked ends,
 * its unused sessions refunded (ADR 97). Locked rows are skipped, so runs at once end each
 * package once.
 */
export async function expirePackages(
  deps: Pick<PackageDeps, "db" | "events" | "now" | "config">,
  limit = 100,
): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(packagePurchases)
      .where(
        and(
          eq(packagePurchases.status, "active"),
          lte(packagePurchases.expiresAt, now),
          sql`not exists (select 1 from ${bookings} b where b.package_purchase_id = ${packagePurchases.id} and b.status = 'confirmed')`,
        ),
      )
      .orderBy(packagePurchases.expiresAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    const scope = deps.events.within(tx, now);
    for (const purchase of due) {
      const refund = await endPurchase(tx, scope, purchase, "expired", M.refundExpired);
      await tellBoth(tx, deps.config, purchase, "expired", refund);
    }
    return due.length;
  });
}

type Happening = "bought" | "cancelled" | "withdrawn" | "expired";

/** The seeker and the advisor are told what became of the package. */
async function tellBoth(
  tx: Tx,
  config: Pick<Config, "appUrl">,
  purchase: Purchase,
  what: Happening,
  refundPaise = 0,
) {
  const [seekerUser] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, purchase.userId));
  const [advisorUser] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      jobTitle: advisors.jobTitle,
      deletedAt: users.deletedAt,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.id, purchase.advisorId));
  if (!seekerUser || !advisorUser) return;
  const advisorName = advisorDisplayName(advisorUser);
  const seekerName = fullName(seekerUser.firstName, seekerUser.lastName);
  const url = `${config.appUrl}/packages/${purchase.id}`;
  const refund = refundPaise > 0 ? M.refundSentence(formatPaise(refundPaise)) : null;
  const seeker = M.mail[what].seeker(purchase.name, advisorName);
  await queueEmail(tx, {
    name: `package.${what}`,
    to: seekerUser.email,
    subject: seeker.subject,
    heading: seeker.heading,
    paragraphs: [`Hi ${seekerUser.firstName},`, seeker.text, ...(refund ? [refund] : [])],
    action: { label: "See your package", url },
  });
  if (!advisorUser.deletedAt) {
    const advisor = M.mail[what].advisor(purchase.name, seekerName);
    await queueEmail(tx, {
      name: `package.${what}`,
      to: advisorUser.email,
      subject: advisor.subject,
      heading: advisor.heading,
      paragraphs: [`Hi ${advisorUser.firstName},`, advisor.text],
      action: { label: "See the package", url },
    });
  }
}
