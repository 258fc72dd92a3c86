import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionPrice } from "../../core/questions";
import { testDeps } from "../bookings/bookings.test-support";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createSeeker } from "../db/factories.test-support";
import { advisors, messages } from "../db/schema";
import { questionFor, questionMessages, questionsOf, openQuestions } from "./question-pages.server";
import { askedAndPaid, offerQuestions } from "./question.test-support";
import {
  markAnswered,
  rateQuestion,
  refundOverdueQuestions,
  startQuestion,
} from "./questions.server";

/*
 * What the paid-question pages read (issue 40): each person's questions asked and received,
 * newest first; the open ones by their deadline; one question in full for its seeker or its
 * advisor, with its files, rating, payment and refund; nothing at all for anyone else.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof testDeps>;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testDeps(database.db);
});
afterAll(() => database.destroy());

async function advisor(first: string) {
  const advisorId = await createAdvisor(database.db, {}, { firstName: first, lastName: "Rao" });
  await offerQuestions(database.db, advisorId, 500, 3);
  const [row] = await database.db
    .select({ userId: advisors.userId })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  return { advisorId, userId: row!.userId };
}

const pdf = (userId: string) => ({
  fileKey: `messages/${userId}/${randomUUID()}.pdf`,
  fileName: "payslip.pdf",
  contentType: "application/pdf",
  byteSize: 2048,
});

describe("the paid-question pages' data", () => {
  it("lists asked and received questions newest first, each person only their own", async () => {
    const kabir = await advisor("Kabir");
    const anika = await advisor("Anika");
    const meera = await createSeeker(database.db, { firstName: "Meera", lastName: "Iyer" });
    const ravi = await createSeeker(database.db, { firstName: "Ravi", lastName: "Shah" });
    deps.clock.now = new Date("2026-04-01T10:00:00Z");
    const first = await askedAndPaid(deps, { seekerId: meera, advisorId: kabir.advisorId });
    deps.clock.now = new Date("2026-04-01T11:00:00Z");
    const second = await askedAndPaid(deps, {
      seekerId: meera,
      advisorId: kabir.advisorId,
      body: "Which visa lets me   work\n\nwhile I study?",
    });
    const ravis = await askedAndPaid(deps, { seekerId: ravi, advisorId: kabir.advisorId });
    // Ordered but never paid: no question yet, on neither side.
    const unpaid = await startQuestion(deps, meera, {
      advisorId: anika.advisorId,
      body: "Is this worth asking at all?",
      attachments: [],
    });
    expect(unpaid.ok).toBe(true);

    const asked = await questionsOf(database.db, { userId: meera });
    expect(asked.map((q) => q.id)).toEqual([second.question.id, first.question.id]);
    expect(asked[0]).toMatchObject({
      status: "open",
      advisorName: "Kabir Rao",
      seekerName: "Meera Iyer",
      priceInr: 500,
      amount: questionPrice(500).totalPaise,
      excerpt: "Which visa lets me work while I study?",
      deadline: new Date(deps.clock.now.getTime() + 3 * DAY).toISOString(),
    });
    expect((await questionsOf(database.db, { userId: ravi })).map((q) => q.id)).toEqual([
      ravis.question.id,
    ]);
    const received = await questionsOf(database.db, { advisorId: kabir.advisorId });
    expect(received.map((q) => q.id).sort()).toEqual(
      [first.question.id, second.question.id, ravis.question.id].sort(),
    );
    expect(await questionsOf(database.db, { advisorId: anika.advisorId })).toEqual([]);
    expect((await openQuestions(database.db, { userId: meera })).map((q) => q.id)).toEqual([
      first.question.id,
      second.question.id,
    ]);
    expect(await openQuestions(database.db, { advisorId: anika.advisorId })).toEqual([]);
  });

  it("shows one question to its seeker and its advisor, and to nobody else", async () => {
    const kabir = await advisor("Kabir");
    const other = await advisor("Dev");
    const meera = await createSeeker(database.db, { firstName: "Meera" });
    const ravi = await createSeeker(database.db);
    const admin = await createSeeker(database.db, { admin: "Y" });
    deps.clock.now = new Date("2026-05-01T10:00:00Z");
    const order = await startQuestion(deps, meera, {
      advisorId: kabir.advisorId,
      body: "How do I move my PF when I change jobs?",
      attachments: [pdf(meera)],
    });
    if (!order.ok) throw new Error(order.message);
    // Waiting for its payment: the seeker's, not yet the advisor's, and no receipt.
    const pending = await questionFor(
      database.db,
      { userId: meera, advisorId: null },
      order.questionId,
    );
    expect(pending).toMatchObject({ isSeeker: true, payment: null, refund: null });
    expect(pending!.files).toEqual([{ fileName: "payslip.pdf", size: "2 KB", href: null }]);
    expect(
      await questionFor(
        database.db,
        { userId: kabir.userId, advisorId: kabir.advisorId },
        order.questionId,
      ),
    ).toBeNull();

    const { question } = await askedAndPaid(deps, { seekerId: meera, advisorId: kabir.advisorId });
    const mine = await questionFor(database.db, { userId: meera, advisorId: null }, question.id);
    const theirs = await questionFor(
      database.db,
      { userId: kabir.userId, advisorId: kabir.advisorId },
      question.id,
    );
    expect(mine).toMatchObject({ isSeeker: true, isAdvisor: false, rating: null });
    expect(theirs).toMatchObject({ isSeeker: false, isAdvisor: true });
    expect(mine!.conversationId).toBe(question.conversationId);
    expect(mine!.payment).toMatchObject({
      amount: questionPrice(500).totalPaise,
      feeAmount: questionPrice(500).feePaise,
      gstAmount: questionPrice(500).gstPaise,
    });
    for (const stranger of [
      { userId: ravi, advisorId: null },
      { userId: other.userId, advisorId: other.advisorId },
      { userId: admin, advisorId: null },
    ]) {
      expect(await questionFor(database.db, stranger, question.id)).toBeNull();
      expect(await questionsOf(database.db, { userId: stranger.userId })).toEqual([]);
    }
    expect(
      await questionFor(database.db, { userId: meera, advisorId: null }, randomUUID()),
    ).toBeNull();
  });

  it("shows the files of the question's message, its rating, and the badge's message", async () => {
    const kabir = await advisor("Kabir");
    const meera = await createSeeker(database.db);
    deps.clock.now = new Date("2026-06-01T10:00:00Z");
    const order = await startQuestion(deps, meera, {
      advisorId: kabir.advisorId,
      body: "Can you read my plan and tell me what is missing?",
      attachments: [pdf(meera)],
    });
    if (!order.ok) throw new Error(order.message);
    const { verifyPayment } = await import("../bookings/payment-service.server");
    const { paidReport } = await import("./question.test-support");
    expect((await verifyPayment(deps, meera, paidReport(deps, order.orderId))).ok).toBe(true);
    const viewer = { userId: meera, advisorId: null };
    const open = await questionFor(database.db, viewer, order.questionId);
    expect(open!.files).toHaveLength(1);
    expect(open!.files[0]!.href).toMatch(/^\/messages\/attachments\/[0-9a-f-]{36}$/);
    const badges = await questionMessages(database.db, open!.conversationId);
    expect(badges).toEqual([{ messageId: expect.any(Number), priceInr: 500 }]);

    await database.db.insert(messages).values({
      conversationId: open!.conversationId,
      senderId: kabir.userId,
      body: "Here is what I would add.",
    });
    expect(
      (await markAnswered(deps, { questionId: order.questionId, userId: kabir.userId })).ok,
    ).toBe(true);
    expect(
      (
        await rateQuestion(database.db, {
          questionId: order.questionId,
          userId: meera,
          now: deps.clock.now,
          review: {
            ratingHelpfulness: 5,
            ratingActionability: 4,
            recommendAdvisor: "yes",
            writtenFeedback: "Clear and quick.",
          },
        })
      ).ok,
    ).toBe(true);
    const rated = await questionFor(database.db, viewer, order.questionId);
    expect(rated!.summary.status).toBe("answered");
    expect(rated!.summary.answeredAt).toBe(deps.clock.now.toISOString());
    expect(rated!.rating).toEqual({
      helpfulness: 5,
      actionability: 4,
      recommend: true,
      feedback: "Clear and quick.",
    });
  });

  it("shows a late question's full refund, and takes it off the open lists", async () => {
    const kabir = await advisor("Kabir");
    const meera = await createSeeker(database.db);
    deps.clock.now = new Date("2026-07-01T10:00:00Z");
    const { question } = await askedAndPaid(deps, { seekerId: meera, advisorId: kabir.advisorId });
    deps.clock.now = question.deadline!;
    // The earlier tests' open questions fall due too.
    expect(await refundOverdueQuestions(deps)).toBeGreaterThanOrEqual(1);
    const view = await questionFor(database.db, { userId: meera, advisorId: null }, question.id);
    expect(view!.summary).toMatchObject({
      status: "refunded",
      refundedAt: question.deadline!.toISOString(),
    });
    expect(view!.refund).toMatchObject({
      amount: questionPrice(500).totalPaise,
      reason: "The question was not answered in time: refunded in full.",
    });
    expect(await openQuestions(database.db, { userId: meera })).toEqual([]);
    expect(await openQuestions(database.db, { advisorId: kabir.advisorId })).toEqual([]);
    expect((await questionsOf(database.db, { advisorId: kabir.advisorId }))[0]!.status).toBe(
      "refunded",
    );
  });

  it("refuses a file the seeker did not upload", async () => {
    const kabir = await advisor("Kabir");
    const meera = await createSeeker(database.db);
    const ravi = await createSeeker(database.db);
    const order = await startQuestion(deps, meera, {
      advisorId: kabir.advisorId,
      body: "How do I move my PF when I change jobs?",
      attachments: [pdf(ravi)],
    });
    expect(order).toMatchObject({ ok: false, status: 400 });
  });
});
