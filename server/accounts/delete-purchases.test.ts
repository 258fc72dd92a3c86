import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthKey, unaccounted } from "../../core/ledger";
import { PURCHASE_MESSAGES as PM } from "../../core/messages/package-purchases";
import { PRIVACY_MESSAGES } from "../../core/messages/privacy";
import { QUESTION_MESSAGES as QM } from "../../core/messages/questions";
import { packagePrice, refundOfRest, sessionShares } from "../../core/packages";
import { questionPrice } from "../../core/questions";
import { createBooking } from "../bookings/booking-service.server";
import { bookableAdvisor, request, testDeps } from "../bookings/bookings.test-support";
import { verifyPayment } from "../bookings/payment-service.server";
import { completeFinishedSessions } from "../bookings/session-jobs.server";
import { openDealings } from "../compose.server";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import * as s from "../db/schema";
import { endPurchaseBy, startPurchase } from "../packages/purchases.server";
import { paymentSignature } from "../payments/signature.server";
import { findDifferences } from "../payouts/reconcile.server";
import { askedAndPaid, offerQuestions } from "../questions/question.test-support";
import { createStorage } from "../storage/storage.server";
import { deleteAccount, deletionPreview } from "./delete-account.server";

/*
 * Deleting an account ends what the person bought or sold (ADR 91, issue 40): an active
 * package ends as if its seeker cancelled it or its advisor withdrew it, after the deletion's
 * own cancel of the sessions booked ahead, so the refund is exactly the sessions neither used
 * nor held; an open paid question is refunded in full. Refunds to the paisa, the other party
 * told, the reconciliation empty and the month balanced. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof testDeps>;
const PRICE_INR = 2400;
const QUESTION_INR = 500;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testDeps(database.db);
});
afterAll(() => database.destroy());

const remove = (userId: string, actorUserId = userId) =>
  deleteAccount(
    {
      db: database.db,
      openDealings: openDealings(deps.config, deps.events),
      storage: createStorage(deps.config),
      logger: pino({ level: "silent" }),
      now: deps.now,
    },
    { userId, actorUserId },
  );

/** An approved advisor selling "Three mornings" (3 × 30 min, ₹2,400) and ₹500 questions. */
async function sellingAdvisor() {
  const advisorId = await bookableAdvisor(database.db);
  const [offer] = await database.db
    .insert(s.advisorPackages)
    .values({
      advisorId,
      name: "Three mornings",
      sessions: 3,
      duration: 30,
      validityDays: 60,
      priceInr: PRICE_INR,
    })
    .returning({ id: s.advisorPackages.id });
  await offerQuestions(database.db, advisorId, QUESTION_INR, 3);
  const [{ userId }] = (await database.db
    .select({ userId: s.advisors.userId })
    .from(s.advisors)
    .where(eq(s.advisors.id, advisorId))) as [{ userId: string }];
  return { advisorId, userId, packageId: offer!.id };
}

async function buy(seeker: string, advisor: { advisorId: string; packageId: string }) {
  const order = await startPurchase(deps, seeker, advisor);
  if (!order.ok) throw new Error(order.message);
  const paymentId = `pay_${Math.random().toString(36).slice(2)}`;
  const verified = await verifyPayment(deps, seeker, {
    razorpay_order_id: order.orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(deps.config.testPaymentSecret!, order.orderId, paymentId),
  });
  expect(verified).toMatchObject({ ok: true, settlement: "confirmed" });
  return order;
}

async function book(seeker: string, advisorId: string, purchaseId: string, at: string, n: number) {
  const booked = await createBooking(
    deps,
    seeker,
    request(advisorId, at, {
      packagePurchaseId: purchaseId,
      sessionType: n === 1 ? "First Call" : "Follow up call",
    }),
  );
  if (!booked.ok) throw new Error(booked.message);
  return booked.bookingId;
}

const refundsOf = (paymentId: string) =>
  database.db
    .select({
      amount: s.refunds.amount,
      gstAmount: s.refunds.gstAmount,
      bookingId: s.refunds.bookingId,
    })
    .from(s.refunds)
    .where(eq(s.refunds.paymentId, paymentId));

