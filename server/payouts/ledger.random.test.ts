import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthTotals, splitFee, unaccounted } from "../../core/ledger";
import { packagePrice, refundOfRest, sessionShares } from "../../core/packages";
import { createBooking, sessionOptionsFor } from "../bookings/booking-service.server";
import { request } from "../bookings/bookings.test-support";
import { verifyPayment } from "../bookings/payment-service.server";
import { appendMessage } from "../conversations/append.server";
import { QUESTION_MESSAGES } from "../../core/messages/questions";
import { offerQuestions, paidReport } from "../questions/question.test-support";
import { markAnswered, refundOverdueQuestions, startQuestion } from "../questions/questions.server";
import { endPurchaseBy, expirePackages, startPurchase } from "../packages/purchases.server";
import { seededRandom } from "../../core/seeded-random.test-support";
import { completeFinishedSessions } from "../bookings/session-jobs.server";
import { type Database, queryRows } from "../db/client.server";
import {
  advisorPackages,
  bookings,
  ledgerEntries,
  packagePurchases,
  paidQuestions,
  payments,
  payoutAccounts,
  payoutTransfers,
  refunds,
  webhookEvents,
} from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker, createUser } from "../db/factories.test-support";
import { processRefunds } from "../refunds/refund-job.server";
import type { RazorpayEvent } from "../webhooks/webhook-types";
import { loadPayoutsOverview } from "./admin-payouts.server";
import { balancesByAdvisor } from "./balances.server";
import {
  checkChanges,
  findDifferences,
  type PaymentFact,
  paymentFacts,
  paymentsMoney,
  reconcile,
} from "./reconcile.server";
import {
  DAY,
  type Failure,
  HOLD_DAYS,
  HOUR,
  payoutWorld,
  type PayoutWorld,
  settlementEvent,
  transferEvent,
} from "./payout-world.test-support";

/*
 * Thousands of random operations through the real services (bookings paid on time and late,
 * cancellations on both sides of the 24-hour rule, sessions completing, time passing, the
 * payout job against a flaky provider, bank details added late, Route's webhooks repeated
 * under the same and new event ids, admins retrying failed transfers; packages bought, their
 * sessions booked, cancelled on both sides of the rule and held, packages cancelled,
 * withdrawn and expired; paid questions asked and paid through verify and repeated webhooks,
 * answered in the conversation before their deadline or refunded in full by the deadline job),
 * then the ledger must
 * balance to the paisa; the totals the database keeps must be what the reconciliation counts,
 * and its incremental run must look at every payment that changed (ADR 80).
 * LEDGER_RANDOM_SEED replays a failure exactly, on the embedded database and on a PostgreSQL
 * server alike: the jobs work through their batches in a defined order, the test picks rows in
 * the order it met them (ids are random), and overlapping payout runs take turns at the
 * provider; LEDGER_RANDOM_OPS scales it.
 */
const SEED = Number(process.env.LEDGER_RANDOM_SEED ?? 20261126);
const OPS = Number(process.env.LEDGER_RANDOM_OPS ?? 1500);
const ADVISORS = 6;
// The services' injected clock starts at a fixed instant, so a seed replays the same operations
// on any day. It is ahead of the wall clock, which stamps some rows itself (a refund is due
// from its creation, by the database's now()): those stay in the injected clock's past.
const START = new Date("2100-01-04T00:00:00Z");
const COMMISSIONS = [0, 10, 12.5, 15.75, 100];

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** What the incremental reconciliation last looked from, and each payment's facts then. */
let watched: { since: Date; facts: Map<string, string> };
beforeAll(async () => {
  database = await createTestDatabase();
  const [clock] = await queryRows<{ at: Date }>(database.db, sql`select now() as at`);
  watched = { since: new Date(clock!.at), facts: new Map() };
});
afterAll(() => database.destroy());

type Session = {
  /** The order the test met it in: rows are picked from in this order (ids are random). */
  seq: number;
  bookingId: string;
  advisorId: string;
  seekerId: string;
  start: Date;
  /** Confirmed by its payment: the share the advisor must be credited, at its rate. */
  share: number | null;
  refunded: boolean;
};
type Advisor = { advisorId: string; userId: string; bank: boolean };
/** A bought package, in the order met, and its sessions as the test booked them. */
type Bought = {
  seq: number;
  purchaseId: string;
  paymentId: string;
  advisorId: string;
  seekerId: string;
  sessions: number;
};
type PackageSession = {
  seq: number;
  bookingId: string;
  purchaseId: string;
  start: Date;
  /** Cancelled: whether it went back to the package (false: used up, cancelled late). */
  returned: boolean | null;
};
/** The packages part of the test's account (issue 40). */
type PackageBook = { bought: Map<string, Bought>; sessions: Map<string, PackageSession> };
/** A paid question (issue 40, ADR 98), in the order met, and what became of it. */
type AskedQuestion = {
  seq: number;
  questionId: string;
  paymentId: string;
  conversationId: string;
  advisorId: string;
  advisorUserId: string;
  seekerId: string;
  /** What was paid, and its fee without GST. */
  amount: number;
  fee: number;
  deadline: Date;
  replied: boolean;
  /** Answered: the share the advisor must be credited, at the rate of the moment. */
  share: number | null;
  /** Refunded in full by the deadline job. */
  refunded: boolean;
};
type QuestionBook = Map<string, AskedQuestion>;

