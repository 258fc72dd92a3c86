import { createBookingEvents } from "../events/booking-events.server";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { monthKey, splitFee } from "../../core/ledger";
import { completeFinishedSessions } from "../bookings/session-jobs.server";
import {
  bookings,
  emailOutbox,
  ledgerEntries,
  payments,
  payoutTransfers,
  reconciliationRuns,
} from "../db/schema";
import { createTestDatabase, sqlState } from "../db/database.test-support";
import {
  createBooking as insertBooking,
  createSeeker,
  createUser,
} from "../db/factories.test-support";
import { loadPayoutsOverview } from "./admin-payouts.server";
import { findDifferences, reconcile } from "./reconcile.server";
import {
  COMMISSION_PERCENT,
  DAY,
  HOLD_DAYS,
  HOUR,
  payoutWorld,
  type PayoutWorld,
  settlementEvent,
  transferEvent,
} from "./payout-world.test-support";

/*
 * The ledger and the payout job through the real services: payments settled by signed
 * webhooks, cancellations by the cancel service, the job against a Route double. Every test
 * ends with a reconciliation that must find nothing (unless it planted a difference).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let w: PayoutWorld;
let planted = false;

/** 2026-03-02 is a Monday; sessions run 03:30-06:30 UTC every day. */
const START = new Date("2026-03-02T00:00:00Z");
const at = (iso: string) => new Date(iso);

beforeEach(async () => {
  database = await createTestDatabase();
  w = payoutWorld(database.db, START);
  planted = false;
});
afterEach(async () => {
  if (!planted) expect(await findDifferences(database.db)).toEqual([]);
  await database.destroy();
});

