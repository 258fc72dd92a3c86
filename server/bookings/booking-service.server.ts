import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { BookingRequest, DiscoveryRequest } from "../../core/forms/booking";
import {
  DISCOVERY_MINUTES,
  HOLD_MINUTES,
  type PackageUse,
  type SessionType,
  sessionOptions,
} from "../../core/booking";
import { needsNoRefundAcknowledgement } from "../../core/booking-terms";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { sessionPrice, type SessionPrice } from "../../core/pricing";
import type { Db, Tx } from "../db/client.server";
import {
  advisors,
  advisorSchedules,
  bookings,
  packagePurchases,
  payments,
  users,
} from "../db/schema";
import { packageSessionsTaken } from "../repositories/package-sessions.server";
import { isStartOffered } from "../scheduling/slots.server";
import { confirmBooking } from "./confirmation.server";
import { type BookingDeps, type Refusal, violatedConstraint } from "./context.server";
import { releaseExpiredHolds } from "./holds.server";

/** Spec "payment order response", plus whether the session was free (already confirmed). */
export type BookingCreated = {
  ok: true;
  bookingId: string;
  /** Our payments.id: the /booking-confirmed?payment_id= value. */
  paymentId: string;
  /** The provider's order id; null for a free session (no checkout). */
  orderId: string | null;
  keyId: string;
  /** Paise, GST included. */
  amount: number;
  free: boolean;
};

type Plan = {
  advisorId: string;
  sessionType: SessionType;
  duration: 15 | 30;
  start: Date;
  topics: string[];
  additionalInfo: string | undefined;
  seekerTimezone: string;
  /** The seeker accepted that a session booked inside the refund deadline is not refunded. */
  noRefundAcknowledged: boolean;
  /** A session of the seeker's bought package. */
  packagePurchaseId?: string;
};

/** Is this the seeker's first session with the advisor? (Decides First Call vs Follow up.) */
export async function isFirstSession(db: Db | Tx, userId: string, advisorId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.advisorId, advisorId),
        inArray(bookings.status, ["confirmed", "completed"]),
      ),
    );
  return (row?.n ?? 0) === 0;
}

/** The options the seeker may choose with this advisor (for the booking steps). */
export async function sessionOptionsFor(
  db: Db,
  userId: string | null,
  advisor: { id: string; hourlyRateInr: number },
  now: Date,
) {
  if (!userId) return sessionOptions(advisor.hourlyRateInr, true);
  const first = await isFirstSession(db, userId, advisor.id);
  const usable = await usablePackage(db, { userId, advisorId: advisor.id, now });
  return sessionOptions(advisor.hourlyRateInr, first, usable);
}

/**
 * Books a session with an advisor. Everything the browser sent is re-decided here: the
 * advisor must be approved, the type and duration must be one of the seeker's options, the
 * start must still be offered by the slot engine, and the price is computed from the
 * advisor's rate. A paid session is written as a 15-minute hold with its payment row and the
 * provider's order, in one transaction; a free one is confirmed at once.
 */
export async function createBooking(
  deps: BookingDeps,
  userId: string,
  request: BookingRequest,
): Promise<BookingCreated | Refusal> {
  return book(deps, userId, {
    advisorId: request.advisorId,
    sessionType: request.sessionType,
    duration: request.duration,
    start: new Date(request.datetime),
    topics: request.topics,
    additionalInfo: request.additionalInfo,
    seekerTimezone: request.seekerTimezone,
    noRefundAcknowledged: request.noRefundAcknowledged === true,
    packagePurchaseId: request.packagePurchaseId,
  });
}

/** The free 15-minute discovery call with the team advisor. */
export async function createDiscoveryBooking(
  deps: BookingDeps,
  userId: string,
  request: DiscoveryRequest,
): Promise<BookingCreated | Refusal> {
  return book(deps, userId, {
    advisorId: deps.config.discoveryAdvisorId,
    sessionType: "Discovery Call",
    duration: DISCOVERY_MINUTES,
    start: new Date(request.datetime),
    topics: [],
    additionalInfo: request.adviceSought,
    seekerTimezone: request.seekerTimezone,
    // Free: there is no refund to give up.
    noRefundAcknowledged: false,
  });
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}
const refuse = (status: Refusal["status"], message: string, field?: string): never => {
  throw new Refused({ ok: false, status, message, field });
};