const tally: Record<string, number> = {};
const count = (what: string, n = 1) => (tally[what] = (tally[what] ?? 0) + n);

describe("the ledger under random operations", () => {
  it(
    `balances to the paisa after ${OPS} operations (seed ${SEED})`,
    async () => {
      const began = Date.now();
      const random = seededRandom(SEED);
      const w = payoutWorld(database.db, START);
      const db = database.db;
      const sessions = new Map<string, Session>();
      const advisors: Advisor[] = [];
      const delivered: { eventId: string; event: RazorpayEvent }[] = [];
      const eventIds = new Set<string>();
      let flaky = 0;
      w.gateway.fail = (): Failure | null =>
        random.chance(flaky) ? (random.chance(0.75) ? "outage" : "refusal") : null;

      const adminId = await createUser(db, { admin: "Y" });
      for (let i = 0; i < ADVISORS; i++) {
        const bank = i % 2 === 0;
        advisors.push({ ...(await w.advisor({ bank })), bank });
      }
      // ---- Packages (issue 40): each advisor sells one, of 2 to 4 sessions valid 14 days.
      const packages: PackageBook = { bought: new Map(), sessions: new Map() };
      const offers = new Map<string, string>();
      for (const advisor of advisors) {
        const [offer] = await db
          .insert(advisorPackages)
          .values({
            advisorId: advisor.advisorId,
            name: "Mornings",
            sessions: random.int(2, 4),
            duration: 30,
            validityDays: 14,
            priceInr: random.int(100, 3000),
          })
          .returning({ id: advisorPackages.id });
        offers.set(advisor.advisorId, offer!.id);
      }

      // ---- Paid questions (issue 40): each advisor takes them, at a price and 1-3 days.
      const questions: QuestionBook = new Map();
      for (const advisor of advisors)
        await offerQuestions(db, advisor.advisorId, random.int(100, 3000), random.int(1, 3));

      // Every signed webhook (payments' included) is counted, to check each is stored once.
      const signed = w.deliver;
      w.deliver = (event, eventId = randomUUID()) => {
        eventIds.add(eventId);
        return signed(event, eventId);
      };
      const deliver = async (event: RazorpayEvent, eventId: string = randomUUID()) => {
        const fresh = !eventIds.has(eventId);
        const answer = await w.deliver(event, eventId);
        expect(answer.status).toBe(200);
        if (fresh) delivered.push({ eventId, event });
        return answer;
      };
      const slot = () => {
        const day = Math.floor(w.now().getTime() / DAY) * DAY;
        return new Date(day + random.int(1, 6) * DAY + 3.5 * HOUR + random.int(0, 5) * 30 * 60_000);
      };
      const settle = async (
        bookingId: string,
        advisorId: string,
        seekerId: string,
        start: Date,
      ) => {
        const [row] = await db
          .select({ status: bookings.status, fee: payments.feeAmount })
          .from(bookings)
          .innerJoin(payments, eq(payments.id, bookings.paymentId))
          .where(eq(bookings.id, bookingId));
        const confirmed = row!.status === "confirmed";
        sessions.set(bookingId, {
          seq: sessions.size,
          bookingId,
          advisorId,
          seekerId,
          start,
          share: confirmed ? splitFee(row!.fee, w.config.payouts.commissionPercent).share : null,
          refunded: false,
        });
        count(confirmed ? "paid and confirmed" : "paid too late: refunded");
      };
      /** A confirmed session still ahead; with `within`, one starting in 12-24 hours. */
      const confirmedFuture = async (within: boolean) => {
        const now = w.now().getTime();
        const rows = await db
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            and(
              eq(bookings.status, "confirmed"),
              sql`${bookings.datetime} > ${new Date(now + (within ? 12 * HOUR : 0))}`,
              within ? sql`${bookings.datetime} < ${new Date(now + 24 * HOUR)}` : undefined,
            ),
          );
        const found = rows.map((r) => sessions.get(r.id)!).sort((a, b) => a.seq - b.seq);
        return found.length ? random.pick(found) : undefined;
      };
      // Package sessions after the paid ones, each in the order met.
      const seqOf = (bookingId: string) =>
        sessions.get(bookingId)?.seq ?? 1_000_000 + packages.sessions.get(bookingId)!.seq;
      // Questions' transfers after the sessions', in the order met.
      const transferSeq = (t: typeof payoutTransfers.$inferSelect) =>
        t.bookingId ? seqOf(t.bookingId) : 2_000_000 + questions.get(t.questionId!)!.seq;
      const transfersIn = async (statuses: (typeof payoutTransfers.$inferSelect)["status"][]) =>
        (
          await db.select().from(payoutTransfers).where(inArray(payoutTransfers.status, statuses))
        ).sort((a, b) => transferSeq(a) - transferSeq(b));
      const rankOf = (advisorId: string) => advisors.findIndex((a) => a.advisorId === advisorId);
      /** Accounts waiting on the provider's verdict, in the test's order of advisors. */
      const unverified = async () =>
        (
          await db
            .select()
            .from(payoutAccounts)
            .where(inArray(payoutAccounts.status, ["under_review", "needs_clarification"]))
        ).sort((a, b) => rankOf(a.advisorId) - rankOf(b.advisorId));

      /** A paid, active package, picked in the order the test met them. */
      const activePackage = async () => {
        const rows = await db
          .select({ id: packagePurchases.id })
          .from(packagePurchases)
          .where(eq(packagePurchases.status, "active"));
        const found = rows.map((r) => packages.bought.get(r.id)!).sort((a, b) => a.seq - b.seq);
        return found.length ? random.pick(found) : undefined;
      };

      /** Open questions (paid, neither answered nor refunded), in the order met. */
      const openQuestions = () =>
        [...questions.values()]
          .filter((q) => q.share === null && !q.refunded)
          .sort((a, b) => a.seq - b.seq);
      /** The deadline job, batch after batch: refunds exactly the open questions overdue. */
      const runDeadlineJob = async () => {
        const due = openQuestions().filter((q) => q.deadline.getTime() <= w.now().getTime());
        let refunded = 0;
        for (let n = -1; n !== 0; refunded += n) n = await refundOverdueQuestions(w.deps, 7);
        expect(refunded).toBe(due.length);
        for (const q of due) q.refunded = true;
        count("question refunded late", due.length);
      };

      const operations: [number, () => Promise<void>][] = [
        [
          14,
          async () => {
            const advisor = random.pick(advisors);
            const start = slot();
            const held = await w.hold(advisor.advisorId, start);
            if (!held) return void count("time not offered");
            if (random.chance(0.05)) return void count("hold abandoned");
            await w.capture(held.orderId!, held.amount);
            await settle(held.bookingId, advisor.advisorId, held.seekerId, start);
            // The provider tells us twice.
            if (random.chance(0.2)) {
              const [payment] = await db
                .select()
                .from(payments)
                .where(eq(payments.id, held.paymentId));
              await w.capture(held.orderId!, held.amount, payment!.razorpayPaymentId!);
            }
          },
        ],
        [
          3,
          async () => {
            // Paid after the 15-minute hold lapsed; sometimes someone else took the time meanwhile.
            const advisor = random.pick(advisors);
            const start = slot();
            const held = await w.hold(
              advisor.advisorId,
              start,
              new Date(w.now().getTime() - 20 * 60_000),
            );
            if (!held) return void count("time not offered");
            if (random.chance(0.5)) {
              const taker = await w.hold(advisor.advisorId, start);
              if (taker) {
                await w.capture(taker.orderId!, taker.amount);
                await settle(taker.bookingId, advisor.advisorId, taker.seekerId, start);
              }
            }
            await w.capture(held.orderId!, held.amount);
            await settle(held.bookingId, advisor.advisorId, held.seekerId, start);
            count("paid late");
          },
        ],
        [
          5,
          async () => {
            const late = random.chance(0.3);
            const session = await confirmedFuture(late);
            if (!session) return;
            const advisor = advisors.find((a) => a.advisorId === session.advisorId)!;
            const who = late
              ? "seeker"
              : random.pick(["seeker", "seeker", "advisor", "admin"] as const);
            const actor =
              who === "seeker"
                ? { userId: session.seekerId, advisorId: null, isAdmin: false }
                : who === "advisor"
                  ? { userId: advisor.userId, advisorId: advisor.advisorId, isAdmin: false }
                  : { userId: adminId, advisorId: null, isAdmin: true };
            const result = await w.cancel(session.bookingId, actor);
            if (!result.ok) return void count(`cancel refused (${result.code})`);
            const notice = session.start.getTime() - w.now().getTime();
            const full = who !== "seeker" || notice >= 24 * HOUR;
            expect(result.refundPaise > 0).toBe(full);
            session.refunded = full;
            count(full ? `cancelled by ${who}, refunded` : "cancelled late by seeker, kept");
          },
        ],
        [
          6,
          async () => {
            w.advance(random.int(1, 30) * HOUR + random.int(0, 59) * 60_000);
            count("completed", (await completeFinishedSessions(db, w.now(), w.deps.events)).length);
          },
        ],
        [
          8,
          async () => {
            flaky = random.pick([0, 0, 0.1, 0.3, 1]);
            const runs = random.chance(0.2) ? 2 : 1;
            const results = await w.runPayoutsInTurns(runs);
            for (const r of results) {
              count("payout runs");
              for (const [k, v] of Object.entries(r)) count(`job: ${k}`, v);
            }
            flaky = 0;
          },
        ],
        [
          1,
          async () => {
            const advisor = random.pick(advisors);
            w.gateway.verdict = random.chance(0.3) ? "under_review" : "activated";
            await w.saveBank(advisor.advisorId);
            w.gateway.verdict = "activated";
            count(advisor.bank ? "bank details changed" : "bank details added late");
            advisor.bank = true;
          },
        ],
        [
          1,
          async () => {
            const account = (await unverified()).find((a) => a.providerAccountId !== null);
            if (!account) return;
            await deliver({
              event: "product.route.activated",
              account_id: account.providerAccountId!,
            });
            count("account activated by webhook");
          },
        ],
        [
          2,
          async () => {
            const candidates = await transfersIn(["on_hold", "released", "settled"]);
            if (!candidates.length) return;
            const transfer = random.pick(candidates);
            w.gateway.transfers.get(transfer.providerTransferId!)!.failed = true;
            await deliver(
              transferEvent("transfer.failed", transfer.providerTransferId!, {
                error: { description: "Beneficiary bank refused" },
              }),
            );
            count(`transfer.failed (${transfer.status})`);
          },
        ],
        [
          2,
          async () => {
            const candidates = await transfersIn(["released"]);
            if (!candidates.length) return;
            const transfer = random.pick(candidates);
            if (random.chance(0.5)) {
              await deliver(
                transferEvent("transfer.processed", transfer.providerTransferId!, {
                  recipient_settlement_id: `setl_${randomUUID()}`,
                }),
              );
              count("transfer.processed");
            } else {
              const [account] = await db
                .select()
                .from(payoutAccounts)
                .where(eq(payoutAccounts.advisorId, transfer.advisorId));
              await deliver(settlementEvent(account!.providerAccountId!, `setl_${randomUUID()}`));
              count("settlement.processed");
            }
          },
        ],
        [
          3,
          async () => {
            if (!delivered.length) return;
            const { eventId, event } = random.pick(delivered);
            if (random.chance(0.5)) {
              expect((await w.deliver(event, eventId)).body).toMatchObject({ duplicate: true });
              count("webhook repeated (same id)");
            } else {
              await deliver(event);
              count("webhook repeated (new id)");
            }
          },
        ],
        [
          1,
          async () => {
            // An admin retries a failed transfer.
            const failed = await transfersIn(["failed"]);
            if (!failed.length) return;
            await db
              .update(payoutTransfers)
              .set({ status: "pending", releasedAt: null, nextAttemptAt: w.now(), lastError: null })
              .where(eq(payoutTransfers.id, random.pick(failed).id));
            count("admin retry");
          },
        ],
        [
          1,
          async () => {
            w.config.payouts.commissionPercent = random.pick(COMMISSIONS);
            count("commission changed");
          },
        ],
        [
          1,
          async () => {
            // Every due refund, batch after batch: of refunds queued at one instant, which a
            // batch takes is left to their random ids, so a part left over would not replay.
            let r;
            do {
              r = await processRefunds(db, {
                gateway: w.gateway,
                config: w.config,
                logger: w.deps.logger,
                now: w.now,
              });
              count("refunds sent", r.sent);
            } while (r.sent + r.failed > 0);
          },
        ],
        // ---- Packages (issue 40)
        [
          3,
          async () => {
            const advisor = random.pick(advisors);
            const seekerId = await createSeeker(db);
            const packageId = offers.get(advisor.advisorId)!;
            const order = await startPurchase(w.deps, seekerId, {
              advisorId: advisor.advisorId,
              packageId,
            });
            if (!order.ok) throw new Error(order.message);
            if (random.chance(0.05)) return void count("package order abandoned");
            await w.capture(order.orderId, order.amount);
            if (random.chance(0.2)) {
              const [payment] = await db
                .select()
                .from(payments)
                .where(eq(payments.id, order.paymentId));
              await w.capture(order.orderId, order.amount, payment!.razorpayPaymentId!);
            }
            const [row] = await db
              .select({ sessions: packagePurchases.sessions })
              .from(packagePurchases)
              .where(eq(packagePurchases.id, order.purchaseId));
            packages.bought.set(order.purchaseId, {
              seq: packages.bought.size,
              purchaseId: order.purchaseId,
              paymentId: order.paymentId,
              advisorId: advisor.advisorId,
              seekerId,
              sessions: row!.sessions,
            });
            count("package bought");
          },
        ],
        [
          6,
          async () => {
            const purchase = await activePackage();
            if (!purchase) return;
            const options = await sessionOptionsFor(
              db,
              purchase.seekerId,
              { id: purchase.advisorId, hourlyRateInr: 2000 },
              w.now(),
            );
            const option = options.find((o) => o.packageUse?.purchaseId === purchase.purchaseId);
            if (!option) return void count("package used up");
            const start = slot();
            const booked = await createBooking(
              w.deps,
              purchase.seekerId,
              request(purchase.advisorId, start.toISOString(), {
                packagePurchaseId: purchase.purchaseId,
                sessionType: option.type,
                duration: option.duration,
              }),
            );
            if (!booked.ok) return void count(`package session refused (${booked.message})`);
            packages.sessions.set(booked.bookingId, {
              seq: packages.sessions.size,
              bookingId: booked.bookingId,
              purchaseId: purchase.purchaseId,
              start,
              returned: null,
            });
            count("package session booked");
          },
        ],
        [
          3,
          async () => {
            const now = w.now().getTime();
            const rows = await db
              .select({ id: bookings.id })
              .from(bookings)
              .where(
                and(
                  eq(bookings.status, "confirmed"),
                  sql`${bookings.packagePurchaseId} is not null`,
                  sql`${bookings.datetime} > ${new Date(now + 12 * HOUR)}`,
                ),
              );
            const found = rows
              .map((r) => packages.sessions.get(r.id)!)
              .sort((a, b) => a.seq - b.seq);
            if (!found.length) return;
            const session = random.pick(found);
            const purchase = packages.bought.get(session.purchaseId)!;
            const advisor = advisors.find((a) => a.advisorId === purchase.advisorId)!;
            const bySeeker = random.chance(0.7);
            const result = await w.cancel(
              session.bookingId,
              bySeeker
                ? { userId: purchase.seekerId, advisorId: null, isAdmin: false }
                : { userId: advisor.userId, advisorId: advisor.advisorId, isAdmin: false },
            );
            if (!result.ok) return void count(`package cancel refused (${result.code})`);
            expect(result.refundPaise).toBe(0);
            session.returned =
              !bySeeker || session.start.getTime() - w.now().getTime() >= 24 * HOUR;
            count(
              session.returned ? "package session given back" : "package session cancelled late",
            );
          },
        ],
        [
          2,
          async () => {
            const purchase = await activePackage();
            if (!purchase) return;
            const advisor = advisors.find((a) => a.advisorId === purchase.advisorId)!;
            const bySeeker = random.chance(0.6);
            const states = new Map(
              (
                await db
                  .select({ id: bookings.id, status: bookings.status })
                  .from(bookings)
                  .where(eq(bookings.packagePurchaseId, purchase.purchaseId))
              ).map((b) => [b.id, b.status]),
            );
            const ended = await endPurchaseBy(w.deps, {
              purchaseId: purchase.purchaseId,
              by: bySeeker ? "seeker" : "advisor",
              userId: bySeeker ? purchase.seekerId : advisor.userId,
            });
            // Its sessions booked beyond the 12-hour cutoff were cancelled, by the ender's rule.
            const notice = (s: PackageSession) => s.start.getTime() - w.now().getTime();
            for (const s of packages.sessions.values()) {
              if (!ended.ok || s.purchaseId !== purchase.purchaseId) continue;
              if (states.get(s.bookingId) !== "confirmed" || notice(s) <= 12 * HOUR) continue;
              s.returned = !bySeeker || notice(s) >= 24 * HOUR;
              count(s.returned ? "package session given back" : "package session cancelled late");
            }
            count(
              ended.ok
                ? `package ended by ${bySeeker ? "seeker" : "advisor"}`
                : "package end refused",
            );
          },
        ],
        [
          1,
          async () => {
            count("packages expired", await expirePackages(w.deps, 1000));
          },
        ],
        // ---- Paid questions (issue 40, ADR 98)
        [
          3,
          async () => {
            const advisor = random.pick(advisors);
            const seekerId = await createSeeker(db);
            const order = await startQuestion(w.deps, seekerId, {
              advisorId: advisor.advisorId,
              body: "How do I move my PF when I change jobs?",
              attachments: [],
            });
            if (!order.ok) throw new Error(order.message);
            if (random.chance(0.05)) return void count("question order abandoned");
            // Paid through the browser's verify, the provider's webhook, or both (either first),
            // and the webhook sometimes twice.
            const how = random.pick(["verify", "webhook", "both", "both"] as const);
            const report = paidReport(w.deps, order.orderId);
            if (how === "both" && random.chance(0.5)) {
              await w.capture(order.orderId, order.amount, report.razorpay_payment_id);
              expect((await verifyPayment(w.deps, seekerId, report)).ok).toBe(true);
            } else {
              if (how !== "webhook")
                expect((await verifyPayment(w.deps, seekerId, report)).ok).toBe(true);
              if (how !== "verify")
                await w.capture(order.orderId, order.amount, report.razorpay_payment_id);
            }
            if (random.chance(0.2))
              await w.capture(order.orderId, order.amount, report.razorpay_payment_id);
            const [row] = await db
              .select({
                status: paidQuestions.status,
                conversationId: paidQuestions.conversationId,
                deadline: paidQuestions.deadline,
                fee: payments.feeAmount,
                amount: payments.amount,
              })
              .from(paidQuestions)
              .innerJoin(payments, eq(payments.id, paidQuestions.paymentId))
              .where(eq(paidQuestions.id, order.questionId));
            expect(row!.status).toBe("open");
            expect(row!.amount).toBe(order.amount);
            questions.set(order.questionId, {
              seq: questions.size,
              questionId: order.questionId,
              paymentId: order.paymentId,
              conversationId: row!.conversationId,
              advisorId: advisor.advisorId,
              advisorUserId: advisor.userId,
              seekerId,
              amount: row!.amount,
              fee: row!.fee,
              deadline: row!.deadline!,
              replied: false,
              share: null,
              refunded: false,
            });
            count(`question paid (${how})`);
          },
        ],
        [
          3,
          async () => {
            const open = openQuestions();
            if (!open.length) return;
            const q = random.pick(open);
            const overdue = q.deadline.getTime() <= w.now().getTime();
            if (!overdue && !q.replied && random.chance(0.15)) {
              const refused = await markAnswered(w.deps, {
                questionId: q.questionId,
                userId: q.advisorUserId,
              });
              expect(refused).toMatchObject({ ok: false, message: QUESTION_MESSAGES.answerFirst });
              return void count("question marked answered before a reply: refused");
            }
            await db.transaction((tx) =>
              appendMessage(
                tx,
                {
                  conversationId: q.conversationId,
                  seekerUserId: q.seekerId,
                  advisorUserId: q.advisorUserId,
                },
                { kind: "text", senderId: q.advisorUserId, body: "Here is what I would do." },
                w.now(),
              ),
            );
            q.replied = true;
            const result = await markAnswered(w.deps, {
              questionId: q.questionId,
              userId: q.advisorUserId,
            });
            if (overdue) {
              // Past its deadline it belongs to the deadline job, answered or not.
              expect(result).toMatchObject({ ok: false, message: QUESTION_MESSAGES.pastDeadline });
              return void count("question answered too late: refused");
            }
            expect(result).toEqual({ ok: true });
            q.share = splitFee(q.fee, w.config.payouts.commissionPercent).share;
            count("question answered");
          },
        ],
        [2, runDeadlineJob],
        [
          1,
          async () => {
            // The advisor changes the offer: questions already asked keep their price.
            await offerQuestions(
              db,
              random.pick(advisors).advisorId,
              random.int(100, 3000),
              random.int(1, 3),
            );
            count("question offer changed");
          },
        ],
      ];
      const total = operations.reduce((t, [weight]) => t + weight, 0);
      const step = async () => {
        let roll = random.int(1, total);
        for (const [weight, operation] of operations) {
          roll -= weight;
          if (roll <= 0) return operation();
        }
      };

      for (let i = 0; i < OPS; i++) {
        await step();
        if ((i + 1) % 500 === 0)
          await checkLedger(w, sessions, packages, questions, eventIds, database);
      }
      await checkLedger(w, sessions, packages, questions, eventIds, database);

      // Then everything settles down: time passes, the provider recovers, accounts activate,
      // admins retry what failed. Every share not refunded is paid out, and nothing more.
      for (const advisor of advisors.filter((a) => !a.bank)) await w.saveBank(advisor.advisorId);
      for (let round = 0; round < 30; round++) {
        w.advance(2 * DAY);
        await completeFinishedSessions(db, w.now(), w.deps.events);
        await runDeadlineJob();
        for (const account of await unverified()) {
          if (account.providerAccountId)
            await deliver({
              event: "product.route.activated",
              account_id: account.providerAccountId,
            });
          else await w.saveBank(account.advisorId);
        }
        await db
          .update(payoutTransfers)
          .set({ status: "pending", releasedAt: null, nextAttemptAt: w.now(), lastError: null })
          .where(eq(payoutTransfers.status, "failed"));
        let moved = 0;
        do {
          const r = await w.runPayouts();
          moved = r.accounts + r.sent + r.released + r.reversed + r.failed;
        } while (moved > 0);
        const open = await transfersIn(["awaiting_account", "pending", "on_hold", "reversing"]);
        if (open.length === 0) break;
      }
      expect(await transfersIn(["awaiting_account", "pending", "on_hold", "reversing"])).toEqual(
        [],
      );
      const balances = await checkLedger(w, sessions, packages, questions, eventIds, database);
      // Every question ended answered or refunded.
      expect(openQuestions()).toEqual([]);
      const kept = [...sessions.values()].filter((s) => s.share !== null && !s.refunded);
      const packageCredits = await checkPackages(db, packages);
      for (const advisor of advisors) {
        const owed =
          kept.filter((s) => s.advisorId === advisor.advisorId).reduce((t, s) => t + s.share!, 0) +
          packageCredits
            .filter((c) => c.advisorId === advisor.advisorId)
            .reduce((t, c) => t + c.amount, 0) +
          [...questions.values()]
            .filter((q) => q.advisorId === advisor.advisorId && q.share !== null)
            .reduce((t, q) => t + q.share!, 0);
        expect(
          balances.get(advisor.advisorId) ?? { pending: 0, available: 0, paid: 0 },
        ).toMatchObject({ pending: 0, available: 0, paid: owed });
      }

      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      // The counts run, for the record (and to replay: the seed).
      console.warn(
        `ledger.random: seed ${SEED}, ${OPS} operations, ${sessions.size} paid bookings, ${packages.bought.size} packages, ${questions.size} paid questions, ${seconds} s\n` +
          Object.entries(tally)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => `  ${k}: ${v}`)
            .join("\n"),
      );
      expect(tally["paid and confirmed"]).toBeGreaterThan(0);
      expect(tally["package bought"]).toBeGreaterThan(0);
      expect(tally["package session given back"]).toBeGreaterThan(0);
      expect(tally["question answered"]).toBeGreaterThan(0);
      expect(tally["question refunded late"]).toBeGreaterThan(0);
      // About 30 s on a quiet machine; a busy CI worker shares its CPU with other files (and
      // LEDGER_RANDOM_OPS in the thousands gets a longer limit).
    },
    Math.max(300_000, OPS * 250),
  );
});

