import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthKey, unaccounted } from "../../core/ledger";
import { BOOKING_MESSAGES as BM } from "../../core/messages/booking";
import { PURCHASE_MESSAGES as M } from "../../core/messages/package-purchases";
import { packagePrice, refundOfRest, sessionShares } from "../../core/packages";
import { createBooking, sessionOptionsFor } from "../bookings/booking-service.server";
import { bookableAdvisor, MINUTE, NOW, request, testDeps } from "../bookings/bookings.test-support";
import { cancelSession } from "../bookings/cancel.server";
import { settlePayment, verifyPayment } from "../bookings/payment-service.server";
import { completeFinishedSessions } from "../bookings/session-jobs.server";
import { hadPaidSession } from "../repositories/conversation-pairs.server";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import {
  advisorPackages,
  advisors,
  bookings,
  emailOutbox,
  ledgerEntries,
  moneyMonths,
  packagePurchases,
  paymentMoney,
  payments,
  payoutTransfers,
  refunds,
  users,
} from "../db/schema";
import { paymentSignature } from "../payments/signature.server";
import { findDifferences } from "../payouts/reconcile.server";
import { endPurchaseBy, expirePackages, startPurchase } from "./purchases.server";

/*
 * A bought package end to end against the database: paid once through the booking's payment
 * path, its sessions booked with no payment under the usual rules, given back or used up by
 * cancellations, credited to the advisor per session used (the shares adding up to the fee),
 * and the unused rest refunded to the paisa when it ends, with the reconciliation agreeing.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof testDeps>;
let advisorId: string;
let advisorUserId: string;
let packageId: string;
const DAY = 24 * 60 * MINUTE;
const PRICE_INR = 2400;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testDeps(database.db);
  advisorId = await bookableAdvisor(database.db);
  [{ userId: advisorUserId }] = (await database.db
    .select({ userId: advisors.userId })
    .from(advisors)
    .where(eq(advisors.id, advisorId))) as [{ userId: string }];
  packageId = await offer(advisorId);
});
afterAll(() => database.destroy());

async function offer(
  forAdvisor: string,
  change: Partial<typeof advisorPackages.$inferInsert> = {},
) {
  const [row] = await database.db
    .insert(advisorPackages)
    .values({
      advisorId: forAdvisor,
      name: "Three mornings",
      sessions: 3,
      duration: 30,
      validityDays: 60,
      priceInr: PRICE_INR,
      ...change,
    })
    .returning({ id: advisorPackages.id });
  return row!.id;
}

const pay = (orderId: string) => {
  const paymentId = `pay_${Math.random().toString(36).slice(2)}`;
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(deps.config.testPaymentSecret!, orderId, paymentId),
  };
};

/** A seeker who bought the package (paid through the browser's verification). */
async function buyer(pkg = packageId) {
  const seeker = await createSeeker(database.db);
  const order = await startPurchase(deps, seeker, { advisorId, packageId: pkg });
  if (!order.ok) throw new Error(order.message);
  const verified = await verifyPayment(deps, seeker, pay(order.orderId));
  expect(verified).toMatchObject({ ok: true, settlement: "confirmed" });
  return { seeker, purchaseId: order.purchaseId, paymentId: order.paymentId, order };
}

const purchase = async (id: string) =>
  (await database.db.select().from(packagePurchases).where(eq(packagePurchases.id, id)))[0]!;

async function bookWith(seeker: string, purchaseId: string, datetime: string, first: boolean) {
  return createBooking(
    deps,
    seeker,
    request(advisorId, datetime, {
      packagePurchaseId: purchaseId,
      sessionType: first ? "First Call" : "Follow up call",
    }),
  );
}

const cancel = (userId: string, bookingId: string, ownAdvisorId: string | null = null) =>
  cancelSession(database.db, {
    actor: { userId, advisorId: ownAdvisorId, isAdmin: false },
    bookingId,
    reason: "Plans changed",
    now: deps.now(),
    config: deps.config,
    events: deps.events,
  });

const creditsOf = (paymentId: string) =>
  database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, "session_credit")))
    .orderBy(ledgerEntries.createdAt);

