import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthKey, splitFee } from "../../core/ledger";
import { PAYOUT_MESSAGES as M } from "../../core/messages/payouts";
import { auditLog, payoutAccounts, payoutTransfers, reconciliationRuns } from "../db/schema";
import { createTestDatabase } from "../db/test-database";
import { createAdvisor, createSeeker, createUser } from "../db/test-factories";
import { loadPayoutsOverview, retryTransfer, runReconciliation } from "./admin-payouts.server";
import { createCreditedSession } from "./test-payouts";

/*
 * The admin's Payouts screen against a real database: balances from the ledger, the
 * transfers on hold and failed, months that add up; retrying a failed transfer (and only a
 * failed one) and running the reconciliation, each with its audit entry.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const NOW = new Date();
const DAY = 86_400_000;
const HOLD_DAYS = 7;
let adminId: string;
let seekerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  adminId = await createUser(database.db, { admin: "Y" });
  seekerId = await createSeeker(database.db);
});
afterAll(async () => {
  await database.destroy();
});

const fee = 100_000; // paid 118,000 with GST
const share = splitFee(fee, 20).share;
const transferOf = async (id: string) =>
  (await database.db.select().from(payoutTransfers).where(eq(payoutTransfers.id, id)))[0]!;
const auditOf = (targetId: string) =>
  database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

describe("the payouts overview", () => {
  it("adds up balances, lists held and failed transfers, and months that reconcile", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db, {}, { firstName: "Meera", lastName: "Iyer" });
    // Matured: completed long enough ago. Pending: completed yesterday, and one upcoming.
    await createCreditedSession(db, {
      advisorId,
      seekerId,
      datetime: new Date(NOW.getTime() - 20 * DAY),
      transfer: { status: "on_hold" },
    });
    const recent = await createCreditedSession(db, {
      advisorId,
      seekerId,
      datetime: new Date(NOW.getTime() - DAY),
      transfer: { status: "on_hold" },
    });
    await createCreditedSession(db, {
      advisorId,
      seekerId,
      datetime: new Date(NOW.getTime() + 3 * DAY),
      bookingStatus: "confirmed",
      transfer: { status: "failed", lastError: "Bank account closed" },
    });

    const overview = await loadPayoutsOverview(db, {
      holdDays: HOLD_DAYS,
      now: NOW,
      page: 1,
      q: "Meera",
    });
    expect(overview.advisors.total).toBe(1);
    expect(overview.advisors.rows).toEqual([
      expect.objectContaining({
        advisorId,
        name: "Meera Iyer",
        pending: 2 * share,
        available: share,
        paid: 0,
        accountStatus: null,
      }),
    ]);
    expect(overview.summary).toMatchObject({ owed: 3 * share, paid: 0, failedCount: 1 });
    expect(overview.summary.onHoldCount).toBe(2);
    expect(overview.heldTransfers.map((t) => t.releaseAt?.getTime())).toContain(
      new Date(NOW.getTime() - DAY + 30 * 60_000 + HOLD_DAYS * DAY).getTime(),
    );
    expect(overview.heldTransfers.find((t) => t.id === recent.transfer.id)?.advisorName).toBe(
      "Meera Iyer",
    );
    expect(overview.failedTransfers).toEqual([
      expect.objectContaining({ advisorName: "Meera Iyer", lastError: "Bank account closed" }),
    ]);
    const [month] = overview.months;
    expect(month).toEqual({
      month: monthKey(new Date()),
      collected: 3 * 118_000,
      advisorShares: 3 * share,
      commission: 3 * (fee - share),
      gst: 3 * 18_000,
      refunds: 0,
      difference: 0,
    });

    const none = await loadPayoutsOverview(db, {
      holdDays: HOLD_DAYS,
      now: NOW,
      page: 1,
      q: "nobody-by-this-name",
    });
    expect(none.advisors).toMatchObject({ rows: [], total: 0, pageCount: 1 });
  });
});

describe("retrying a failed transfer", () => {
  it("sends it again, or waits for the account, and audits it in the same change", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db);
    const { transfer } = await createCreditedSession(db, {
      advisorId,
      seekerId,
      datetime: new Date(NOW.getTime() - 10 * DAY),
      transfer: { status: "failed", lastError: "IFSC not valid", attempts: 3 },
    });
    await db
      .update(payoutTransfers)
      .set({ releasedAt: NOW })
      .where(eq(payoutTransfers.id, transfer.id));

    // No activated account: it waits for one.
    const waiting = await retryTransfer(db, {
      transferId: transfer.id,
      actorUserId: adminId,
      requestId: "req-1",
      now: NOW,
    });
    expect(waiting).toMatchObject({ ok: true, status: "awaiting_account" });
    expect(await transferOf(transfer.id)).toMatchObject({
      status: "awaiting_account",
      lastError: null,
      attempts: 0,
      nextAttemptAt: NOW,
      releasedAt: null,
    });
    const [entry] = await auditOf(transfer.id);
    expect(entry).toMatchObject({
      actorUserId: adminId,
      action: "payout.retry",
      targetType: "transfer",
      requestId: "req-1",
    });
    expect(entry!.details).toMatchObject({
      before: { status: "failed", lastError: "IFSC not valid", attempts: 3 },
      after: { status: "awaiting_account", lastError: null, attempts: 0 },
    });

    // With an activated account it goes straight back to pending.
    await db.insert(payoutAccounts).values({ advisorId, status: "activated", needsSync: false });
    await db
      .update(payoutTransfers)
      .set({ status: "failed", lastError: "Timeout at the bank" })
      .where(eq(payoutTransfers.id, transfer.id));
    const sent = await retryTransfer(db, {
      transferId: transfer.id,
      actorUserId: adminId,
      now: NOW,
    });
    expect(sent).toMatchObject({ ok: true, status: "pending" });
    expect((await transferOf(transfer.id)).status).toBe("pending");
    expect(await auditOf(transfer.id)).toHaveLength(2);
  });

  it("refuses anything but a failed transfer and changes nothing", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db);
    const statuses = ["on_hold", "released", "pending", "settled", "cancelled"] as const;
    for (const [i, status] of statuses.entries()) {
      const { transfer } = await createCreditedSession(db, {
        advisorId,
        seekerId,
        datetime: new Date(NOW.getTime() - (30 + i) * DAY),
        transfer: { status, lastError: "kept", attempts: 2 },
      });
      const before = await transferOf(transfer.id);
      const refused = await retryTransfer(db, {
        transferId: transfer.id,
        actorUserId: adminId,
        now: new Date(NOW.getTime() + DAY),
      });
      expect(refused, status).toEqual({ ok: false, status: 409, message: M.notFailed });
      expect(await transferOf(transfer.id)).toEqual(before);
      expect(await auditOf(transfer.id)).toEqual([]);
    }
    const unknown = await retryTransfer(db, {
      transferId: "00000000-0000-4000-8000-000000000000",
      actorUserId: adminId,
      now: NOW,
    });
    expect(unknown).toEqual({ ok: false, status: 404, message: M.transferNotFound });
  });
});

describe("running the reconciliation", () => {
  it("stores the run and its audit entry together", async () => {
    const db = database.db;
    const differences = await runReconciliation(db, {
      actorUserId: adminId,
      requestId: "req-2",
      config: { appUrl: "http://localhost" },
      now: () => NOW,
    });
    const [run] = await db.select().from(reconciliationRuns);
    expect(run!.differences).toEqual(differences);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "ledger.reconcile"), eq(auditLog.targetId, run!.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ after: { differences: differences.length } });

    const overview = await loadPayoutsOverview(db, {
      holdDays: HOLD_DAYS,
      now: NOW,
      page: 1,
      q: "",
    });
    expect(overview.lastRun).toEqual({ ranAt: NOW, differences });
  });
});
