import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import {
  balancesOf,
  hasMatured,
  LEDGER_KINDS,
  type LedgerKind,
  releaseAt,
} from "../../core/ledger";
import { createBankCipher } from "../security/bank-cipher.server";
import { saveBankDetails } from "../repositories/bank-details.server";
import type { Actor } from "../bookings/actor";
import { createBooking } from "../bookings/booking-service.server";
import { cancelSession } from "../bookings/cancel.server";
import { bookableAdvisor, request, testDeps, testEvents } from "../bookings/bookings.test-support";
import type { Db } from "../db/client.server";
import {
  advisors,
  bookings,
  ledgerEntries,
  paidQuestions,
  payoutAccounts,
  payoutTransfers,
} from "../db/schema";
import { createSeeker } from "../db/factories.test-support";
import type { PaymentGateway } from "../payments/gateway.server";
import { hmacHex } from "../payments/signature.server";
import { createTestGateway } from "../payments/test-gateway.server";
import type { RazorpayEvent } from "../webhooks/webhook-types";
import { handleRazorpayWebhook } from "../webhooks/webhooks.server";
import { processPayouts } from "./payout-job.server";

/** Test set-up for the payout tests (not used by the app). */

export const COMMISSION_PERCENT = 12.5;
export const HOLD_DAYS = 3;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

type RouteMethod = "upsertLinkedAccount" | "createTransfer" | "releaseTransfer" | "reverseTransfer";
export type Failure = "outage" | "refusal";

/** What the provider holds of one transfer, as the double saw it. */
export type ProviderTransfer = {
  id: string;
  accountId: string;
  providerPaymentId: string;
  amount: number;
  onHold: boolean;
  reversed: boolean;
  /** Set by a test that tells the platform the transfer failed (transfer.failed). */
  failed: boolean;
};

/**
 * Razorpay Route as a double: linked accounts activate at once (unless `verdict` says
 * otherwise), transfers are remembered, and `fail` injects an outage (no status) or a
 * refusal (a 400 in the cause, as the SDK's errors carry it) per call.
 */
export function routeDouble() {
  const transfers = new Map<string, ProviderTransfer>();
  const calls: { method: RouteMethod; ok: boolean }[] = [];
  let n = 0;
  const double = {
    ...createTestGateway(),
    transfers,
    calls,
    verdict: "activated" as "activated" | "under_review" | "needs_clarification",
    fail: (_method: RouteMethod): Failure | null => null,
  };
  const attempt = (method: RouteMethod) => {
    const failure = double.fail(method);
    calls.push({ method, ok: failure === null });
    if (failure === "outage") {
      throw new Error(`Razorpay ${method} failed (no status): socket hang up`, {
        cause: new Error("socket hang up"),
      });
    }
    if (failure === "refusal") {
      throw new Error(`Razorpay ${method} failed (400): refused`, {
        cause: { statusCode: 400, error: { description: "refused" } },
      });
    }
  };
  const gateway: PaymentGateway & typeof double = Object.assign(double, {
    async upsertLinkedAccount({
      account,
    }: {
      account: { accountId: string; productId: string | null } | null;
    }) {
      attempt("upsertLinkedAccount");
      const ref = {
        accountId: account?.accountId ?? `acc_${++n}`,
        productId: account?.productId ?? `acc_prd_${n}`,
      };
      return double.verdict === "needs_clarification"
        ? { ...ref, status: double.verdict, reason: "settlements.ifsc_code: invalid_value" }
        : { ...ref, status: double.verdict };
    },
    async createTransfer(input: {
      providerPaymentId: string;
      accountId: string;
      amountPaise: number;
    }) {
      attempt("createTransfer");
      const id = `trf_${++n}`;
      transfers.set(id, {
        id,
        accountId: input.accountId,
        providerPaymentId: input.providerPaymentId,
        amount: input.amountPaise,
        onHold: true,
        reversed: false,
        failed: false,
      });
      return { transferId: id };
    },
    async releaseTransfer(transferId: string) {
      attempt("releaseTransfer");
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      transfer.onHold = false;
    },
    async reverseTransfer(transferId: string) {
      attempt("reverseTransfer");
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      transfer.reversed = true;
      return { reversalId: `rvrsl_${++n}` };
    },
  });
  return gateway;
}
export type RouteDouble = ReturnType<typeof routeDouble>;