const creditsOf = async (paymentId: string) =>
  (
    await database.db
      .select({ feeAmount: s.ledgerEntries.feeAmount })
      .from(s.ledgerEntries)
      .where(
        and(eq(s.ledgerEntries.paymentId, paymentId), eq(s.ledgerEntries.kind, "session_credit")),
      )
      .orderBy(s.ledgerEntries.createdAt)
  ).map((row) => row.feeAmount);

const mailsTo = async (userId: string) => {
  const [user] = await database.db
    .select({ email: s.users.email })
    .from(s.users)
    .where(eq(s.users.id, userId));
  return database.db
    .select({ name: s.emailOutbox.name, subject: s.emailOutbox.subject, text: s.emailOutbox.text })
    .from(s.emailOutbox)
    .where(eq(s.emailOutbox.toAddress, user!.email));
};

/** Every month the payments fall in adds up: collected = shares + commission + GST + refunds. */
async function monthsBalance(paymentIds: string[]) {
  const rows = await database.db
    .select({ createdAt: s.payments.createdAt })
    .from(s.payments)
    .where(inArray(s.payments.id, paymentIds));
  const keys = [...new Set(rows.map((row) => monthKey(row.createdAt)))];
  const months = await database.db
    .select()
    .from(s.moneyMonths)
    .where(inArray(s.moneyMonths.month, keys));
  expect(months).toHaveLength(keys.length);
  for (const month of months) expect(unaccounted(month)).toBe(0);
}

const price = packagePrice(PRICE_INR);
const fees = sessionShares(price.feePaise, 3);
const questionTotal = questionPrice(QUESTION_INR).totalPaise;

