import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import { createTestDatabase } from "../db/database.test-support";
import { advisors, payoutAccounts, payoutTransfers, refunds } from "../db/schema";
import { statementCsv } from "../../core/statement-csv";
import { earnedTotal } from "../repositories/advisor-ledger.server";
import {
  loadEarnings,
  loadStatement,
  loadStatementPage,
  STATEMENT_PAGE_SIZE,
} from "./earnings.server";
import { creditSession, debitRefund, recordTransferEntry } from "./ledger.server";

/*
 * The Earnings page's read model over a ledger written by the ledger's own functions: one
 * advisor with a paid-out, a pending, a refunded and a failed session, and a bystander whose
 * session must never show.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let advisorId: string;
let bystanderId: string;
const ids: Record<"paidOut" | "pending" | "refunded" | "failed", string> = {
  paidOut: "",
  pending: "",
  refunded: "",
  failed: "",
};
const now = new Date("2026-11-28T06:00:00Z");
const HOLD = { now, holdDays: 3 };

/** A paid booking (₹1,180 with GST: a ₹1,000 fee) credited at 20 % commission. */
async function credited(
  advisor: string,
  seekerId: string,
  at: string,
  status: "confirmed" | "completed" | "cancelled",
) {
  const booking = await createBooking(db.db, {
    advisorId: advisor,
    userId: seekerId,
    datetime: new Date(at),
    status,
  });
  await db.db.transaction((tx) =>
    creditSession(tx, { bookingId: booking.id, commissionPercent: 20, now }),
  );
  return booking;
}

/** A credited booking refunded in full, with its debit. */
async function refundedBooking(advisor: string, seekerId: string, at: string) {
  const booking = await credited(advisor, seekerId, at, "cancelled");
  const [refund] = await db.db
    .insert(refunds)
    .values({ paymentId: booking.paymentId!, bookingId: booking.id, amount: 118_000 })
    .returning();
  await db.db.transaction((tx) =>
    debitRefund(tx, { bookingId: booking.id, refundId: refund!.id, now }),
  );
  return booking;
}

const setTransfer = (bookingId: string, values: Partial<typeof payoutTransfers.$inferInsert>) =>
  db.db
    .update(payoutTransfers)
    .set(values)
    .where(eq(payoutTransfers.bookingId, bookingId))
    .returning();

beforeAll(async () => {
  db = await createTestDatabase();
  advisorId = await createAdvisor(db.db);
  bystanderId = await createAdvisor(db.db);
  const seeker = await createSeeker(db.db, { firstName: "Aarav", lastName: "Mehta" });

  // 00:30 on 1 Nov in India: November's, though still October in UTC.
  const paidOut = await credited(advisorId, seeker, "2026-10-31T19:00:00Z", "completed");
  const [transfer] = await setTransfer(paidOut.id, {
    status: "released",
    providerTransferId: "trf_paid",
  });
  await db.db.transaction((tx) => recordTransferEntry(tx, transfer!, "payout", now));

  const pending = await credited(advisorId, seeker, "2026-11-30T05:00:00Z", "confirmed");

  const refunded = await refundedBooking(advisorId, seeker, "2026-11-10T05:00:00Z");

  const failed = await credited(advisorId, seeker, "2026-10-15T05:00:00Z", "completed");
  await setTransfer(failed.id, { status: "failed", lastError: "Beneficiary account is closed" });

  await credited(bystanderId, seeker, "2026-11-12T05:00:00Z", "completed");
  Object.assign(ids, {
    paidOut: paidOut.id,
    pending: pending.id,
    refunded: refunded.id,
    failed: failed.id,
  });
});

afterAll(() => db?.destroy());

describe("the advisor's earnings", () => {
  it("splits the ledger into pending, available and paid out", async () => {
    const earnings = await loadEarnings(db.db, advisorId, HOLD);
    // Pending: the session still ahead. Available: the failed one's share, matured but not
    // paid. Paid: the released one. The refund cancels its own credit.
    expect(earnings.balances).toEqual({ pending: 80_000, available: 80_000, paid: 80_000 });
    const { pending, available, paid } = earnings.balances;
    expect(await earnedTotal(db.db, advisorId)).toBe(pending + available + paid);
  });

  it("keeps a session's share pending until the holding period after it has passed", async () => {
    // The bystander's one session ended at 05:30 UTC on 12 Nov; three days' hold.
    const at = async (instant: string) =>
      (await loadEarnings(db.db, bystanderId, { now: new Date(instant), holdDays: 3 })).balances;
    expect(await at("2026-11-15T05:29:59Z")).toEqual({ pending: 80_000, available: 0, paid: 0 });
    expect(await at("2026-11-15T05:30:00Z")).toEqual({ pending: 0, available: 80_000, paid: 0 });
  });

  it("lists the months with sessions, newest first, in India's calendar", async () => {
    expect((await loadEarnings(db.db, advisorId, HOLD)).months).toEqual(["2026-11", "2026-10"]);
  });

  it("names failed transfers with the provider's reason", async () => {
    const { failedTransfers } = await loadEarnings(db.db, advisorId, HOLD);
    expect(failedTransfers).toEqual([
      {
        id: ids.failed,
        kind: "session",
        sessionAt: new Date("2026-10-15T05:00:00Z"),
        amount: 80_000,
        lastError: "Beneficiary account is closed",
      },
    ]);
  });

  it("tells whether bank details and a payout account exist, and what is wrong with it", async () => {
    expect((await loadEarnings(db.db, advisorId, HOLD)).account).toEqual({
      status: "none",
      lastError: null,
      hasBankDetails: false,
    });
    await db.db
      .update(advisors)
      .set({ bankAccountNumber: "ciphertext" })
      .where(eq(advisors.id, advisorId));
    await db.db.insert(payoutAccounts).values({
      advisorId,
      status: "needs_clarification",
      lastError: "Name does not match the account",
    });
    expect((await loadEarnings(db.db, advisorId, HOLD)).account).toEqual({
      status: "needs_clarification",
      lastError: "Name does not match the account",
      hasBankDetails: true,
    });
  });

  it("shows a bystander nothing of another advisor's money", async () => {
    const theirs = await loadEarnings(db.db, bystanderId, HOLD);
    expect(theirs.balances).toEqual({ pending: 0, available: 80_000, paid: 0 });
    expect((await loadStatement(db.db, bystanderId, "2026-11")).map((r) => r.id)).not.toContain(
      ids.pending,
    );
  });
});