export const BANK = {
  bankAccountHolderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "123456789012",
  bankIfscCode: "HDFC0001234",
  bankBranch: "Koramangala",
};

/**
 * One marketplace: booking deps on a clock the test moves, with commission and holding
 * period set, a Route double, and the real services behind small helpers.
 */
export function payoutWorld(db: Db, start: Date) {
  const base = testDeps(db);
  const config = {
    ...base.config,
    payouts: { commissionPercent: COMMISSION_PERCENT, holdDays: HOLD_DAYS },
  };
  const gateway = routeDouble();
  const deps = testDeps(db, { config, gateway });
  deps.clock.now = start;
  const cipher = createBankCipher(config.bankEncryptionKey);
  const logger = pino({ level: "silent" });
  const now = () => deps.clock.now;

  const world = {
    db,
    deps,
    config,
    gateway,
    cipher,
    now,
    advance(ms: number) {
      deps.clock.now = new Date(deps.clock.now.getTime() + ms);
    },
    /** An approved advisor taking sessions every morning (03:30-06:30 UTC). */
    async advisor(options: { bank?: boolean } = {}) {
      const advisorId = await bookableAdvisor(db);
      const [row] = await db
        .select({ userId: advisors.userId })
        .from(advisors)
        .where(eq(advisors.id, advisorId));
      if (options.bank) await world.saveBank(advisorId);
      return { advisorId, userId: row!.userId };
    },
    saveBank(advisorId: string, details: Partial<typeof BANK> = {}) {
      return saveBankDetails(db, cipher, advisorId, { ...BANK, ...details }, now());
    },
    /**
     * A seeker's hold, booked at `bookedAt` (default now), accepting that a session inside 24
     * hours is not refunded (the money, not the acknowledgement, is what these tests follow).
     */
    async hold(advisorId: string, start: Date, bookedAt = now()) {
      const seekerId = await createSeeker(db);
      const d = { ...deps, now: () => bookedAt };
      const held = await createBooking(
        d,
        seekerId,
        request(advisorId, start.toISOString(), { noRefundAcknowledged: true }),
      );
      if (!held.ok) return null;
      return { ...held, seekerId };
    },
    /** The provider's payment.captured for an order, as a signed webhook. */
    async capture(orderId: string, amount: number, providerPaymentId = `pay_${randomUUID()}`) {
      await world.deliver({
        event: "payment.captured",
        payload: { payment: { entity: { id: providerPaymentId, order_id: orderId, amount } } },
      });
      return providerPaymentId;
    },
    /** Booked and paid now: a confirmed session with its credit. */
    async paidSession(advisorId: string, start: Date) {
      const held = await world.hold(advisorId, start);
      if (!held) throw new Error(`${start.toISOString()} not offered`);
      await world.capture(held.orderId!, held.amount);
      return held;
    },
    deliver(event: RazorpayEvent, eventId = randomUUID() as string) {
      const body = JSON.stringify(event);
      const headers = new Headers({
        "x-razorpay-signature": hmacHex(config.testPaymentSecret!, body),
        "x-razorpay-event-id": eventId,
      });
      return handleRazorpayWebhook(deps, body, headers);
    },
    cancel(bookingId: string, actor: Actor) {
      return cancelSession(db, {
        actor,
        bookingId,
        reason: "Plans changed",
        now: now(),
        config,
        events: testEvents(config),
      });
    },
    runPayouts(via: PaymentGateway = gateway) {
      return processPayouts(db, { gateway: via, cipher, holdDays: HOLD_DAYS, logger, now });
    },
    /**
     * `count` payout runs at once, as instances overlap, taking turns at each provider call
     * (one goes on while the others wait on the provider) in a fixed rotation. Left to run in
     * parallel on a PostgreSQL server, they would claim and reach the provider in an order
     * that varies from one run of a test to the next, and a seeded test could not replay.
     */
    runPayoutsInTurns(count: number) {
      let last = Promise.resolve();
      /** Waits for a turn; answers the function that hands it on. */
      const take = () => {
        const before = last;
        let handOn!: () => void;
        last = new Promise<void>((resolve) => (handOn = resolve));
        return before.then(() => handOn);
      };
      const run = async () => {
        let handOn = await take();
        const inTurn =
          <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
          async (...args: A) => {
            handOn();
            handOn = await take();
            return call(...args);
          };
        try {
          return await world.runPayouts({
            ...gateway,
            upsertLinkedAccount: inTurn(gateway.upsertLinkedAccount),
            createTransfer: inTurn(gateway.createTransfer),
            releaseTransfer: inTurn(gateway.releaseTransfer),
            reverseTransfer: inTurn(gateway.reverseTransfer),
          });
        } finally {
          handOn();
        }
      };
      return Promise.all(Array.from({ length: count }, run));
    },
    async transferOf(bookingId: string) {
      const [row] = await db
        .select()
        .from(payoutTransfers)
        .where(eq(payoutTransfers.bookingId, bookingId));
      return row;
    },
    entriesOf(bookingId: string) {
      return db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.bookingId, bookingId))
        .orderBy(ledgerEntries.createdAt);
    },
    async accountOf(advisorId: string) {
      const [row] = await db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.advisorId, advisorId));
      return row;
    },
    /**
     * Each advisor's balances from their entries, maturity judged by the session now (a paid
     * question's by its answer, ADR 98).
     */
    async balances() {
      const rows = await db
        .select({
          advisorId: ledgerEntries.advisorId,
          kind: ledgerEntries.kind,
          amount: ledgerEntries.amount,
          status: bookings.status,
          endsAt: bookings.endsAt,
          answeredAt: paidQuestions.answeredAt,
        })
        .from(ledgerEntries)
        .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
        .leftJoin(paidQuestions, eq(paidQuestions.id, ledgerEntries.questionId));
      const byAdvisor = new Map<string, { kind: LedgerKind; amount: number; matured: boolean }[]>();
      for (const row of rows) {
        const list = byAdvisor.get(row.advisorId) ?? [];
        list.push({
          kind: row.kind,
          amount: row.amount,
          matured: row.answeredAt
            ? releaseAt(row.answeredAt, HOLD_DAYS) <= now()
            : hasMatured({ status: row.status!, endsAt: row.endsAt! }, HOLD_DAYS, now()),
        });
        byAdvisor.set(row.advisorId, list);
      }
      return new Map(
        [...byAdvisor].map(([advisorId, entries]) => [
          advisorId,
          {
            ...balancesOf(entries),
            sum: entries.reduce((t, e) => t + e.amount, 0),
            byKind: Object.fromEntries(
              LEDGER_KINDS.map((kind) => [
                kind,
                entries.filter((e) => e.kind === kind).reduce((t, e) => t + e.amount, 0),
              ]),
            ) as Record<LedgerKind, number>,
          },
        ]),
      );
    },
  };
  return world;
}
export type PayoutWorld = ReturnType<typeof payoutWorld>;

/** A Route webhook about a transfer. */
export function transferEvent(
  event: "transfer.failed" | "transfer.processed",
  transferId: string,
  extra: { recipient_settlement_id?: string; error?: { description: string } } = {},
): RazorpayEvent {
  return { event, payload: { transfer: { entity: { id: transferId, ...extra } } } };
}

/** settlement.processed on a linked account. */
export function settlementEvent(accountId: string, settlementId: string): RazorpayEvent {
  return {
    event: "settlement.processed",
    account_id: accountId,
    payload: { settlement: { entity: { id: settlementId } } },
  };
}
