import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementView } from "../../core/earnings";
import { monthKey, releaseAt, splitFee, unaccounted } from "../../core/ledger";
import { QUESTION_MESSAGES } from "../../core/messages/questions";
import { EARNINGS_MESSAGES } from "../../core/messages/earnings";
import { statementCsv } from "../../core/statement-csv";
import { appendMessage } from "../conversations/append.server";
import { queryRows } from "../db/client.server";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import {
  ledgerEntries,
  moneyMonths,
  paidQuestions,
  payments,
  payoutTransfers,
  refunds,
} from "../db/schema";
import { askedAndPaid, offerQuestions } from "../questions/question.test-support";
import { markAnswered, refundOverdueQuestions } from "../questions/questions.server";
import { processRefunds } from "../refunds/refund-job.server";
import { loadPayoutsOverview } from "./admin-payouts.server";
import { loadEarnings, loadStatement, loadStatementPage } from "./earnings.server";
import { checkChanges, findDifferences, reconcile } from "./reconcile.server";
import {
  COMMISSION_PERCENT,
  DAY,
  HOLD_DAYS,
  HOUR,
  payoutWorld,
  type PayoutWorld,
} from "./payout-world.test-support";

/*
 * A paid question's money (issue 40, ADR 98) through the real services: credited on the
 * answer, its transfer held from the answer and released after the holding period; refunded
 * in full when left unanswered, with no debit and no transfer; on the advisor's earnings, the
 * statement and its CSV as its own line; on the admin's Payouts page; and reconciled, with
 * tampering reported and the incremental run looking at a question that changed.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let w: PayoutWorld;
let advisor: { advisorId: string; userId: string };
const FEE = 50_000; // ₹500 before GST
const SPLIT = splitFee(FEE, COMMISSION_PERCENT);
const START = new Date("2026-11-09T04:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  w = payoutWorld(database.db, START);
  advisor = await w.advisor({ bank: true });
  await w.runPayouts(); // the linked account is made and activated
  await offerQuestions(database.db, advisor.advisorId, 500, 3);
});
afterAll(() => database.destroy());

type Question = typeof paidQuestions.$inferSelect;

/** The advisor replies in the conversation, then marks the question answered. */
async function answer(question: Question, reply = true) {
  if (reply)
    await database.db.transaction((tx) =>
      appendMessage(
        tx,
        {
          conversationId: question.conversationId,
          seekerUserId: question.userId,
          advisorUserId: advisor.userId,
        },
        { kind: "text", senderId: advisor.userId, body: "Move it online through the EPFO portal." },
        w.now(),
      ),
    );
  return markAnswered(w.deps, { questionId: question.id, userId: advisor.userId });
}

const reload = async (id: string) =>
  (await database.db.select().from(paidQuestions).where(eq(paidQuestions.id, id)))[0]!;
const entriesOf = (questionId: string) =>
  database.db.select().from(ledgerEntries).where(eq(ledgerEntries.questionId, questionId));
const transferOf = async (questionId: string) =>
  (
    await database.db
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.questionId, questionId))
  )[0];
/** The payment's part of its month as the database keeps it. */
const kept = async (paymentId: string) =>
  (
    await queryRows<{
      month: string;
      collected: number;
      advisor_shares: number;
      commission: number;
      gst: number;
      refunds: number;
      prepaid: number;
    }>(database.db, sql`select * from payment_money where payment_id = ${paymentId}`)
  ).map((r) => ({
    collected: Number(r.collected),
    shares: Number(r.advisor_shares),
    commission: Number(r.commission),
    gst: Number(r.gst),
    refunds: Number(r.refunds),
    prepaid: Number(r.prepaid),
  }))[0];
/** Every month the database keeps adds up (collected = shares + commission + GST + refunds + prepaid). */
async function monthsAddUp() {
  const months = await database.db.select().from(moneyMonths);
  for (const m of months) expect(unaccounted(m)).toBe(0);
  return months;
}

let answered: Question;
let seekerName: string;