const seekerOf = (seekerId: string) => ({ userId: seekerId, advisorId: null, isAdmin: false });
const feeOf = async (paymentId: string) =>
  (await database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;

describe("crediting a paid session", () => {
  it("credits the fee without GST less the commission, with the percent it used, once", async () => {
    const { advisorId } = await w.advisor();
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    const payment = await feeOf(held.paymentId);
    expect(payment.status).toBe("paid");
    expect(payment.feeAmount + payment.gstAmount).toBe(payment.amount);
    const { share, commission } = splitFee(payment.feeAmount, COMMISSION_PERCENT);
    expect(commission).toBeGreaterThan(0);

    const entries = await w.entriesOf(held.bookingId);
    expect(entries).toEqual([
      expect.objectContaining({
        advisorId,
        kind: "session_credit",
        amount: share,
        paymentId: held.paymentId,
        feeAmount: payment.feeAmount,
        commissionPercent: COMMISSION_PERCENT,
        commissionAmount: commission,
      }),
    ]);
    // No bank details yet: the share waits for an account.
    expect(await w.transferOf(held.bookingId)).toMatchObject({
      advisorId,
      amount: share,
      status: "awaiting_account",
    });

    // The same capture again (new event id), order.paid, and the browser's verification:
    // settled already, nothing more is credited.
    const providerPaymentId = payment.razorpayPaymentId!;
    await w.capture(held.orderId!, held.amount, providerPaymentId);
    await w.deliver({
      event: "order.paid",
      payload: {
        payment: {
          entity: { id: providerPaymentId, order_id: held.orderId!, amount: held.amount },
        },
      },
    });
    expect(await w.entriesOf(held.bookingId)).toHaveLength(1);
    expect(await database.db.select().from(payoutTransfers)).toHaveLength(1);
  });

  it("keeps each credit's commission when the rate changes later", async () => {
    const { advisorId } = await w.advisor();
    const first = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    w.config.payouts.commissionPercent = 20;
    const second = await w.paidSession(advisorId, at("2026-03-05T04:30:00Z"));
    const [a] = await w.entriesOf(first.bookingId);
    const [b] = await w.entriesOf(second.bookingId);
    expect(a).toMatchObject({ commissionPercent: 12.5 });
    expect(b).toMatchObject({
      commissionPercent: 20,
      amount: splitFee(b!.feeAmount!, 20).share,
    });
  });

  it("credits nothing for a late payment whose time was taken: it is refunded instead", async () => {
    const { advisorId } = await w.advisor({ bank: true });
    const start = at("2026-03-05T03:30:00Z");
    const late = (await w.hold(advisorId, start, new Date(START.getTime() - 20 * 60_000)))!;
    const taker = await w.paidSession(advisorId, start);
    await w.capture(late.orderId!, late.amount);
    expect(await w.entriesOf(late.bookingId)).toEqual([]);
    expect(await w.transferOf(late.bookingId)).toBeUndefined();
    expect(await w.entriesOf(taker.bookingId)).toHaveLength(1);
  });

  it("credits a late payment whose time was still free, as any paid confirmation", async () => {
    const { advisorId } = await w.advisor();
    const late = (await w.hold(
      advisorId,
      at("2026-03-05T03:30:00Z"),
      new Date(START.getTime() - 20 * 60_000),
    ))!;
    await w.capture(late.orderId!, late.amount);
    expect(await w.entriesOf(late.bookingId)).toEqual([
      expect.objectContaining({ kind: "session_credit" }),
    ]);
  });
});

describe("the books at every accepted commission", () => {
  it.each([0, 12.33, 100])(
    "at %s percent a kept, paid-out session and a refunded one leave nothing unaccounted, the commission recorded",
    async (percent) => {
      w.config.payouts.commissionPercent = percent;
      const { advisorId } = await w.advisor({ bank: true });
      const kept = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
      const refunded = await w.paidSession(advisorId, at("2026-03-06T03:30:00Z"));
      await w.runPayouts();
      expect(await w.cancel(refunded.bookingId, seekerOf(refunded.seekerId))).toMatchObject({
        ok: true,
        refundPaise: refunded.amount,
      });
      w.deps.clock.now = at("2026-03-05T04:00:00Z");
      await completeFinishedSessions(database.db, w.now(), createBookingEvents([]));
      w.deps.clock.now = at("2026-03-09T04:00:00Z");
      await w.runPayouts();

      const payment = await feeOf(kept.paymentId);
      // The rule, worked out here rather than by splitFee: the commission rounds to the paisa.
      const commission = Math.round((payment.feeAmount * percent) / 100);
      const share = payment.feeAmount - commission;
      const [credit] = await w.entriesOf(kept.bookingId);
      expect(credit).toMatchObject({
        kind: "session_credit",
        amount: share,
        commissionAmount: commission,
      });
      expect((await w.transferOf(kept.bookingId))?.status).toBe(share > 0 ? "released" : undefined);
      expect((await w.balances()).get(advisorId)).toMatchObject({ pending: 0, available: 0 });

      const { months } = await loadPayoutsOverview(database.db, {
        holdDays: HOLD_DAYS,
        now: w.now(),
        q: "",
      });
      expect(months).toEqual([
        {
          month: monthKey(payment.createdAt),
          collected: kept.amount + refunded.amount,
          advisorShares: share,
          commission,
          gst: payment.gstAmount,
          refunds: refunded.amount,
          prepaid: 0,
          difference: 0,
        },
      ]);
      // afterEach: the reconciliation finds no difference.
    },
  );
});

describe("refunds and the credit", () => {
  it("a seeker cancelling 24 h ahead is debited the credit; the waiting transfer is cancelled", async () => {
    const { advisorId } = await w.advisor();
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    const [credit] = await w.entriesOf(held.bookingId);
    w.advance(HOUR);
    expect(await w.cancel(held.bookingId, seekerOf(held.seekerId))).toMatchObject({
      ok: true,
      refundPaise: held.amount,
    });
    const entries = await w.entriesOf(held.bookingId);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ["session_credit", credit!.amount],
      ["refund_debit", -credit!.amount],
    ]);
    expect(entries[1]!.refundId).not.toBeNull();
    expect((await w.transferOf(held.bookingId))!.status).toBe("cancelled");
    // Bank details later: nothing is ever sent for it.
    await w.saveBank(advisorId);
    await w.runPayouts();
    expect(w.gateway.transfers.size).toBe(0);
    expect((await w.balances()).get(advisorId)).toMatchObject({
      pending: 0,
      available: 0,
      paid: 0,
    });
  });

  it("a refund after the transfer went on hold reverses it at the provider", async () => {
    const { advisorId, userId } = await w.advisor({ bank: true });
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    await w.runPayouts();
    const sent = (await w.transferOf(held.bookingId))!;
    expect(sent).toMatchObject({ status: "on_hold", providerTransferId: expect.any(String) });

    // The advisor cancels: a full refund whatever the notice.
    w.advance(HOUR);
    const advisorActor = { userId, advisorId, isAdmin: false };
    expect(await w.cancel(held.bookingId, advisorActor)).toMatchObject({ ok: true });
    expect((await w.transferOf(held.bookingId))!.status).toBe("reversing");
    expect(await w.runPayouts()).toMatchObject({ reversed: 1 });
    expect(await w.transferOf(held.bookingId)).toMatchObject({ status: "reversed" });
    expect(w.gateway.transfers.get(sent.providerTransferId!)).toMatchObject({
      onHold: true,
      reversed: true,
    });
    // Never released, so nothing was paid out or returned.
    expect((await w.entriesOf(held.bookingId)).map((e) => e.kind)).toEqual([
      "session_credit",
      "refund_debit",
    ]);
    // A repeat of the cancel changes nothing.
    expect(await w.cancel(held.bookingId, advisorActor)).toMatchObject({ ok: false });
    expect(await w.runPayouts()).toMatchObject({ reversed: 0 });
  });

  it("a late seeker cancellation keeps the credit, paid out after the end and the hold", async () => {
    const { advisorId } = await w.advisor({ bank: true });
    const held = await w.paidSession(advisorId, at("2026-03-03T03:30:00Z"));
    await w.runPayouts();
    w.advance(14 * HOUR); // 13.5 h before the start
    expect(await w.cancel(held.bookingId, seekerOf(held.seekerId))).toMatchObject({
      ok: true,
      refundPaise: 0,
    });
    expect((await w.entriesOf(held.bookingId)).map((e) => e.kind)).toEqual(["session_credit"]);
    const end = at("2026-03-03T04:00:00Z");
    w.deps.clock.now = new Date(end.getTime() + HOLD_DAYS * DAY - 1);
    expect(await w.runPayouts()).toMatchObject({ released: 0 });
    expect((await w.balances()).get(advisorId)).toMatchObject({ available: 0, paid: 0 });
    w.advance(1);
    expect(await w.runPayouts()).toMatchObject({ released: 1 });
    const transfer = (await w.transferOf(held.bookingId))!;
    expect(transfer.status).toBe("released");
    expect((await w.balances()).get(advisorId)).toMatchObject({
      pending: 0,
      available: 0,
      paid: transfer.amount,
    });
  });
});

