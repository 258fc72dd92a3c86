import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitFee, unaccounted } from "../../core/ledger";
import { MASKED_CONTACT } from "../../core/message-text";
import { QUESTION_MESSAGES as M } from "../../core/messages/questions";
import { questionPrice } from "../../core/questions";
import { bookableAdvisor, MINUTE, NOW, testDeps } from "../bookings/bookings.test-support";
import { settlePayment } from "../bookings/payment-service.server";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import {
  advisors,
  conversations,
  emailOutbox,
  ledgerEntries,
  messageAttachments,
  messages,
  moneyMonths,
  paidQuestions,
  payments,
  payoutTransfers,
  refunds,
  users,
} from "../db/schema";
import { findDifferences } from "../payouts/reconcile.server";
import { saveQuestionOffer } from "./question-offer.server";
import { askedAndPaid, offerQuestions, paidReport } from "./question.test-support";
import {
  markAnswered,
  rateQuestion,
  refundOverdueQuestions,
  startQuestion,
} from "./questions.server";

/*
 * A paid question end to end against the database (issue 40, ADR 98): ordered at the offer's
 * price, paid through the booking's payment path (repeats change nothing), written into the
 * conversation, answered and credited, or refunded in full at its deadline and both told.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof testDeps>;
let advisorId: string;
let advisorUserId: string;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testDeps(database.db);
  advisorId = await bookableAdvisor(database.db);
  [{ userId: advisorUserId }] = (await database.db
    .select({ userId: advisors.userId })
    .from(advisors)
    .where(eq(advisors.id, advisorId))) as [{ userId: string }];
  await offerQuestions(database.db, advisorId, 500, 3);
});
afterAll(() => database.destroy());

const question = async (id: string) =>
  (await database.db.select().from(paidQuestions).where(eq(paidQuestions.id, id)))[0]!;

const mailsTo = async (userId: string, name: string) => {
  const [user] = await database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, user!.email), eq(emailOutbox.name, name)));
};

async function reply(conversationId: string, body = "Move it with the UAN portal.") {
  await database.db
    .insert(messages)
    .values({ conversationId, senderId: advisorUserId, body, createdAt: deps.clock.now });
}

describe("the advisor's offer", () => {
  it("is saved within its limits and refused outside them, changing nothing", async () => {
    const other = await bookableAdvisor(database.db);
    const [{ userId }] = (await database.db
      .select({ userId: advisors.userId })
      .from(advisors)
      .where(eq(advisors.id, other))) as [{ userId: string }];
    expect(
      await saveQuestionOffer(database.db, userId, { priceInr: "99", answerDays: "3" }),
    ).toMatchObject({ ok: false, status: 400, message: M.priceInvalid });
    expect(
      await saveQuestionOffer(database.db, userId, { priceInr: "500", answerDays: "8" }),
    ).toMatchObject({ ok: false, status: 400, message: M.answerDaysInvalid });
    const [before] = await database.db.select().from(advisors).where(eq(advisors.id, other));
    expect(before!.questionPriceInr).toBeNull();
    expect(
      await saveQuestionOffer(database.db, userId, { priceInr: "750", answerDays: "7" }),
    ).toEqual({ ok: true, offer: { priceInr: 750, answerDays: 7 } });
    expect(await saveQuestionOffer(database.db, userId, null)).toEqual({ ok: true, offer: null });
    const [after] = await database.db.select().from(advisors).where(eq(advisors.id, other));
    expect([after!.questionPriceInr, after!.questionAnswerDays]).toEqual([null, null]);
  });

  it("cannot be set by a seeker", async () => {
    const seeker = await createSeeker(database.db);
    expect(
      await saveQuestionOffer(database.db, seeker, { priceInr: "500", answerDays: "3" }),
    ).toMatchObject({ ok: false, status: 403, message: M.notAdvisor });
  });
});

describe("asking and paying", () => {
  it("charges the offer's price with GST and opens the question in the conversation once paid", async () => {
    deps.clock.now = NOW;
    const seeker = await createSeeker(database.db);
    const order = await startQuestion(deps, seeker, {
      advisorId,
      body: "How do I move my PF when I change jobs?",
      attachments: [],
    });
    if (!order.ok) throw new Error(order.message);
    expect(order.amount).toBe(questionPrice(500).totalPaise);
    expect(order.amount).toBe(59_000);
    expect((await question(order.questionId)).status).toBe("pending_payment");
    // Nothing is in the conversation before the money is there.
    const [pending] = await database.db
      .select({ n: messages.id })
      .from(messages)
      .innerJoin(paidQuestions, eq(paidQuestions.conversationId, messages.conversationId))
      .where(eq(paidQuestions.id, order.questionId));
    expect(pending).toBeUndefined();

    const report = paidReport(deps, order.orderId);
    const settle = () =>
      database.db.transaction((tx) =>
        settlePayment(
          { ...deps, tx },
          {
            orderId: order.orderId,
            providerPaymentId: report.razorpay_payment_id,
            amount: order.amount,
          },
        ),
      );
    expect(await settle()).toBe("confirmed");
    // The webhook again, and again: nothing more happens.
    expect(await settle()).toBe("already-settled");
    expect(await settle()).toBe("already-settled");

    const opened = await question(order.questionId);
    expect(opened.status).toBe("open");
    expect(opened.paidAt).toEqual(NOW);
    expect(opened.deadline).toEqual(new Date(NOW.getTime() + 3 * DAY));
    const written = await database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, opened.conversationId));
    expect(written.map((m) => [m.id, m.senderId, m.body])).toEqual([
      [opened.messageId, seeker, "How do I move my PF when I change jobs?"],
    ]);
    expect(await mailsTo(seeker, "question.asked")).toHaveLength(1);
    expect(await mailsTo(advisorUserId, "question.asked")).toHaveLength(1);
    // Open: no credit yet, and the month counts its fee as prepaid.
    const credits = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.questionId, opened.id));
    expect(credits).toEqual([]);
    expect(await findDifferences(database.db)).toEqual([]);
  });

  it("sends the seeker's own files with the question, and refuses someone else's", async () => {
    const seeker = await createSeeker(database.db);
    const own = {
      fileKey: `messages/${seeker}/${randomUUID()}.pdf`,
      fileName: "payslip.pdf",
      contentType: "application/pdf",
      byteSize: 1200,
    };
    const theirs = { ...own, fileKey: `messages/${randomUUID()}/${randomUUID()}.pdf` };
    expect(
      await startQuestion(deps, seeker, {
        advisorId,
        body: "Is this offer fair?",
        attachments: [theirs],
      }),
    ).toMatchObject({ ok: false, status: 400 });
    const order = await startQuestion(deps, seeker, {
      advisorId,
      body: "Is this offer fair?",
      attachments: [own],
    });
    if (!order.ok) throw new Error(order.message);
    await database.db.transaction((tx) =>
      settlePayment({ ...deps, tx }, { orderId: order.orderId, providerPaymentId: "pay_files" }),
    );
    const opened = await question(order.questionId);
    const files = await database.db
      .select({ fileName: messageAttachments.fileName })
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, opened.messageId!));
    expect(files).toEqual([{ fileName: "payslip.pdf" }]);
  });

  it("hides contact details before the pair's first paid session", async () => {
    const seeker = await createSeeker(database.db);
    const { question: q } = await askedAndPaid(deps, {
      seekerId: seeker,
      advisorId,
      body: "Call me on +91 98765 43210 about it",
    });
    expect(q.body).toContain(MASKED_CONTACT);
    expect(q.body).not.toContain("98765");
  });

  it("refuses what is not on offer, one's own advisor self, and a blocked conversation", async () => {
    const seeker = await createSeeker(database.db);
    const quiet = await bookableAdvisor(database.db);
    expect(
      await startQuestion(deps, seeker, {
        advisorId: quiet,
        body: "Anything at all?",
        attachments: [],
      }),
    ).toEqual({ ok: false, status: 404, message: M.notOffered });
    expect(
      await startQuestion(deps, advisorUserId, {
        advisorId,
        body: "Asking myself this?",
        attachments: [],
      }),
    ).toEqual({ ok: false, status: 400, message: M.ownQuestion });
    await database.db
      .insert(conversations)
      .values({ seekerId: seeker, advisorId, advisorBlockedAt: NOW });
    const before = await database.db.select({ id: payments.id }).from(payments);
    expect(
      await startQuestion(deps, seeker, {
        advisorId,
        body: "Why did you block me?",
        attachments: [],
      }),
    ).toEqual({ ok: false, status: 409, message: M.cannotAsk });
    expect(await database.db.select({ id: payments.id }).from(payments)).toHaveLength(
      before.length,
    );
  });

  it("refunds in full a payment that arrives after the conversation was blocked", async () => {
    const seeker = await createSeeker(database.db);
    const order = await startQuestion(deps, seeker, {
      advisorId,
      body: "A question paid too late",
      attachments: [],
    });
    if (!order.ok) throw new Error(order.message);
    const q = await question(order.questionId);
    await database.db
      .update(conversations)
      .set({ advisorBlockedAt: NOW })
      .where(eq(conversations.id, q.conversationId));
    const settled = await database.db.transaction((tx) =>
      settlePayment({ ...deps, tx }, { orderId: order.orderId, providerPaymentId: "pay_late" }),
    );
    expect(settled).toBe("refunded");
    expect((await question(q.id)).status).toBe("abandoned");
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.questionId, q.id));
    expect(refund).toMatchObject({ amount: order.amount, gstAmount: questionPrice(500).gstPaise });
    expect(await findDifferences(database.db)).toEqual([]);
  });
});

describe("answering", () => {
  it("needs the advisor's reply in the conversation, then credits the fee's share once", async () => {
    deps.clock.now = NOW;
    const seeker = await createSeeker(database.db);
    const { question: q } = await askedAndPaid(deps, { seekerId: seeker, advisorId });
    const other = await createSeeker(database.db);
    expect(await markAnswered(deps, { questionId: q.id, userId: other })).toEqual({
      ok: false,
      status: 404,
      message: M.notFound,
    });
    expect(await markAnswered(deps, { questionId: q.id, userId: seeker })).toMatchObject({
      ok: false,
      status: 404,
    });
    deps.clock.now = new Date(NOW.getTime() + DAY);
    expect(await markAnswered(deps, { questionId: q.id, userId: advisorUserId })).toEqual({
      ok: false,
      status: 409,
      message: M.answerFirst,
    });
    await reply(q.conversationId);
    expect(await markAnswered(deps, { questionId: q.id, userId: advisorUserId })).toEqual({
      ok: true,
    });
    expect(await markAnswered(deps, { questionId: q.id, userId: advisorUserId })).toEqual({
      ok: false,
      status: 409,
      message: M.notOpen,
    });
    const answered = await question(q.id);
    expect(answered).toMatchObject({ status: "answered", answeredAt: deps.clock.now });
    const fee = questionPrice(500).feePaise;
    const credits = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.questionId, q.id));
    const { share, commission } = splitFee(fee, deps.config.payouts.commissionPercent);
    expect(credits.map((c) => [c.kind, c.amount, c.feeAmount, c.commissionAmount])).toEqual([
      ["session_credit", share, fee, commission],
    ]);
    const transfers = await database.db
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.questionId, q.id));
    expect(transfers.map((t) => [t.amount, t.bookingId])).toEqual([[share, null]]);
    expect(await mailsTo(seeker, "question.answered")).toHaveLength(1);
    expect(await findDifferences(database.db)).toEqual([]);
  });

  it("is too late at the deadline: the job refunds it in full, once, and tells both", async () => {
    deps.clock.now = NOW;
    const seeker = await createSeeker(database.db);
    const { question: q, order } = await askedAndPaid(deps, { seekerId: seeker, advisorId });
    await reply(q.conversationId);
    deps.clock.now = new Date(NOW.getTime() + 3 * DAY - 1);
    // A moment before, the job leaves it alone.
    expect(await refundOverdueQuestions(deps)).toBe(0);
    expect((await question(q.id)).status).toBe("open");
    deps.clock.now = new Date(NOW.getTime() + 3 * DAY);
    expect(await markAnswered(deps, { questionId: q.id, userId: advisorUserId })).toEqual({
      ok: false,
      status: 409,
      message: M.pastDeadline,
    });
    // Two runs at once: one refunds it.
    await Promise.all([refundOverdueQuestions(deps), refundOverdueQuestions(deps)]);
    expect(await refundOverdueQuestions(deps)).toBe(0);
    expect(await question(q.id)).toMatchObject({ status: "refunded", refundedAt: deps.clock.now });
    const rows = await database.db.select().from(refunds).where(eq(refunds.questionId, q.id));
    expect(rows.map((r) => [r.amount, r.gstAmount, r.reason])).toEqual([
      [order.amount, questionPrice(500).gstPaise, M.refundLate],
    ]);
    expect(
      await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.questionId, q.id)),
    ).toEqual([]);
    const seekerMail = await mailsTo(seeker, "question.refunded");
    const advisorMail = await mailsTo(advisorUserId, "question.refunded");
    expect(seekerMail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your question to .+ is refunded$/),
    ]);
    expect(seekerMail[0]!.text).toContain("so ₹590 is refunded");
    // The same run refunded the earlier tests' open questions: one e-mail is about this one.
    expect(advisorMail.filter((m) => m.text.includes(q.id))).toHaveLength(1);
    expect(
      await rateQuestion(database.db, { questionId: q.id, userId: seeker, review, now: NOW }),
    ).toEqual({ ok: false, status: 409, message: M.rateNotAllowed });
    expect(await findDifferences(database.db)).toEqual([]);
  });
});

const review = {
  ratingHelpfulness: 5,
  ratingActionability: 4,
  recommendAdvisor: "yes" as const,
  writtenFeedback: "Clear steps.",
};

describe("rating", () => {
  it("is the seeker's, once, after the answer", async () => {
    deps.clock.now = NOW;
    const seeker = await createSeeker(database.db);
    const { question: q } = await askedAndPaid(deps, { seekerId: seeker, advisorId });
    expect(
      await rateQuestion(database.db, { questionId: q.id, userId: seeker, review, now: NOW }),
    ).toEqual({ ok: false, status: 409, message: M.rateNotAllowed });
    await reply(q.conversationId);
    await markAnswered(deps, { questionId: q.id, userId: advisorUserId });
    expect(
      await rateQuestion(database.db, {
        questionId: q.id,
        userId: advisorUserId,
        review,
        now: NOW,
      }),
    ).toEqual({ ok: false, status: 404, message: M.notFound });
    const twice = await Promise.all([
      rateQuestion(database.db, { questionId: q.id, userId: seeker, review, now: NOW }),
      rateQuestion(database.db, { questionId: q.id, userId: seeker, review, now: NOW }),
    ]);
    expect(twice.filter((r) => r.ok)).toHaveLength(1);
    expect(await question(q.id)).toMatchObject({
      ratingHelpfulness: 5,
      ratingActionability: 4,
      recommendAdvisor: true,
      writtenFeedback: "Clear steps.",
    });
  });
});

describe("the months' money with questions", () => {
  it("adds up: collected = shares + commission + GST + refunds + prepaid", async () => {
    const months = await database.db.select().from(moneyMonths);
    for (const month of months) expect(unaccounted(month)).toBe(0);
    const open = await database.db
      .select({ fee: payments.feeAmount })
      .from(paidQuestions)
      .innerJoin(payments, eq(payments.id, paidQuestions.paymentId))
      .where(inArray(paidQuestions.status, ["open"]));
    const prepaid = months.reduce((t, m) => t + Number(m.prepaid), 0);
    expect(prepaid).toBe(open.reduce((t, q) => t + q.fee, 0));
  });
});