async function book(
  deps: BookingDeps,
  userId: string,
  plan: Plan,
): Promise<BookingCreated | Refusal> {
  const now = deps.now();
  const end = new Date(plan.start.getTime() + plan.duration * 60_000);
  try {
    if (deps.ownCalendars) {
      // The rules first (read only), so a refusal for them never waits on Google; then the
      // advisor's own calendar, asked live (2 s at most) before the transaction holds the time.
      await checkPlan(deps.db, userId, plan, now);
      if (!(await deps.ownCalendars.confirmFree(plan.advisorId, plan.start, end)))
        return { ok: false, status: 409, message: M.timeNotOffered, field: "datetime" };
    }
    return await deps.db.transaction(async (tx) => {
      // Decided again here: anything may have changed while Google was asked.
      const { advisor, price } = await checkPlan(tx, userId, plan, now);
      const events = deps.events.within(tx, now);
      await releaseExpiredHolds(tx, events, {
        advisorId: advisor.id,
        userId,
        start: plan.start,
        end,
      });

      const free = price.isFree;
      const fromPackage = plan.packagePurchaseId !== undefined;
      const [payment] = await tx
        .insert(payments)
        .values({
          userId,
          amount: price.totalPaise,
          feeAmount: price.feeInr * 100,
          gstAmount: price.gstInr * 100,
          status: free ? "free" : "created",
          // A package's session was paid with the package: its own payment is of nothing.
          provider: fromPackage ? "package" : free ? "none" : deps.gateway.name,
        })
        .returning({ id: payments.id });
      const [booking] = await tx
        .insert(bookings)
        .values({
          paymentId: payment!.id,
          userId,
          advisorId: advisor.id,
          datetime: plan.start,
          duration: plan.duration,
          endsAt: end,
          status: free ? "confirmed" : "pending_payment",
          holdExpiresAt: free ? null : new Date(now.getTime() + HOLD_MINUTES * 60_000),
          sessionType: plan.sessionType,
          topics: plan.topics,
          additionalInfo: plan.additionalInfo ?? null,
          advisorTimezone: advisor.timeZone,
          seekerTimezone: plan.seekerTimezone,
          packagePurchaseId: plan.packagePurchaseId ?? null,
        })
        .returning({ id: bookings.id });
      const bookingId = booking!.id;

      let orderId: string | null = null;
      if (free) {
        await confirmBooking(tx, events, deps.config, bookingId);
      } else {
        await events.publish({ type: "booking.held", bookingId });
        // Inside the transaction: if the provider refuses, nothing of the booking remains; if
        // the commit fails after it, an unpaid order is left at the provider, which is harmless.
        ({ orderId } = await deps.gateway.createOrder({
          amountPaise: price.totalPaise,
          receipt: bookingId,
          notes: { bookingId, paymentId: payment!.id },
        }));
        await tx
          .update(payments)
          .set({ razorpayOrderId: orderId })
          .where(eq(payments.id, payment!.id));
      }
      return {
        ok: true as const,
        bookingId,
        paymentId: payment!.id,
        orderId,
        keyId: deps.gateway.keyId,
        amount: price.totalPaise,
        free,
      };
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    const { code, constraint } = violatedConstraint(error);
    if (code === "23P01") {
      return {
        ok: false,
        status: 409,
        field: "datetime",
        message: constraint === "bookings_seeker_no_overlap" ? M.seekerOverlap : M.timeTaken,
      };
    }
    deps.logger.error({ err: error, advisorId: plan.advisorId }, "booking failed");
    return { ok: false, status: 502, message: M.bookingFailed };
  }
}

/**
 * The booking's rules: an active seeker, an approved advisor who is not the seeker, one of the
 * seeker's options, a start the slot engine offers, and for a paid session starting inside the
 * refund deadline the seeker's "no refund" acknowledgement. Only reads; a refusal is thrown
 * (Refused).
 */
async function checkPlan(db: Db | Tx, userId: string, plan: Plan, now: Date) {
  const [seeker] = await db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  if (!seeker?.isActive) refuse(404, M.userNotFound);

  const [advisor] = await db
    .select({
      id: advisors.id,
      userId: advisors.userId,
      rate: advisors.hourlyRateInr,
      timeZone: sql<string>`coalesce(${advisorSchedules.timezone}, ${advisors.sessionTimezone})`,
    })
    .from(advisors)
    .leftJoin(
      advisorSchedules,
      and(eq(advisorSchedules.advisorId, advisors.id), eq(advisorSchedules.isActive, true)),
    )
    .where(and(eq(advisors.id, plan.advisorId), eq(advisors.profileStatus, "approved")));
  if (!advisor) return refuse(404, M.advisorNotFound, "advisorId");
  if (advisor.userId === userId) refuse(400, M.selfBooking);

  const first = await isFirstSession(db, userId, advisor.id);
  const price = plan.packagePurchaseId
    ? await packageSessionPrice(db, userId, plan, first, now)
    : priceOf(plan, advisor.rate, first);
  if (!price) return refuse(409, M.sessionNotAllowed, "sessionType");

  // Lapsed holds do not count as busy here; the transaction releases them before writing.
  if (!(await isStartOffered(db, advisor.id, plan.start, plan.duration, now)))
    refuse(409, M.timeNotOffered, "datetime");
  // Decided by this clock, not the browser's: a summary shown 24 h 1 min ahead and paid two
  // minutes later needs the acknowledgement too.
  if (
    !plan.noRefundAcknowledged &&
    needsNoRefundAcknowledgement({ start: plan.start, now, totalPaise: price.totalPaise })
  )
    refuse(400, M.noRefundNotAcknowledged, "noRefundAcknowledged");
  return { advisor, price };
}

/**
 * A session of the seeker's own active package with this advisor: of its length, starting
 * before it expires, with a session left (counted under the package's lock, so two bookings
 * at once cannot both take its last session). Its price is nothing: the package was paid.
 */
async function packageSessionPrice(
  db: Db | Tx,
  userId: string,
  plan: Plan,
  first: boolean,
  now: Date,
): Promise<SessionPrice> {
  const [purchase] = await db
    .select()
    .from(packagePurchases)
    .where(
      and(eq(packagePurchases.id, plan.packagePurchaseId!), eq(packagePurchases.userId, userId)),
    )
    .for("update");
  if (!purchase) return refuse(404, M.packageNotFound, "packagePurchaseId");
  if (
    purchase.status !== "active" ||
    purchase.advisorId !== plan.advisorId ||
    purchase.duration !== plan.duration ||
    plan.sessionType !== (first ? "First Call" : "Follow up call") ||
    purchase.expiresAt! <= now
  )
    refuse(409, M.packageNotUsable, "packagePurchaseId");
  if (plan.start >= purchase.expiresAt!) refuse(409, M.packageExpires, "datetime");
  if ((await packageSessionsTaken(db, purchase.id)) >= purchase.sessions)
    refuse(409, M.packageUsedUp, "packagePurchaseId");
  return sessionPrice(0, plan.duration);
}

/** The package the seeker can book their next session with, with this advisor, if any. */
async function usablePackage(
  db: Db,
  where: { userId: string; advisorId: string; now: Date },
): Promise<PackageUse | null> {
  const held = await db
    .select()
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.userId, where.userId),
        eq(packagePurchases.advisorId, where.advisorId),
        eq(packagePurchases.status, "active"),
        gt(packagePurchases.expiresAt, where.now),
      ),
    )
    .orderBy(asc(packagePurchases.expiresAt));
  for (const purchase of held) {
    const taken = await packageSessionsTaken(db, purchase.id);
    if (taken < purchase.sessions) {
      const duration = purchase.duration as 15 | 30;
      return { purchaseId: purchase.id, nth: taken + 1, sessions: purchase.sessions, duration };
    }
  }
  return null;
}

/** The price of the chosen option, or null when the seeker may not choose it. */
function priceOf(plan: Plan, rate: number, first: boolean): SessionPrice | null {
  if (plan.sessionType === "Discovery Call") {
    return plan.duration === DISCOVERY_MINUTES ? sessionPrice(0, DISCOVERY_MINUTES) : null;
  }
  const option = sessionOptions(rate, first).find(
    (o) => o.type === plan.sessionType && o.duration === plan.duration,
  );
  return option?.price ?? null;
}