describe("an answered question's money", () => {
  it("is prepaid while open, credited on the answer, and its transfer held from the answer", async () => {
    const db = database.db;
    seekerName = "Meera";
    const seekerId = await createSeeker(db, { firstName: seekerName });
    const { question } = await askedAndPaid(w.deps, { seekerId, advisorId: advisor.advisorId });
    expect(question.status).toBe("open");
    const [payment] = await db.select().from(payments).where(eq(payments.id, question.paymentId));
    expect(payment!.feeAmount).toBe(FEE);
    // Open: its fee is prepaid, nothing credited, and the ledger reconciles.
    expect(await kept(question.paymentId)).toEqual({
      collected: payment!.amount,
      shares: 0,
      commission: 0,
      gst: payment!.gstAmount,
      refunds: 0,
      prepaid: FEE,
    });
    await monthsAddUp();
    expect(await findDifferences(db)).toEqual([]);
    // Marking it answered without a reply is refused and credits nothing.
    expect(await answer(question, false)).toMatchObject({
      ok: false,
      message: QUESTION_MESSAGES.answerFirst,
    });
    expect(await entriesOf(question.id)).toEqual([]);

    w.advance(5 * HOUR);
    expect(await answer(question)).toEqual({ ok: true });
    answered = await reload(question.id);
    expect(answered.answeredAt).toEqual(w.now());
    const entries = await entriesOf(question.id);
    expect(entries).toMatchObject([
      {
        kind: "session_credit",
        amount: SPLIT.share,
        feeAmount: FEE,
        commissionAmount: SPLIT.commission,
        bookingId: null,
        paymentId: question.paymentId,
      },
    ]);
    expect(await kept(question.paymentId)).toMatchObject({
      shares: SPLIT.share,
      commission: SPLIT.commission,
      prepaid: 0,
    });
    await monthsAddUp();
    // Answering twice changes nothing.
    expect(await answer(answered)).toMatchObject({ ok: false, message: QUESTION_MESSAGES.notOpen });
    expect(await entriesOf(question.id)).toHaveLength(1);

    // The payout job sends the share on hold at once, and looks at it again at its release.
    expect(await transferOf(question.id)).toMatchObject({ status: "pending", amount: SPLIT.share });
    expect(await w.runPayouts()).toMatchObject({ sent: 1, released: 0 });
    const held = (await transferOf(question.id))!;
    expect(held.status).toBe("on_hold");
    const release = releaseAt(answered.answeredAt!, HOLD_DAYS);
    expect(held.nextAttemptAt).toEqual(release);
    const atProvider = w.gateway.transfers.get(held.providerTransferId!)!;
    expect(atProvider).toMatchObject({ amount: SPLIT.share, onHold: true });
    expect(await findDifferences(db)).toEqual([]);

    // Pending on the Earnings page until the hold has passed; not released a minute early.
    const balances = async () =>
      (await loadEarnings(db, advisor.advisorId, { now: w.now(), holdDays: HOLD_DAYS })).balances;
    expect(await balances()).toEqual({ pending: SPLIT.share, available: 0, paid: 0 });
    w.advance(release.getTime() - w.now().getTime() - 60_000);
    expect(await w.runPayouts()).toMatchObject({ sent: 0, released: 0 });
    expect((await transferOf(question.id))!.status).toBe("on_hold");
    expect(await balances()).toEqual({ pending: SPLIT.share, available: 0, paid: 0 });

    w.advance(60_000);
    expect(await balances()).toEqual({ pending: 0, available: SPLIT.share, paid: 0 });
    expect(await w.runPayouts()).toMatchObject({ released: 1 });
    expect((await transferOf(question.id))!.status).toBe("released");
    expect(atProvider.onHold).toBe(false);
    expect((await entriesOf(question.id)).map((e) => [e.kind, e.amount])).toEqual([
      ["session_credit", SPLIT.share],
      ["payout", -SPLIT.share],
    ]);
    expect(await balances()).toEqual({ pending: 0, available: 0, paid: SPLIT.share });
    expect(await findDifferences(db)).toEqual([]);
  });
});

