import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionDeadline, questionPrice } from "../../core/questions";
import {
  advisors,
  conversations,
  ledgerEntries,
  paidQuestions,
  payments,
  payoutTransfers,
  refunds,
} from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import { findDifferences } from "./reconcile.server";
import { splitFee } from "../../core/ledger";

/*
 * The paid questions' schema (issue 40, ADR 98): a question's ledger entries, transfer and
 * refund name the question instead of a booking, exactly one of them, once each.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function askedQuestion() {
  const db = database.db;
  const advisorId = await createAdvisor(db, { questionPriceInr: 500, questionAnswerDays: 3 });
  const seekerId = await createSeeker(db);
  const [conversation] = await db
    .insert(conversations)
    .values({ seekerId, advisorId })
    .returning({ id: conversations.id });
  const price = questionPrice(500);
  const [payment] = await db
    .insert(payments)
    .values({
      userId: seekerId,
      amount: price.totalPaise,
      feeAmount: price.feePaise,
      gstAmount: price.gstPaise,
      status: "paid",
      provider: "test",
      razorpayOrderId: `order_${randomBytes(6).toString("hex")}`,
      razorpayPaymentId: `pay_${randomBytes(6).toString("hex")}`,
    })
    .returning({ id: payments.id });
  const paidAt = new Date("2026-03-01T10:00:00Z");
  const [question] = await db
    .insert(paidQuestions)
    .values({
      conversationId: conversation!.id,
      userId: seekerId,
      advisorId,
      paymentId: payment!.id,
      body: "How do I move my PF when I change jobs?",
      priceInr: 500,
      answerDays: 3,
      status: "open",
      paidAt,
      deadline: questionDeadline(paidAt, 3),
    })
    .returning();
  return { advisorId, seekerId, paymentId: payment!.id, question: question! };
}

const credit = (advisorId: string, paymentId: string) => ({
  advisorId,
  kind: "session_credit" as const,
  amount: 40_000,
  paymentId,
  feeAmount: 50_000,
  commissionPercent: 20,
  commissionAmount: 10_000,
});

describe("paid questions in the ledger's tables", () => {
  it("credits, transfers and refunds a question once, naming only the question", async () => {
    const db = database.db;
    const { advisorId, seekerId, paymentId, question } = await askedQuestion();
    await db
      .insert(ledgerEntries)
      .values({ ...credit(advisorId, paymentId), questionId: question.id });
    await expect(
      db.insert(ledgerEntries).values({ ...credit(advisorId, paymentId), questionId: question.id }),
    ).rejects.toThrow();
    await db.insert(payoutTransfers).values({
      advisorId,
      questionId: question.id,
      paymentId,
      amount: 40_000,
      status: "pending",
    });
    await expect(
      db.insert(payoutTransfers).values({
        advisorId,
        questionId: question.id,
        paymentId,
        amount: 40_000,
        status: "pending",
      }),
    ).rejects.toThrow();
    await db
      .insert(refunds)
      .values({ paymentId, questionId: question.id, amount: 59_000, gstAmount: 9_000 });

    // Neither or both subjects are refused.
    const booking = await createBooking(db, {
      advisorId,
      userId: seekerId,
      datetime: new Date("2026-03-05T10:00:00Z"),
    });
    const other = await askedQuestion();
    await expect(
      db.insert(ledgerEntries).values(credit(other.advisorId, other.paymentId)),
    ).rejects.toThrow();
    await expect(
      db.insert(ledgerEntries).values({
        ...credit(other.advisorId, other.paymentId),
        questionId: other.question.id,
        bookingId: booking.id,
      }),
    ).rejects.toThrow();
    await expect(
      db.insert(payoutTransfers).values({
        advisorId: other.advisorId,
        paymentId: other.paymentId,
        amount: 40_000,
        status: "pending",
      }),
    ).rejects.toThrow();
    await expect(
      db.insert(refunds).values({
        paymentId: other.paymentId,
        questionId: other.question.id,
        bookingId: booking.id,
        amount: 59_000,
      }),
    ).rejects.toThrow();
  });

  it("keeps an advisor's offer whole: price and answer time both set or both unset, 1-7 days", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db);
    await db
      .update(advisors)
      .set({ questionPriceInr: 300, questionAnswerDays: 7 })
      .where(eq(advisors.id, advisorId));
    await expect(
      db.update(advisors).set({ questionAnswerDays: 8 }).where(eq(advisors.id, advisorId)),
    ).rejects.toThrow();
    await expect(
      db.update(advisors).set({ questionPriceInr: null }).where(eq(advisors.id, advisorId)),
    ).rejects.toThrow();
    await db
      .update(advisors)
      .set({ questionPriceInr: null, questionAnswerDays: null })
      .where(eq(advisors.id, advisorId));
  });
});

describe("the reconciliation of a question's payment", () => {
  it("wants no credit while open, and the fee's split and its transfer once answered", async () => {
    const db = database.db;
    const { advisorId, paymentId, question } = await askedQuestion();
    const split = splitFee(50_000, 20);
    const mine = async () =>
      (await findDifferences(db)).filter((d) => d.ref === paymentId).map((d) => d.check);
    expect(await mine()).toEqual([]);
    await db.insert(ledgerEntries).values({
      ...credit(advisorId, paymentId),
      amount: split.share,
      questionId: question.id,
    });
    expect(await mine()).toEqual(["credit", "transfer"]);
    await db
      .update(paidQuestions)
      .set({ status: "answered", answeredAt: new Date("2026-03-02T10:00:00Z") })
      .where(eq(paidQuestions.id, question.id));
    expect(await mine()).toEqual(["transfer"]);
    await db.insert(payoutTransfers).values({
      advisorId,
      questionId: question.id,
      paymentId,
      amount: split.share,
      status: "pending",
    });
    expect(await mine()).toEqual([]);
  });
});