describe("the monthly statement", () => {
  it("has one row per session of the month, with its split, refund and transfer", async () => {
    const rows = await loadStatement(db.db, advisorId, "2026-11");
    expect(rows.map((r) => r.id)).toEqual([ids.paidOut, ids.refunded, ids.pending]);
    const [paidOut, refunded, pending] = rows;
    expect(paidOut).toMatchObject({
      seekerFirstName: "Aarav",
      sessionType: "First Call",
      fee: 100_000,
      commission: 20_000,
      commissionPercent: 20,
      refund: 0,
      net: 80_000,
      transfer: { status: "released", lastError: null },
    });
    expect(refunded).toMatchObject({ refund: 80_000, net: 0, transfer: { status: "cancelled" } });
    expect(pending).toMatchObject({ net: 80_000, transfer: { status: "awaiting_account" } });
  });

  it("puts a session in the month of its day in India, and is empty for a month without any", async () => {
    const october = await loadStatement(db.db, advisorId, "2026-10");
    expect(october.map((r) => r.id)).toEqual([ids.failed]);
    expect(october[0]!.transfer).toEqual({
      status: "failed",
      lastError: "Beneficiary account is closed",
    });
    expect(await loadStatement(db.db, advisorId, "2026-09")).toEqual([]);
  });
});

describe("a busy month's statement, a page at a time", () => {
  let busyId: string;
  /** The month's bookings as the statement must order them: by time, then by id. */
  let ordered: string[];
  const sessions = STATEMENT_PAGE_SIZE + 3;

  beforeAll(async () => {
    busyId = await createAdvisor(db.db);
    const seeker = await createSeeker(db.db, { firstName: "Diya" });
    // Made newest first, so the order they were written in is not the statement's.
    const made: { id: string; at: number }[] = [];
    for (let i = sessions - 1; i >= 0; i--) {
      const at = Date.parse("2026-08-03T04:30:00Z") + i * 60 * 60_000;
      const b = await credited(busyId, seeker, new Date(at).toISOString(), "completed");
      made.push({ id: b.id, at });
    }
    // A cancelled session (outside the overlap rule) at the first one's time, refunded.
    const refunded = await refundedBooking(busyId, seeker, "2026-08-03T04:30:00Z");
    made.push({ id: refunded.id, at: Date.parse("2026-08-03T04:30:00Z") });
    // Another month's session must not count.
    await credited(busyId, seeker, "2026-09-01T04:30:00Z", "completed");
    ordered = made.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)).map((m) => m.id);
  });

  it("holds exactly a page of rows in date order, and the next page the rest", async () => {
    const first = await loadStatementPage(db.db, busyId, "2026-08", 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, count: sessions + 1 });
    expect(first.rows.map((r) => r.id)).toEqual(ordered.slice(0, STATEMENT_PAGE_SIZE));
    const second = await loadStatementPage(db.db, busyId, "2026-08", 2);
    expect(second).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.rows.map((r) => r.id)).toEqual(ordered.slice(STATEMENT_PAGE_SIZE));
  });

  it("totals the whole month on every page, refund included", async () => {
    // Each session: a ₹1,000 fee, ₹200 commission, ₹800 to the advisor; the refund takes one back.
    const month = {
      fee: (sessions + 1) * 100_000,
      commission: (sessions + 1) * 20_000,
      refund: 80_000,
      net: sessions * 80_000,
    };
    for (const page of [1, 2]) {
      expect((await loadStatementPage(db.db, busyId, "2026-08", page)).totals).toEqual(month);
    }
  });

  it("answers the first page before it and the last page past the end", async () => {
    const before = await loadStatementPage(db.db, busyId, "2026-08", 0);
    expect(before.page).toBe(1);
    expect(before.rows[0]!.id).toBe(ordered[0]);
    const past = await loadStatementPage(db.db, busyId, "2026-08", 99);
    expect(past.page).toBe(2);
    expect(past.rows.map((r) => r.id)).toEqual(ordered.slice(STATEMENT_PAGE_SIZE));
    expect(await loadStatementPage(db.db, busyId, "2026-07", 3)).toEqual({
      rows: [],
      totals: { fee: 0, commission: 0, refund: 0, net: 0 },
      count: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("still puts every row of the month in the CSV", async () => {
    const rows = await loadStatement(db.db, busyId, "2026-08");
    expect(rows.map((r) => r.id)).toEqual(ordered);
    const lines = statementCsv(rows, 3, now).trimEnd().split("\r\n");
    // The header, a line per session, the totals.
    expect(lines).toHaveLength(ordered.length + 2);
    expect(lines.at(-1)).toMatch(/^Total,/);
  });
});