describe("an unanswered question's refund", () => {
  it("refunds the payment in full with no debit and no transfer, and reconciles", async () => {
    const db = database.db;
    const seekerId = await createSeeker(db);
    const { question } = await askedAndPaid(w.deps, { seekerId, advisorId: advisor.advisorId });
    const [payment] = await db.select().from(payments).where(eq(payments.id, question.paymentId));
    w.advance(question.deadline!.getTime() - w.now().getTime() - 60_000);
    expect(await refundOverdueQuestions(w.deps)).toBe(0);
    w.advance(60_000);
    // At the deadline it is the job's: the advisor can no longer mark it answered.
    expect(await answer(question)).toMatchObject({
      ok: false,
      status: 409,
      message: QUESTION_MESSAGES.pastDeadline,
    });
    expect(await refundOverdueQuestions(w.deps)).toBe(1);
    expect(await refundOverdueQuestions(w.deps)).toBe(0);
    expect((await reload(question.id)).status).toBe("refunded");
    const queued = await db.select().from(refunds).where(eq(refunds.questionId, question.id));
    expect(queued).toMatchObject([
      { amount: payment!.amount, gstAmount: payment!.gstAmount, paymentId: payment!.id },
    ]);
    expect(await entriesOf(question.id)).toEqual([]);
    expect(await transferOf(question.id)).toBeUndefined();
    expect(await kept(question.paymentId)).toEqual({
      collected: payment!.amount,
      shares: 0,
      commission: 0,
      gst: 0,
      refunds: payment!.amount,
      prepaid: 0,
    });
    await monthsAddUp();
    expect(await findDifferences(db)).toEqual([]);
    // The refund job sends it; the payout job has nothing to move for it.
    const sent = await processRefunds(db, {
      gateway: w.gateway,
      config: w.config,
      logger: w.deps.logger,
      now: w.now,
    });
    expect(sent.sent).toBe(1);
    expect(await w.runPayouts()).toMatchObject({ sent: 0, released: 0, reversed: 0 });
    expect(await entriesOf(question.id)).toEqual([]);
    expect(await findDifferences(db)).toEqual([]);
  });
});

describe("the advisor's earnings and statement", () => {
  it("show the answered question as its own line, dated by the answer, in the page, printout and CSV", async () => {
    const db = database.db;
    const month = monthKey(answered.answeredAt!);
    // A session later in the same month, to see both in date order.
    const session = await w.paidSession(advisor.advisorId, new Date("2026-11-24T04:00:00Z"));
    const rows = await loadStatement(db, advisor.advisorId, month);
    expect(rows.map((r) => [r.kind, r.id])).toEqual([
      ["question", answered.id],
      ["session", session.bookingId],
    ]);
    expect(rows[0]).toEqual({
      id: answered.id,
      kind: "question",
      sessionAt: answered.answeredAt,
      sessionEnd: answered.answeredAt,
      seekerFirstName: seekerName,
      sessionType: null,
      packageName: null,
      fee: FEE,
      commission: SPLIT.commission,
      commissionPercent: COMMISSION_PERCENT,
      refund: 0,
      net: SPLIT.share,
      transfer: { status: "released", lastError: null },
    });
    const view = statementView(month, rows, {
      holdDays: HOLD_DAYS,
      now: w.now(),
      zone: "Asia/Kolkata",
    });
    expect(view.lines[0]).toMatchObject({
      id: answered.id,
      date: "Mon, 9 Nov 2026",
      seeker: seekerName,
      sessionType: QUESTION_MESSAGES.earningsLine,
      fee: "₹500",
      net: "₹437.50",
      status: EARNINGS_MESSAGES.status.paidOut,
    });
    const csv = statementCsv(rows, HOLD_DAYS, w.now()).split("\r\n");
    expect(csv).toContain(
      `2026-11-09,${seekerName},Paid question,500.00,62.50,12.5,0.00,437.50,Paid out`,
    );
    // The page's totals count it, and the month picker offers its month.
    const page = await loadStatementPage(db, advisor.advisorId, month, 1);
    expect(page.count).toBe(2);
    expect(page.totals.fee).toBe(FEE + rows[1]!.fee);
    expect(page.totals.net).toBe(SPLIT.share + rows[1]!.net);
    const earnings = await loadEarnings(db, advisor.advisorId, {
      now: w.now(),
      holdDays: HOLD_DAYS,
    });
    expect(earnings.months).toEqual([month]);
    // The unanswered, refunded question is on no statement.
    expect(rows.filter((r) => r.kind === "question")).toHaveLength(1);
  });

  it("names a question's failed transfer, and the admin's lists show it held and failed", async () => {
    const db = database.db;
    const seekerId = await createSeeker(db, { firstName: "Kabir" });
    const { question } = await askedAndPaid(w.deps, { seekerId, advisorId: advisor.advisorId });
    w.advance(HOUR);
    expect(await answer(question)).toEqual({ ok: true });
    const at = (await reload(question.id)).answeredAt!;
    await w.runPayouts();
    const held = (await transferOf(question.id))!;
    expect(held.status).toBe("on_hold");
    const overview = () => loadPayoutsOverview(db, { holdDays: HOLD_DAYS, now: w.now(), q: "" });
    expect((await overview()).heldTransfers.rows).toContainEqual(
      expect.objectContaining({
        id: held.id,
        kind: "question",
        sessionAt: at,
        amount: SPLIT.share,
        releaseAt: releaseAt(at, HOLD_DAYS),
      }),
    );
    await db
      .update(payoutTransfers)
      .set({ status: "failed", lastError: "Beneficiary account is closed" })
      .where(eq(payoutTransfers.id, held.id));
    const earnings = await loadEarnings(db, advisor.advisorId, {
      now: w.now(),
      holdDays: HOLD_DAYS,
    });
    expect(earnings.failedTransfers).toEqual([
      {
        id: question.id,
        kind: "question",
        sessionAt: at,
        amount: SPLIT.share,
        lastError: "Beneficiary account is closed",
      },
    ]);
    const failed = (await overview()).failedTransfers;
    expect(failed.total).toBe(1);
    expect(failed.rows).toMatchObject([{ id: held.id, kind: "question", sessionAt: at }]);
    const rows = await loadStatement(db, advisor.advisorId, monthKey(at));
    expect(rows.find((r) => r.id === question.id)?.transfer).toEqual({
      status: "failed",
      lastError: "Beneficiary account is closed",
    });
    // Put back as it was: retried, it is held again.
    await db
      .update(payoutTransfers)
      .set({ status: "pending", lastError: null, nextAttemptAt: w.now() })
      .where(eq(payoutTransfers.id, held.id));
    expect(await findDifferences(db)).toEqual([]);
  });
});