describe("the payout job", () => {
  it("waits for bank details, then creates the linked account and sends the share on hold", async () => {
    const { advisorId } = await w.advisor();
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    expect(await w.runPayouts()).toEqual({
      accounts: 0,
      sent: 0,
      released: 0,
      reversed: 0,
      failed: 0,
    });
    expect((await w.transferOf(held.bookingId))!.status).toBe("awaiting_account");

    await w.saveBank(advisorId);
    expect(await w.accountOf(advisorId)).toMatchObject({ status: "pending", needsSync: true });
    expect(await w.runPayouts()).toMatchObject({ accounts: 1, sent: 1 });
    const account = (await w.accountOf(advisorId))!;
    expect(account).toMatchObject({
      status: "activated",
      needsSync: false,
      providerAccountId: expect.stringMatching(/^acc_/),
      lastError: null,
    });
    const transfer = (await w.transferOf(held.bookingId))!;
    expect(transfer).toMatchObject({ status: "on_hold", attempts: 0, releasedAt: null });
    expect(w.gateway.transfers.get(transfer.providerTransferId!)).toEqual({
      id: transfer.providerTransferId,
      accountId: account.providerAccountId,
      providerPaymentId: (await feeOf(held.paymentId)).razorpayPaymentId,
      amount: transfer.amount,
      onHold: true,
      reversed: false,
      failed: false,
    });
    // Sent once: the next runs find nothing to do.
    expect(await w.runPayouts()).toMatchObject({ accounts: 0, sent: 0 });
    expect(w.gateway.calls.filter((c) => c.method === "createTransfer")).toHaveLength(1);
    // A credit after the account is active goes out straight away.
    const next = await w.paidSession(advisorId, at("2026-03-06T03:30:00Z"));
    expect((await w.transferOf(next.bookingId))!.status).toBe("pending");
    expect(await w.runPayouts()).toMatchObject({ sent: 1 });
  });

  it("holds the accounts the provider has not verified, and releases them on its webhook", async () => {
    w.gateway.verdict = "under_review";
    const { advisorId } = await w.advisor({ bank: true });
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    await w.runPayouts();
    const account = (await w.accountOf(advisorId))!;
    expect(account.status).toBe("under_review");
    expect((await w.transferOf(held.bookingId))!.status).toBe("awaiting_account");

    await w.deliver({
      event: "product.route.needs_clarification",
      account_id: account.providerAccountId!,
      payload: {
        merchant_product: {
          entity: {
            requirements: [{ field_reference: "settlements.account_number", reason_code: "x" }],
          },
        },
      },
    });
    expect(await w.accountOf(advisorId)).toMatchObject({
      status: "needs_clarification",
      lastError: "settlements.account_number: x",
    });
    await w.deliver({ event: "product.route.activated", account_id: account.providerAccountId! });
    expect(await w.accountOf(advisorId)).toMatchObject({ status: "activated", lastError: null });
    expect((await w.transferOf(held.bookingId))!.status).toBe("pending");
    expect(await w.runPayouts()).toMatchObject({ sent: 1 });
  });

  it("releases a completed session's share once the hold has passed: one payout entry", async () => {
    const { advisorId } = await w.advisor({ bank: true });
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    await w.runPayouts();
    const end = at("2026-03-05T04:00:00Z");
    // Long past the hold, but not completed yet: nothing is released.
    w.deps.clock.now = new Date(end.getTime() + HOLD_DAYS * DAY);
    expect(await w.runPayouts()).toMatchObject({ released: 0 });
    w.deps.clock.now = end;
    expect(await completeFinishedSessions(database.db, w.now(), createBookingEvents([]))).toEqual([
      held.bookingId,
    ]);
    w.deps.clock.now = new Date(end.getTime() + HOLD_DAYS * DAY - 1);
    expect(await w.runPayouts()).toMatchObject({ released: 0 });
    expect((await w.balances()).get(advisorId)).toMatchObject({ available: 0 });
    w.advance(1);
    const before = (await w.balances()).get(advisorId)!;
    expect(before).toMatchObject({ pending: 0, paid: 0 });
    expect(before.available).toBeGreaterThan(0);
    expect(await w.runPayouts()).toMatchObject({ released: 1 });
    expect(await w.runPayouts()).toMatchObject({ released: 0 });
    const transfer = (await w.transferOf(held.bookingId))!;
    expect(transfer).toMatchObject({ status: "released", releasedAt: w.now() });
    expect(w.gateway.transfers.get(transfer.providerTransferId!)!.onHold).toBe(false);
    const payouts = (await w.entriesOf(held.bookingId)).filter((e) => e.kind === "payout");
    expect(payouts).toEqual([
      expect.objectContaining({
        amount: -transfer.amount,
        transferId: transfer.id,
        providerTransferId: transfer.providerTransferId,
      }),
    ]);
    expect((await w.balances()).get(advisorId)).toEqual(
      expect.objectContaining({ pending: 0, available: 0, paid: transfer.amount }),
    );
  });

  it("looks at a held transfer again at its release, and from a moved session's new end", async () => {
    const { advisorId } = await w.advisor({ bank: true });
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    await w.runPayouts();
    // Its next attempt is its release: the due scan does not read it before.
    expect(await w.transferOf(held.bookingId)).toMatchObject({
      status: "on_hold",
      nextAttemptAt: new Date(at("2026-03-05T04:00:00Z").getTime() + HOLD_DAYS * DAY),
    });
    // Moved a day earlier (the columns a reschedule writes): looked at from the new end on.
    const end = at("2026-03-04T04:00:00Z");
    await database.db
      .update(bookings)
      .set({ datetime: at("2026-03-04T03:30:00Z"), endsAt: end })
      .where(eq(bookings.id, held.bookingId));
    expect((await w.transferOf(held.bookingId))?.nextAttemptAt).toEqual(end);
    w.deps.clock.now = end;
    await completeFinishedSessions(database.db, w.now(), createBookingEvents([]));
    w.deps.clock.now = new Date(end.getTime() + HOLD_DAYS * DAY);
    expect(await w.runPayouts()).toMatchObject({ released: 1 });
  });

  it("a provider outage is retried later with back-off; a refusal marks the transfer failed", async () => {
    const { advisorId } = await w.advisor({ bank: true });
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    w.gateway.fail = (method) => (method === "createTransfer" ? "outage" : null);
    expect(await w.runPayouts()).toMatchObject({ accounts: 1, sent: 0, failed: 1 });
    expect(await w.transferOf(held.bookingId)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: expect.stringContaining("socket hang up"),
      nextAttemptAt: new Date(w.now().getTime() + 60_000),
    });
    // Not due before its back-off.
    expect(await w.runPayouts()).toMatchObject({ sent: 0, failed: 0 });
    w.advance(60_000);
    expect(await w.runPayouts()).toMatchObject({ failed: 1 });
    expect(await w.transferOf(held.bookingId)).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(w.now().getTime() + 2 * 60_000),
    });
    w.advance(2 * 60_000);
    w.gateway.fail = () => null;
    expect(await w.runPayouts()).toMatchObject({ sent: 1, failed: 0 });
    expect(await w.transferOf(held.bookingId)).toMatchObject({
      status: "on_hold",
      attempts: 0,
      lastError: null,
    });

    const refused = await w.paidSession(advisorId, at("2026-03-06T03:30:00Z"));
    w.gateway.fail = (method) => (method === "createTransfer" ? "refusal" : null);
    expect(await w.runPayouts()).toMatchObject({ failed: 1 });
    expect(await w.transferOf(refused.bookingId)).toMatchObject({
      status: "failed",
      providerTransferId: null,
      lastError: expect.stringContaining("(400): refused"),
    });
    // A failed transfer waits for an admin: later runs leave it alone.
    w.gateway.fail = () => null;
    w.advance(DAY);
    expect(await w.runPayouts()).toMatchObject({ sent: 0, failed: 0 });
    // The admin retries it.
    await database.db
      .update(payoutTransfers)
      .set({ status: "pending", releasedAt: null, nextAttemptAt: w.now() })
      .where(eq(payoutTransfers.bookingId, refused.bookingId));
    expect(await w.runPayouts()).toMatchObject({ sent: 1 });
    expect((await w.transferOf(refused.bookingId))!.status).toBe("on_hold");
  });

  it("a refused linked account asks the advisor to fix the bank details; an outage retries", async () => {
    const { advisorId } = await w.advisor();
    await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    await w.saveBank(advisorId);
    w.gateway.fail = () => "outage";
    expect(await w.runPayouts()).toMatchObject({ accounts: 0 });
    expect(await w.accountOf(advisorId)).toMatchObject({
      status: "pending",
      needsSync: true,
      attempts: 1,
      nextAttemptAt: new Date(w.now().getTime() + 60_000),
    });
    w.advance(60_000);
    w.gateway.fail = () => "refusal";
    await w.runPayouts();
    expect(await w.accountOf(advisorId)).toMatchObject({
      status: "needs_clarification",
      needsSync: false,
      lastError: expect.stringContaining("refused"),
    });
    // Fixed bank details are sent again.
    w.gateway.fail = () => null;
    await w.saveBank(advisorId, { bankIfscCode: "ICIC0000001" });
    expect(await w.runPayouts()).toMatchObject({ accounts: 1, sent: 1 });
    expect((await w.accountOf(advisorId))!.status).toBe("activated");
  });

  it("two runs at once never send a transfer twice", async () => {
    const { advisorId } = await w.advisor({ bank: true });
    const other = await w.advisor({ bank: true });
    const booked = [];
    for (const day of ["05", "06", "07"]) {
      booked.push(await w.paidSession(advisorId, at(`2026-03-${day}T03:30:00Z`)));
      booked.push(await w.paidSession(other.advisorId, at(`2026-03-${day}T04:30:00Z`)));
    }
    // A slow provider, so the runs overlap.
    const createTransfer = w.gateway.createTransfer.bind(w.gateway);
    w.gateway.createTransfer = async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return createTransfer(input);
    };
    const runs = await Promise.all([w.runPayouts(), w.runPayouts(), w.runPayouts()]);
    expect(runs.reduce((t, r) => t + r.sent, 0)).toBe(booked.length);
    expect(runs.reduce((t, r) => t + r.accounts, 0)).toBe(2);
    expect(w.gateway.transfers.size).toBe(booked.length);
    const transfers = await database.db.select().from(payoutTransfers);
    expect(transfers.every((t) => t.status === "on_hold")).toBe(true);
    expect(new Set(transfers.map((t) => t.providerTransferId)).size).toBe(booked.length);
  });
});