describe("a bought package", () => {
  it("is paid once, used session by session, and refunds exactly the unused rest", async () => {
    deps.clock.now = NOW;
    const price = packagePrice(PRICE_INR);
    const { seeker, purchaseId, paymentId, order } = await buyer();
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({
      amount: 283_200,
      feeAmount: 240_000,
      gstAmount: 43_200,
      status: "paid",
    });
    expect(await purchase(purchaseId)).toMatchObject({
      status: "active",
      expiresAt: new Date(NOW.getTime() + 60 * DAY),
      sessions: 3,
    });
    // A repeated verification or webhook changes nothing.
    expect(await verifyPayment(deps, seeker, pay(order.orderId))).toMatchObject({
      settlement: "already-settled",
    });
    await database.db.transaction((tx) =>
      settlePayment({ ...deps, tx }, { orderId: order.orderId, providerPaymentId: "pay_again" }),
    );
    expect((await purchase(purchaseId)).expiresAt).toEqual(new Date(NOW.getTime() + 60 * DAY));

    // The profile offers its next session first: "Session 1 of 3".
    const options = await sessionOptionsFor(
      database.db,
      seeker,
      { id: advisorId, hourlyRateInr: 2000 },
      deps.now(),
    );
    expect(options[0]).toMatchObject({
      key: "Package-30",
      type: "First Call",
      packageUse: { purchaseId, nth: 1, sessions: 3 },
      price: { totalPaise: 0 },
    });

    // Session 1: booked with no payment of its own.
    const one = await bookWith(seeker, purchaseId, "2026-03-05T03:30:00.000Z", true);
    if (!one.ok) throw new Error(one.message);
    expect(one).toMatchObject({ free: true, orderId: null, amount: 0 });
    const [first] = await database.db.select().from(bookings).where(eq(bookings.id, one.bookingId));
    expect(first).toMatchObject({ status: "confirmed", packagePurchaseId: purchaseId });

    // Session 2, cancelled 24 hours or more ahead: it goes back to the package.
    const two = await bookWith(seeker, purchaseId, "2026-03-06T03:30:00.000Z", false);
    if (!two.ok) throw new Error(two.message);
    expect(await cancel(seeker, two.bookingId)).toMatchObject({ ok: true, refundPaise: 0 });
    expect(
      (await sessionOptionsFor(database.db, seeker, { id: advisorId, hourlyRateInr: 2000 }, NOW))[0]
        ?.packageUse,
    ).toMatchObject({ nth: 2 });
    expect(await creditsOf(paymentId)).toEqual([]);

    // Session 2 again, cancelled late: used up, and the advisor is credited its share.
    const again = await bookWith(seeker, purchaseId, "2026-03-07T03:30:00.000Z", false);
    if (!again.ok) throw new Error(again.message);
    deps.clock.now = new Date("2026-03-06T10:00:00.000Z");
    expect(await cancel(seeker, again.bookingId)).toMatchObject({ ok: true, refundPaise: 0 });
    const fees = sessionShares(price.feePaise, 3);
    expect((await creditsOf(paymentId)).map((c) => c.feeAmount)).toEqual([fees[0]]);

    // Session 1 is held: credited the next share, with its transfer held.
    deps.clock.now = new Date("2026-03-05T04:00:00.000Z");
    await completeFinishedSessions(database.db, deps.now(), deps.events);
    const credits = await creditsOf(paymentId);
    expect(credits.map((c) => c.feeAmount)).toEqual([fees[0], fees[1]]);
    const transfers = await database.db
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.paymentId, paymentId));
    expect(transfers.map((t) => t.amount).sort()).toEqual(credits.map((c) => c.amount).sort());

    // Money in the month: what is not yet used is prepaid, and every paisa is accounted for.
    // The payment's month (its row is stamped by the database's clock).
    const key = monthKey(payment!.createdAt);
    const month = async () =>
      (await database.db.select().from(moneyMonths).where(eq(moneyMonths.month, key)))[0]!;
    // Other tests' packages share the month: compare with this package's part of it.
    const [part] = await database.db
      .select()
      .from(paymentMoney)
      .where(eq(paymentMoney.paymentId, paymentId));
    expect(part!.prepaid).toBe(price.feePaise - fees[0]! - fees[1]!);
    expect(unaccounted(await month())).toBe(0);

    // Someone else cannot end it; the seeker can, and gets the rest back to the paisa.
    const stranger = await createSeeker(database.db);
    expect(await endPurchaseBy(deps, { purchaseId, by: "seeker", userId: stranger })).toMatchObject(
      { ok: false, status: 404, message: M.notFound },
    );
    const ended = await endPurchaseBy(deps, { purchaseId, by: "seeker", userId: seeker });
    const rest = refundOfRest(price, 3, 2);
    expect(ended).toEqual({ ok: true, refundPaise: rest.amount });
    const [refund] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.packagePurchaseId, purchaseId));
    expect(refund).toMatchObject({ amount: 94_400, gstAmount: 14_400, bookingId: null });
    expect(rest).toEqual({ amount: 94_400, gst: 14_400 });
    expect(await purchase(purchaseId)).toMatchObject({ status: "cancelled" });
    expect(await endPurchaseBy(deps, { purchaseId, by: "seeker", userId: seeker })).toMatchObject({
      ok: false,
      status: 409,
      message: M.notActive,
    });
    const [closedPart] = await database.db
      .select()
      .from(paymentMoney)
      .where(eq(paymentMoney.paymentId, paymentId));
    expect(closedPart).toMatchObject({ prepaid: 0, refunds: 94_400, gst: 43_200 - 14_400 });
    expect(unaccounted(await month())).toBe(0);
    expect(await findDifferences(database.db)).toEqual([]);
    const mails = await database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.name, "package.cancelled"));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      expect.stringContaining('cancelled the package "Three mornings"'),
      expect.stringContaining('Your package "Three mornings"'),
    ]);
  });

  it("is refused to someone else, past its sessions, its expiry or another advisor's", async () => {
    deps.clock.now = NOW;
    const { seeker, purchaseId } = await buyer();
    const other = await createSeeker(database.db);
    expect(await bookWith(other, purchaseId, "2026-03-10T03:30:00.000Z", true)).toMatchObject({
      ok: false,
      status: 404,
      message: BM.packageNotFound,
    });
    // Its length is the package's.
    expect(
      await createBooking(
        deps,
        seeker,
        request(advisorId, "2026-03-10T03:30:00.000Z", {
          packagePurchaseId: purchaseId,
          duration: 15,
        }),
      ),
    ).toMatchObject({ ok: false, status: 409, message: BM.packageNotUsable });
    for (const [i, day] of ["10", "11", "12"].entries()) {
      const booked = await bookWith(seeker, purchaseId, `2026-03-${day}T03:30:00.000Z`, i === 0);
      expect(booked.ok).toBe(true);
    }
    expect(await bookWith(seeker, purchaseId, "2026-03-13T03:30:00.000Z", false)).toMatchObject({
      ok: false,
      message: BM.packageUsedUp,
    });
    // Nothing was written by the refusals.
    const written = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.packagePurchaseId, purchaseId));
    expect(written).toHaveLength(3);
    // A session of the package must start before it expires.
    const late = await buyer();
    await database.db
      .update(packagePurchases)
      .set({ expiresAt: new Date("2026-03-09T00:00:00.000Z") })
      .where(eq(packagePurchases.id, late.purchaseId));
    expect(
      await bookWith(late.seeker, late.purchaseId, "2026-03-10T04:30:00.000Z", true),
    ).toMatchObject({
      ok: false,
      message: BM.packageExpires,
    });
  });

  it("ends at its expiry once, refunding what was not used", async () => {
    deps.clock.now = NOW;
    const price = packagePrice(PRICE_INR);
    const { seeker, purchaseId, paymentId } = await buyer();
    const one = await bookWith(seeker, purchaseId, "2026-03-16T03:30:00.000Z", true);
    expect(one.ok).toBe(true);
    deps.clock.now = new Date(NOW.getTime() + 61 * DAY);
    // Not while a session is booked and not over: the completion comes first.
    await completeFinishedSessions(database.db, deps.now(), deps.events);
    const runs = await Promise.all([expirePackages(deps), expirePackages(deps)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await expirePackages(deps)).toBe(0);
    expect(await purchase(purchaseId)).toMatchObject({ status: "expired" });
    const paid = await database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(paid).toHaveLength(1);
    expect(paid[0]!.amount).toBe(refundOfRest(price, 3, 1).amount);
    expect(await findDifferences(database.db)).toEqual([]);
  });

  it("ended with sessions booked: those far enough ahead are cancelled first, by its side's rule", async () => {
    deps.clock.now = NOW;
    const price = packagePrice(PRICE_INR);
    // Withdrawn by its advisor: every session booked beyond the cutoff goes back; all refunded.
    const withdrawn = await buyer();
    const booked = await bookWith(
      withdrawn.seeker,
      withdrawn.purchaseId,
      "2026-03-20T03:30:00.000Z",
      true,
    );
    if (!booked.ok) throw new Error(booked.message);
    const otherAdvisor = await createSeeker(database.db);
    expect(
      await endPurchaseBy(deps, {
        purchaseId: withdrawn.purchaseId,
        by: "advisor",
        userId: otherAdvisor,
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await endPurchaseBy(deps, {
        purchaseId: withdrawn.purchaseId,
        by: "advisor",
        userId: advisorUserId,
      }),
    ).toMatchObject({ ok: true, refundPaise: price.totalPaise });
    const [gone] = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, booked.bookingId));
    expect(gone).toMatchObject({ status: "cancelled", packageSessionReturned: true });

    // Cancelled by its seeker: a session 10.5 hours ahead (inside the change cutoff) still
    // takes place and counts as used; one 13 hours ahead is cancelled late (used); one days
    // ahead goes back to the package and is refunded with the rest.
    deps.clock.now = new Date("2026-03-20T00:00:00.000Z");
    const cancelled = await buyer();
    const at = (iso: string, first: boolean) =>
      bookWith(cancelled.seeker, cancelled.purchaseId, iso, first);
    const soon = await at("2026-03-22T03:30:00.000Z", true);
    const late = await at("2026-03-22T06:00:00.000Z", false);
    const far = await at("2026-03-25T03:30:00.000Z", false);
    if (!soon.ok || !late.ok || !far.ok) throw new Error("not booked");
    deps.clock.now = new Date("2026-03-21T17:00:00.000Z");
    const ended = await endPurchaseBy(deps, {
      purchaseId: cancelled.purchaseId,
      by: "seeker",
      userId: cancelled.seeker,
    });
    expect(ended).toMatchObject({ ok: true, refundPaise: refundOfRest(price, 3, 2).amount });
    const states = new Map(
      (
        await database.db
          .select({
            id: bookings.id,
            status: bookings.status,
            returned: bookings.packageSessionReturned,
          })
          .from(bookings)
          .where(eq(bookings.packagePurchaseId, cancelled.purchaseId))
      ).map((b) => [b.id, b]),
    );
    expect(states.get(soon.bookingId)).toMatchObject({ status: "confirmed" });
    expect(states.get(late.bookingId)).toMatchObject({ status: "cancelled", returned: false });
    expect(states.get(far.bookingId)).toMatchObject({ status: "cancelled", returned: true });
    expect(await findDifferences(database.db)).toEqual([]);
    // The session still booked is held later and credited its share: the money adds up.
    deps.clock.now = new Date("2026-03-22T04:00:00.000Z");
    await completeFinishedSessions(database.db, deps.now(), deps.events);
    expect(await creditsOf(cancelled.paymentId)).toHaveLength(2);
    expect(await findDifferences(database.db)).toEqual([]);
  });

  it("paid after its advisor's account was closed is refunded in full", async () => {
    deps.clock.now = NOW;
    const gone = await bookableAdvisor(database.db);
    const pkg = await offer(gone);
    const seeker = await createSeeker(database.db);
    const order = await startPurchase(deps, seeker, { advisorId: gone, packageId: pkg });
    if (!order.ok) throw new Error(order.message);
    const [{ userId }] = (await database.db
      .select({ userId: advisors.userId })
      .from(advisors)
      .where(eq(advisors.id, gone))) as [{ userId: string }];
    await database.db.update(users).set({ deletedAt: NOW }).where(eq(users.id, userId));
    expect(await verifyPayment(deps, seeker, pay(order.orderId))).toMatchObject({
      ok: true,
      settlement: "refunded",
    });
    expect(await purchase(order.purchaseId)).toMatchObject({ status: "withdrawn" });
    const [refund] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.packagePurchaseId, order.purchaseId));
    expect(refund).toMatchObject({ amount: order.amount });
    expect(await findDifferences(database.db)).toEqual([]);
  });

  it("is not sold when hidden, withdrawn, or to its own advisor", async () => {
    const seeker = await createSeeker(database.db);
    const hidden = await offer(advisorId, { hiddenAt: NOW });
    const withdrawn = await offer(advisorId, { status: "withdrawn" });
    for (const pkg of [hidden, withdrawn]) {
      expect(await startPurchase(deps, seeker, { advisorId, packageId: pkg })).toMatchObject({
        ok: false,
        status: 404,
        message: M.notOffered,
      });
    }
    expect(await startPurchase(deps, advisorUserId, { advisorId, packageId })).toMatchObject({
      ok: false,
      message: M.ownPackage,
    });
    // Someone else's package id with this advisor's id is no package at all.
    const elsewhere = await offer(await bookableAdvisor(database.db));
    expect(await startPurchase(deps, seeker, { advisorId, packageId: elsewhere })).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("unmasks contact details in the pair's messages once a package's session is booked", async () => {
    deps.clock.now = NOW;
    const { seeker, purchaseId } = await buyer();
    expect(await hadPaidSession(database.db, seeker, advisorId)).toBe(false);
    expect((await bookWith(seeker, purchaseId, "2026-03-27T03:30:00.000Z", true)).ok).toBe(true);
    expect(await hadPaidSession(database.db, seeker, advisorId)).toBe(true);
  });

  it("gives its last session to one of two bookings made at once", async () => {
    deps.clock.now = NOW;
    const { seeker, purchaseId } = await buyer();
    for (const [i, day] of ["23", "24"].entries()) {
      expect((await bookWith(seeker, purchaseId, `2026-03-${day}T03:30:00.000Z`, i === 0)).ok).toBe(
        true,
      );
    }
    const raced = await Promise.all([
      bookWith(seeker, purchaseId, "2026-03-25T03:30:00.000Z", false),
      bookWith(seeker, purchaseId, "2026-03-26T03:30:00.000Z", false),
    ]);
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
    const taken = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.packagePurchaseId, purchaseId), eq(bookings.status, "confirmed")));
    expect(taken).toHaveLength(3);
  });
});