describe("the reconciliation of questions", () => {
  it("checks a question whose state changed since the last run, and reports tampering", async () => {
    const db = database.db;
    const deps = { config: { appUrl: "http://localhost" }, now: w.now, overlapMs: 0 };
    expect(await reconcile(db, { ...deps, sweepMonths: 24 })).toEqual([]);

    // An open question marked refunded with no refund: only the question's row changed.
    const seekerId = await createSeeker(db);
    const { question: open } = await askedAndPaid(w.deps, {
      seekerId,
      advisorId: advisor.advisorId,
    });
    expect(await reconcile(db, deps)).toEqual([]);
    const [run] = await queryRows<{ watermark: Date | string }>(
      db,
      sql`select watermark from reconciliation_runs order by ran_at desc limit 1`,
    );
    await db
      .update(paidQuestions)
      .set({ status: "refunded", refundedAt: w.now() })
      .where(eq(paidQuestions.id, open.id));
    const changed = await checkChanges(db, {
      since: new Date(run!.watermark),
      sweptTo: null,
      previous: [],
      sweepMonths: 0,
    });
    expect(changed.payments.has(open.paymentId)).toBe(true);
    expect(changed.differences).toEqual([
      {
        check: "refund",
        ref: open.paymentId,
        detail: `an unanswered question refunded ₹0 of ₹590`,
      },
    ]);
    await db
      .update(paidQuestions)
      .set({ status: "open", refundedAt: null })
      .where(eq(paidQuestions.id, open.id));
    expect(await findDifferences(db)).toEqual([]);

    // A credit on a question still open.
    await db.insert(ledgerEntries).values({
      advisorId: advisor.advisorId,
      kind: "session_credit",
      amount: SPLIT.share,
      questionId: open.id,
      paymentId: open.paymentId,
      feeAmount: FEE,
      commissionPercent: COMMISSION_PERCENT,
      commissionAmount: SPLIT.commission,
    });
    const credited = (await findDifferences(db)).filter((d) => d.ref === open.paymentId);
    expect(credited.map((d) => d.check)).toContain("credit");
    expect(credited).toContainEqual({
      check: "credit",
      ref: open.paymentId,
      detail: "an unanswered question is credited ₹437.50",
    });

    // A refunded question refunded only in part.
    const other = await askedAndPaid(w.deps, {
      seekerId: await createSeeker(db),
      advisorId: advisor.advisorId,
    });
    w.advance(4 * DAY);
    await refundOverdueQuestions(w.deps);
    await db
      .update(refunds)
      .set({ amount: 50_000 })
      .where(and(eq(refunds.questionId, other.question.id)));
    const partial = (await findDifferences(db)).filter((d) => d.ref === other.question.paymentId);
    expect(partial).toContainEqual({
      check: "refund",
      ref: other.question.paymentId,
      detail: "an unanswered question refunded ₹500 of ₹590",
    });
  });
});