describe("Route's webhooks", () => {
  /** A session paid, sent, completed and released: its transfer. */
  async function released() {
    const { advisorId } = await w.advisor({ bank: true });
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    await w.runPayouts();
    w.deps.clock.now = at("2026-03-05T04:00:00Z");
    await completeFinishedSessions(database.db, w.now(), createBookingEvents([]));
    w.advance(HOLD_DAYS * DAY);
    await w.runPayouts();
    const transfer = (await w.transferOf(held.bookingId))!;
    expect(transfer.status).toBe("released");
    return { advisorId, held, transfer };
  }

  it("transfer.failed after release returns the payout once, however often it is told", async () => {
    const { advisorId, held, transfer } = await released();
    const failed = transferEvent("transfer.failed", transfer.providerTransferId!, {
      error: { description: "Beneficiary bank is offline" },
    });
    expect(await w.deliver(failed, "evt_f1")).toEqual({ status: 200, body: { ok: true } });
    expect(await w.deliver(failed, "evt_f1")).toMatchObject({ body: { duplicate: true } });
    await w.deliver(failed, "evt_f2");
    await w.deliver(failed, "evt_f3");
    expect(await w.transferOf(held.bookingId)).toMatchObject({
      status: "failed",
      lastError: "Beneficiary bank is offline",
    });
    const kinds = (await w.entriesOf(held.bookingId)).map((e) => [e.kind, e.amount]);
    expect(kinds).toEqual([
      ["session_credit", transfer.amount],
      ["payout", -transfer.amount],
      ["payout_returned", transfer.amount],
    ]);
    expect((await w.balances()).get(advisorId)).toMatchObject({
      available: transfer.amount,
      paid: 0,
    });

    // The admin retries: a new transfer, released at once (the session has matured).
    await database.db
      .update(payoutTransfers)
      .set({ status: "pending", releasedAt: null, nextAttemptAt: w.now() })
      .where(eq(payoutTransfers.id, transfer.id));
    expect(await w.runPayouts()).toMatchObject({ sent: 1 });
    expect(await w.runPayouts()).toMatchObject({ released: 1 });
    const again = (await w.transferOf(held.bookingId))!;
    expect(again.providerTransferId).not.toBe(transfer.providerTransferId);
    // The old transfer's failure told once more changes nothing.
    await w.deliver(failed, "evt_f4");
    expect((await w.transferOf(held.bookingId))!.status).toBe("released");
    expect((await w.entriesOf(held.bookingId)).map((e) => e.kind)).toEqual([
      "session_credit",
      "payout",
      "payout_returned",
      "payout",
    ]);
    expect((await w.balances()).get(advisorId)).toMatchObject({
      available: 0,
      paid: transfer.amount,
    });
  });

  it("transfer.processed and settlement.processed mark released transfers settled", async () => {
    const { advisorId, held, transfer } = await released();
    await w.deliver(transferEvent("transfer.processed", transfer.providerTransferId!));
    expect((await w.transferOf(held.bookingId))!.status).toBe("released");
    await w.deliver(
      transferEvent("transfer.processed", transfer.providerTransferId!, {
        recipient_settlement_id: "setl_1",
      }),
    );
    expect(await w.transferOf(held.bookingId)).toMatchObject({
      status: "settled",
      providerSettlementId: "setl_1",
      settledAt: w.now(),
    });

    // Another released share, settled through the account's settlement.
    const next = await w.paidSession(advisorId, at("2026-03-10T03:30:00Z"));
    await w.runPayouts();
    w.deps.clock.now = at("2026-03-10T04:00:00Z");
    await completeFinishedSessions(database.db, w.now(), createBookingEvents([]));
    w.advance(HOLD_DAYS * DAY);
    await w.runPayouts();
    const account = (await w.accountOf(advisorId))!;
    await w.deliver(settlementEvent(account.providerAccountId!, "setl_2"));
    await w.deliver(settlementEvent(account.providerAccountId!, "setl_2"));
    expect(await w.transferOf(next.bookingId)).toMatchObject({
      status: "settled",
      providerSettlementId: "setl_2",
    });
    expect((await w.transferOf(held.bookingId))!.providerSettlementId).toBe("setl_1");
    // A settled transfer can still fail at the bank: the payout comes back.
    await w.deliver(transferEvent("transfer.failed", transfer.providerTransferId!));
    expect((await w.entriesOf(held.bookingId)).map((e) => e.kind)).toContain("payout_returned");
  });
});