/** Every invariant the ledger promises, checked against the test's own account of events. */
async function checkLedger(
  w: PayoutWorld,
  sessions: Map<string, Session>,
  packages: PackageBook,
  questions: QuestionBook,
  eventIds: Set<string>,
  database: Database,
) {
  const db = database.db;
  const balances = await w.balances();
  const entries = await db.select().from(ledgerEntries);
  const transfers = await db.select().from(payoutTransfers);

  // Each advisor's balances add up to their entries, and never go below zero.
  for (const b of balances.values()) {
    expect(b.pending + b.available).toBe(b.sum);
    expect(b.pending).toBeGreaterThanOrEqual(0);
    expect(b.available).toBeGreaterThanOrEqual(0);
  }

  // No paisa created or lost: credits are the shares of confirmed paid sessions, debits the
  // credits of refunded ones (a zero credit has none), at the rate each was confirmed with.
  const sum = (list: { amount: number }[]) => list.reduce((t, e) => t + e.amount, 0);
  const ofKind = (kind: string) => entries.filter((e) => e.kind === kind);
  const credited = [...sessions.values()].filter((s) => s.share !== null);
  const single = (e: { bookingId: string | null }) => sessions.has(e.bookingId!);
  const ofPackage = (e: { bookingId: string | null }) => e.bookingId !== null && !single(e);
  expect(
    ofKind("session_credit")
      .filter(single)
      .map((e) => [e.bookingId, e.amount])
      .sort(),
  ).toEqual(credited.map((s) => [s.bookingId, s.share]).sort());
  const packageCredits = await checkPackages(db, packages);
  expect(
    ofKind("session_credit")
      .filter(ofPackage)
      .map((e) => e.id)
      .sort(),
  ).toEqual(packageCredits.map((e) => e.id).sort());
  await checkQuestions(db, questions, entries);
  expect(
    ofKind("refund_debit")
      .map((e) => [e.bookingId, -e.amount])
      .sort(),
  ).toEqual(
    credited
      .filter((s) => s.refunded && s.share! > 0)
      .map((s) => [s.bookingId, s.share])
      .sort(),
  );

  // Paid is what was released and has not come back, as the platform and the provider see it.
  const releasedNow = transfers.filter(
    (t) =>
      t.releasedAt !== null &&
      (t.status === "released" || t.status === "settled" || t.status === "reversing"),
  );
  const paidOut = [...balances.values()].reduce((t, b) => t + b.paid, 0);
  expect(paidOut).toBe(sum(releasedNow));
  const atProvider = [...w.gateway.transfers.values()].filter(
    (t) => !t.onHold && !t.reversed && !t.failed,
  );
  expect(sum(atProvider)).toBe(paidOut);
  for (const advisorId of balances.keys()) {
    expect(balances.get(advisorId)!.paid).toBe(
      sum(releasedNow.filter((t) => t.advisorId === advisorId)),
    );
  }

  // Each event applied once: one credit and one debit per booking, one payout and one
  // return per provider transfer, one stored webhook per event id.
  const once = (keys: string[]) => expect(new Set(keys).size).toBe(keys.length);
  once(ofKind("session_credit").map((e) => (e.bookingId ?? e.questionId)!));
  once(ofKind("refund_debit").map((e) => (e.bookingId ?? e.questionId)!));
  once(ofKind("payout").map((e) => e.providerTransferId!));
  once(ofKind("payout_returned").map((e) => e.providerTransferId!));
  // A share of nothing (a 100 % commission) is credited as zero but never transferred.
  expect(transfers.map((t) => t.bookingId ?? t.questionId).sort()).toEqual(
    [
      ...credited.filter((s) => s.share! > 0).map((s) => s.bookingId),
      ...packageCredits.filter((e) => e.amount > 0).map((e) => e.bookingId),
      ...[...questions.values()].filter((q) => q.share! > 0).map((q) => q.questionId),
    ].sort(),
  );
  const [stored] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${webhookEvents}`,
  );
  expect(stored!.n).toBe(eventIds.size);
  // Only matured sessions were paid out.
  const early = await queryRows<{ id: string }>(
    db,
    sql`select t.id from payout_transfers t join bookings b on b.id = t.booking_id
        where t.released_at is not null
          and (b.status not in ('completed', 'cancelled')
               or t.released_at < b.ends_at + make_interval(days => ${HOLD_DAYS}))`,
  );
  expect(early).toEqual([]);
  // A question's share is released only once the holding period after its answer has passed.
  const earlyAnswers = await queryRows<{ id: string }>(
    db,
    sql`select t.id from payout_transfers t join paid_questions q on q.id = t.question_id
        where t.released_at is not null
          and (q.status <> 'answered'
               or t.released_at < q.answered_at + make_interval(days => ${HOLD_DAYS}))`,
  );
  expect(earlyAnswers).toEqual([]);

  const differences = await findDifferences(db);
  expect(differences).toEqual([]);

  // The totals the database keeps are today's rule over the same facts: the Payouts page's
  // months, and each advisor's balances as their entries give them.
  const facts = await paymentFacts(db);
  const { months } = await loadPayoutsOverview(db, { holdDays: HOLD_DAYS, now: w.now(), q: "" });
  expect(months).toEqual(
    monthTotals(paymentsMoney(facts)).map((t) => ({ ...t, difference: unaccounted(t) })),
  );
  const kept = await balancesByAdvisor(db, [...balances.keys()], {
    holdDays: HOLD_DAYS,
    now: w.now(),
  });
  for (const [advisorId, { pending, available, paid }] of balances) {
    expect(kept.get(advisorId)).toEqual({ pending, available, paid });
  }

  // The incremental run looks at every payment whose facts changed since the last look (by
  // the database's stamps alone: no sweep), and finds what the full pass finds; so does the
  // job's own run.
  const now = factsByPayment(facts);
  const run = await checkChanges(db, {
    since: watched.since,
    sweptTo: null,
    previous: [],
    sweepMonths: 0,
  });
  const missed = [...now].filter(([id, text]) => watched.facts.get(id) !== text);
  expect(missed.filter(([id]) => !run.payments.has(id))).toEqual([]);
  expect(run.differences).toEqual(differences);
  expect(await reconcile(db, { config: w.config, now: w.now, overlapMs: 0 })).toEqual(differences);
  count("payments checked again", run.payments.size);
  count("payments changed", missed.length);
  watched = { since: run.startedAt, facts: now };
  return balances;
}

/**
 * The packages against the test's own account: each package's credits are its sessions used
 * (held, or cancelled late by the seeker), as its first shares of the fee; once it has ended,
 * the rest of what was paid is refunded to the paisa, and before that nothing is. Answers the
 * packages' credits.
 */
async function checkPackages(db: Database["db"], packages: PackageBook) {
  const all: (typeof ledgerEntries.$inferSelect)[] = [];
  const states = new Map(
    (await db.select({ id: bookings.id, status: bookings.status }).from(bookings)).map((b) => [
      b.id,
      b.status,
    ]),
  );
  for (const bought of [...packages.bought.values()].sort((a, b) => a.seq - b.seq)) {
    const [purchase] = await db
      .select()
      .from(packagePurchases)
      .where(eq(packagePurchases.id, bought.purchaseId));
    const [payment] = await db.select().from(payments).where(eq(payments.id, bought.paymentId));
    const mine = [...packages.sessions.values()].filter((s) => s.purchaseId === bought.purchaseId);
    const used = mine.filter(
      (s) =>
        states.get(s.bookingId) === "completed" ||
        (states.get(s.bookingId) === "cancelled" && s.returned === false),
    ).length;
    const credits = await db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.paymentId, bought.paymentId),
          eq(ledgerEntries.kind, "session_credit"),
        ),
      );
    all.push(...credits);
    expect(credits.map((c) => c.bookingId).sort()).toEqual(
      mine
        .filter(
          (s) =>
            ["completed", "cancelled"].includes(states.get(s.bookingId)!) && s.returned !== true,
        )
        .map((s) => s.bookingId)
        .sort(),
    );
    expect(credits).toHaveLength(used);
    const price = {
      feePaise: payment!.feeAmount,
      gstPaise: payment!.gstAmount,
      totalPaise: payment!.amount,
    };
    expect(price).toEqual(packagePrice(price.feePaise / 100));
    const fees = sessionShares(price.feePaise, bought.sessions).slice(0, used);
    expect(credits.map((c) => c.feeAmount).sort()).toEqual([...fees].sort());
    for (const c of credits)
      expect(c.amount).toBe(splitFee(c.feeAmount!, Number(c.commissionPercent)).share);
    const refunded = await db
      .select()
      .from(refunds)
      .where(eq(refunds.packagePurchaseId, bought.purchaseId));
    const ended = ["cancelled", "withdrawn", "expired"].includes(purchase!.status);
    // Sessions still booked when it ended take place later: not refunded.
    const upcoming = mine.filter((s) => states.get(s.bookingId) === "confirmed").length;
    const rest = refundOfRest(price, bought.sessions, used + upcoming);
    expect(refunded.map((r) => [r.amount, r.gstAmount])).toEqual(
      ended && rest.amount > 0 ? [[rest.amount, rest.gst]] : [],
    );
    if (purchase!.status === "used") expect(used).toBe(bought.sessions);
    // A package past its validity with nothing booked ahead is ended by the next expiry run.
    if (purchase!.status === "active") expect(used).toBeLessThanOrEqual(bought.sessions);
  }
  return all;
}

/**
 * The paid questions against the test's own account: an answered one is credited its fee's
 * share at the rate of its answer, once; an unanswered one is never credited nor debited, and
 * once refunded its whole payment comes back, once; an open one has neither.
 */
async function checkQuestions(
  db: Database["db"],
  questions: QuestionBook,
  entries: (typeof ledgerEntries.$inferSelect)[],
) {
  const mine = entries.filter((e) => e.questionId !== null);
  const asked = [...questions.values()];
  expect(
    mine.filter((e) => e.kind === "session_credit").map((e) => [e.questionId, e.amount]),
  ).toEqual(
    expect.arrayContaining(
      asked.filter((q) => q.share !== null).map((q) => [q.questionId, q.share]),
    ),
  );
  expect(mine.filter((e) => e.kind === "session_credit")).toHaveLength(
    asked.filter((q) => q.share !== null).length,
  );
  for (const e of mine.filter((e) => e.kind === "session_credit")) {
    const q = questions.get(e.questionId!)!;
    expect([e.feeAmount, e.paymentId, e.advisorId]).toEqual([q.fee, q.paymentId, q.advisorId]);
  }
  // Nothing credited before the answer, so nothing is ever taken back.
  expect(mine.filter((e) => e.kind === "refund_debit")).toEqual([]);
  const refunded = await db
    .select({ questionId: refunds.questionId, amount: refunds.amount })
    .from(refunds)
    .where(sql`${refunds.questionId} is not null`);
  expect(refunded.map((r) => [r.questionId, r.amount]).sort()).toEqual(
    asked
      .filter((q) => q.refunded)
      .map((q) => [q.questionId, q.amount])
      .sort(),
  );
  const states = await db
    .select({ id: paidQuestions.id, status: paidQuestions.status })
    .from(paidQuestions);
  const byId = new Map(states.map((r) => [r.id, r.status]));
  for (const q of asked)
    expect(byId.get(q.questionId)).toBe(
      q.share !== null ? "answered" : q.refunded ? "refunded" : "open",
    );
}

/** Each payment's facts as one comparable text. */
function factsByPayment(facts: readonly PaymentFact[]) {
  const grouped = new Map<string, PaymentFact[]>();
  for (const f of facts) grouped.set(f.payment_id, [...(grouped.get(f.payment_id) ?? []), f]);
  return new Map([...grouped].map(([id, rows]) => [id, JSON.stringify(rows)]));
}