describe("deleting an account with a package and a paid question", () => {
  it("a seeker's deletion cancels their package (unused rest refunded) and refunds their open question", async () => {
    deps.clock.now = new Date("2026-03-02T00:00:00.000Z");
    const advisor = await sellingAdvisor();
    const seeker = await createSeeker(database.db, { firstName: "Anita" });
    const bought = await buy(seeker, advisor);
    // Session 1 is held; session 2 is 23.5 hours after the deletion (cancelled late by the
    // seeker's rule: used); session 3 is days ahead (goes back to the package: refunded).
    const one = await book(
      seeker,
      advisor.advisorId,
      bought.purchaseId,
      "2026-03-05T03:30:00.000Z",
      1,
    );
    const late = await book(
      seeker,
      advisor.advisorId,
      bought.purchaseId,
      "2026-03-06T03:30:00.000Z",
      2,
    );
    const far = await book(
      seeker,
      advisor.advisorId,
      bought.purchaseId,
      "2026-03-10T03:30:00.000Z",
      3,
    );
    const { question, order } = await askedAndPaid(deps, {
      seekerId: seeker,
      advisorId: advisor.advisorId,
    });
    expect(question.status).toBe("open");
    deps.clock.now = new Date("2026-03-05T04:00:00.000Z");
    await completeFinishedSessions(database.db, deps.now(), deps.events);
    expect(await creditsOf(bought.paymentId)).toEqual([fees[0]]);

    expect(
      await deletionPreview(database.db, { userId: seeker, authUserId: null }, deps.now()),
    ).toMatchObject({ upcomingSessions: 2, activePackages: 1, openQuestions: 1 });
    expect(PRIVACY_MESSAGES.deletePackages(1)).toBe(
      "Your 1 active package is ended and its unused sessions refunded; the other person is told.",
    );
    expect(PRIVACY_MESSAGES.deleteQuestions(1)).toBe(
      "Your 1 open paid question is refunded in full; the other person is told.",
    );

    expect(await remove(seeker)).toMatchObject({ ok: true, cancelled: 2 });

    const sessions = new Map(
      (
        await database.db
          .select({
            id: s.bookings.id,
            status: s.bookings.status,
            returned: s.bookings.packageSessionReturned,
          })
          .from(s.bookings)
          .where(eq(s.bookings.packagePurchaseId, bought.purchaseId))
      ).map((row) => [row.id, row]),
    );
    expect(sessions.get(one)).toMatchObject({ status: "completed" });
    expect(sessions.get(late)).toMatchObject({ status: "cancelled", returned: false });
    expect(sessions.get(far)).toMatchObject({ status: "cancelled", returned: true });
    // Two sessions used (one held, one cancelled late, each credited its share): one refunded.
    expect(await creditsOf(bought.paymentId)).toEqual([fees[0], fees[1]]);
    const rest = refundOfRest(price, 3, 2);
    expect(rest).toEqual({ amount: 94_400, gst: 14_400 });
    expect(await refundsOf(bought.paymentId)).toEqual([
      { amount: 94_400, gstAmount: 14_400, bookingId: null },
    ]);
    const [purchase] = await database.db
      .select()
      .from(s.packagePurchases)
      .where(eq(s.packagePurchases.id, bought.purchaseId));
    expect(purchase).toMatchObject({ status: "cancelled", endedAt: deps.now() });

    expect(questionTotal).toBe(59_000);
    expect(await refundsOf(order.paymentId)).toEqual([
      { amount: 59_000, gstAmount: 9_000, bookingId: null },
    ]);
    const [refunded] = await database.db
      .select()
      .from(s.paidQuestions)
      .where(eq(s.paidQuestions.id, question.id));
    expect(refunded).toMatchObject({ status: "refunded", refundedAt: deps.now() });
    const [reason] = await database.db
      .select({ reason: s.refunds.reason })
      .from(s.refunds)
      .where(eq(s.refunds.questionId, question.id));
    expect(reason!.reason).toBe(QM.refundAccountDeleted);

    // The advisor is told of each: the sessions, the package and the question.
    const told = await mailsTo(advisor.userId);
    const names = told.map((mail) => mail.name);
    expect(names.filter((n) => n === "session.cancelled")).toHaveLength(2);
    const packageMails = told.filter((mail) => mail.name === "package.cancelled");
    expect(packageMails).toHaveLength(1);
    expect(packageMails[0]!.subject).toContain('cancelled the package "Three mornings"');
    const closed = told.filter((mail) => mail.name === "question.refunded");
    expect(closed).toHaveLength(1);
    expect(closed[0]!.text).toContain("was closed unanswered because an account was deleted");

    const [audit] = await database.db
      .select({ details: s.auditLog.details })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, "account.delete"), eq(s.auditLog.targetId, seeker)));
    expect((audit!.details as { after: Record<string, unknown> }).after).toMatchObject({
      sessions_cancelled: 2,
      packages_ended: 1,
      packages_refunded_paise: 94_400,
      questions_refunded: 1,
      questions_refunded_paise: 59_000,
    });

    expect(await findDifferences(database.db)).toEqual([]);
    await monthsBalance([bought.paymentId, order.paymentId]);
  });

  it("an advisor's deletion withdraws the packages they sold and refunds the questions asked of them", async () => {
    deps.clock.now = new Date("2026-03-02T00:00:00.000Z");
    const advisor = await sellingAdvisor();
    const seeker = await createSeeker(database.db, { firstName: "Ravi" });
    const asker = await createSeeker(database.db, { firstName: "Sana" });
    const bought = await buy(seeker, advisor);
    const one = await book(
      seeker,
      advisor.advisorId,
      bought.purchaseId,
      "2026-03-05T03:30:00.000Z",
      1,
    );
    // Booked 23.5 hours after the deletion: the advisor's side gives it back all the same.
    const soon = await book(
      seeker,
      advisor.advisorId,
      bought.purchaseId,
      "2026-03-06T03:30:00.000Z",
      2,
    );
    const { question, order } = await askedAndPaid(deps, {
      seekerId: asker,
      advisorId: advisor.advisorId,
    });
    deps.clock.now = new Date("2026-03-05T04:00:00.000Z");
    await completeFinishedSessions(database.db, deps.now(), deps.events);
    expect(await creditsOf(bought.paymentId)).toEqual([fees[0]]);

    expect(
      await deletionPreview(database.db, { userId: advisor.userId, authUserId: null }, deps.now()),
    ).toMatchObject({ upcomingSessions: 1, activePackages: 1, openQuestions: 1 });

    expect(await remove(advisor.userId)).toMatchObject({ ok: true, cancelled: 1 });

    const [held] = await database.db.select().from(s.bookings).where(eq(s.bookings.id, one));
    expect(held).toMatchObject({ status: "completed" });
    const [back] = await database.db.select().from(s.bookings).where(eq(s.bookings.id, soon));
    expect(back).toMatchObject({ status: "cancelled", packageSessionReturned: true });
    // One session used and credited; two refunded, to the paisa, with their GST part.
    expect(await creditsOf(bought.paymentId)).toEqual([fees[0]]);
    const rest = refundOfRest(price, 3, 1);
    expect(rest).toEqual({ amount: 188_800, gst: 28_800 });
    expect(await refundsOf(bought.paymentId)).toEqual([
      { amount: 188_800, gstAmount: 28_800, bookingId: null },
    ]);
    const [purchase] = await database.db
      .select()
      .from(s.packagePurchases)
      .where(eq(s.packagePurchases.id, bought.purchaseId));
    expect(purchase).toMatchObject({ status: "withdrawn", endedAt: deps.now() });
    const [packageRefund] = await database.db
      .select({ reason: s.refunds.reason })
      .from(s.refunds)
      .where(eq(s.refunds.packagePurchaseId, bought.purchaseId));
    expect(packageRefund!.reason).toBe(PM.refundAccountDeleted);

    expect(await refundsOf(order.paymentId)).toEqual([
      { amount: questionTotal, gstAmount: 9_000, bookingId: null },
    ]);
    const [refunded] = await database.db
      .select()
      .from(s.paidQuestions)
      .where(eq(s.paidQuestions.id, question.id));
    expect(refunded).toMatchObject({ status: "refunded" });

    // The seekers are told: the session, the package withdrawn with its refund, the question.
    const toSeeker = await mailsTo(seeker);
    expect(toSeeker.filter((mail) => mail.name === "session.cancelled")).toHaveLength(1);
    const withdrawn = toSeeker.filter((mail) => mail.name === "package.withdrawn");
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]!.subject).toContain('Your package "Three mornings"');
    expect(withdrawn[0]!.text).toContain(PM.refundSentence("₹1,888"));
    const toAsker = await mailsTo(asker);
    const closed = toAsker.filter((mail) => mail.name === "question.refunded");
    expect(closed).toHaveLength(1);
    expect(closed[0]!.text).toContain("was closed unanswered because an account was deleted");
    expect(closed[0]!.text).toContain("₹590");

    // Nothing is left to end: a second look finds the advisor gone and changes nothing.
    expect(await remove(advisor.userId)).toMatchObject({ ok: false, status: 404 });
    expect(await refundsOf(bought.paymentId)).toHaveLength(1);
    expect(await findDifferences(database.db)).toEqual([]);
    await monthsBalance([bought.paymentId, order.paymentId]);
  });

  it("an admin's deletion on request gives back a session booked late too, and leaves ended packages alone", async () => {
    deps.clock.now = new Date("2026-03-02T00:00:00.000Z");
    const advisor = await sellingAdvisor();
    const seeker = await createSeeker(database.db);
    const admin = await createSeeker(database.db, { admin: "Y" });
    const bought = await buy(seeker, advisor);
    const soon = await book(
      seeker,
      advisor.advisorId,
      bought.purchaseId,
      "2026-03-06T03:30:00.000Z",
      1,
    );
    // An earlier package, already cancelled and refunded: not ended (nor refunded) twice.
    const earlier = await buy(seeker, advisor);
    expect(
      await endPurchaseBy(deps, { purchaseId: earlier.purchaseId, by: "seeker", userId: seeker }),
    ).toMatchObject({ ok: true, refundPaise: price.totalPaise });
    deps.clock.now = new Date("2026-03-05T04:00:00.000Z");

    expect(await remove(seeker, admin)).toMatchObject({ ok: true, cancelled: 1 });
    // The admin's rule: every session goes back, 23.5 hours ahead or not; all three refunded.
    const [back] = await database.db.select().from(s.bookings).where(eq(s.bookings.id, soon));
    expect(back).toMatchObject({ status: "cancelled", packageSessionReturned: true });
    expect(await refundsOf(bought.paymentId)).toEqual([
      { amount: price.totalPaise, gstAmount: price.gstPaise, bookingId: null },
    ]);
    expect(await refundsOf(earlier.paymentId)).toHaveLength(1);
    const [purchase] = await database.db
      .select({ status: s.packagePurchases.status })
      .from(s.packagePurchases)
      .where(eq(s.packagePurchases.id, bought.purchaseId));
    expect(purchase!.status).toBe("cancelled");
    expect(await findDifferences(database.db)).toEqual([]);
    await monthsBalance([bought.paymentId, earlier.paymentId]);
  });
});