describe("the ledger itself", () => {
  it("refuses UPDATE, DELETE and TRUNCATE (42501), whoever asks", async () => {
    const { advisorId } = await w.advisor();
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    const refused = (query: Promise<unknown>) => query.then(() => null, sqlState);
    expect(
      await refused(
        database.db
          .update(ledgerEntries)
          .set({ amount: 1 })
          .where(eq(ledgerEntries.bookingId, held.bookingId)),
      ),
    ).toBe("42501");
    expect(
      await refused(
        database.db.delete(ledgerEntries).where(eq(ledgerEntries.bookingId, held.bookingId)),
      ),
    ).toBe("42501");
    expect(await refused(database.db.execute(sql`truncate ledger_entries cascade`))).toBe("42501");
    expect(await w.entriesOf(held.bookingId)).toHaveLength(1);
  });

  it("reconciliation names a paid session without a credit, and tells the admins once", async () => {
    planted = true;
    const { advisorId } = await w.advisor();
    await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    expect(await findDifferences(database.db)).toEqual([]);
    await createUser(database.db, { admin: "Y", email: "admin@example.com" });
    // Written around the services: paid and confirmed, never credited.
    const seekerId = await createSeeker(database.db);
    const planted1 = await insertBooking(database.db, {
      advisorId,
      userId: seekerId,
      datetime: at("2026-03-06T03:30:00Z"),
      paidPaise: 118_000,
    });
    const differences = await findDifferences(database.db);
    expect(differences).toEqual([
      { check: "credit", ref: planted1.id, detail: expect.stringContaining("has no credit") },
      {
        check: "month",
        ref: expect.stringMatching(/^\d{4}-\d{2}$/),
        detail: expect.stringContaining("unaccounted"),
      },
    ]);
    const mails = () =>
      database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "admin@example.com"));
    expect(await reconcile(database.db, { config: w.config, now: w.now })).toEqual(differences);
    expect(await reconcile(database.db, { config: w.config, now: w.now })).toEqual(differences);
    expect(await mails()).toHaveLength(1);
    expect(await database.db.select().from(reconciliationRuns)).toHaveLength(2);
  });

  it("reconciliation names a credit that differs from its fee's share", async () => {
    planted = true;
    const { advisorId } = await w.advisor();
    const held = await w.paidSession(advisorId, at("2026-03-05T03:30:00Z"));
    // The payment's fee changed after the credit (the ledger itself cannot be changed).
    await database.db
      .update(payments)
      .set({
        feeAmount: sql`${payments.feeAmount} + 100`,
        gstAmount: sql`${payments.gstAmount} - 100`,
      })
      .where(eq(payments.id, held.paymentId));
    // The credit no longer matches the fee, and the month is ₹1 short.
    expect(await findDifferences(database.db)).toEqual([
      { check: "credit", ref: held.bookingId, detail: expect.stringContaining("differs") },
      { check: "month", ref: expect.any(String), detail: expect.stringContaining("₹1 collected") },
    ]);
  });
});
