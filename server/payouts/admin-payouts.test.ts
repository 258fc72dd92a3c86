import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthKey, splitFee } from "../../core/ledger";
import { PAYOUT_MESSAGES as M } from "../../core/messages/payouts";
import {
  advisorBalances,
  auditLog,
  payoutAccounts,
  payoutTransfers,
  reconciliationRuns,
} from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createSeeker, createUser } from "../db/factories.test-support";
import {
  loadPayoutsOverview,
  PAGE_SIZE,
  retryTransfer,
  runReconciliation,
} from "./admin-payouts.server";
import type { PayoutList } from "../../core/admin/payouts";
import { createCreditedSession } from "./credited-session.test-support";

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
    expect(overview.heldTransfers.rows.map((t) => t.releaseAt?.getTime())).toContain(
      new Date(NOW.getTime() - DAY + 30 * 60_000 + HOLD_DAYS * DAY).getTime(),
    );
    expect(overview.heldTransfers.rows.find((t) => t.id === recent.transfer.id)?.advisorName).toBe(
      "Meera Iyer",
    );
    expect(overview.failedTransfers.rows).toEqual([
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
      prepaid: 0,
      difference: 0,
    });

    const none = await loadPayoutsOverview(db, {
      holdDays: HOLD_DAYS,
      now: NOW,
      q: "nobody-by-this-name",
    });
    expect(none.advisors).toMatchObject({ rows: [], total: 0, pageCount: 1 });
  });
});

describe("the payouts lists, a page at a time", () => {
  const input = { holdDays: HOLD_DAYS, now: NOW, q: "" };
  const listOf = (overview: Awaited<ReturnType<typeof loadPayoutsOverview>>, list: PayoutList) =>
    ({
      failed: overview.failedTransfers,
      held: overview.heldTransfers,
      advisors: overview.advisors,
    })[list];
  const idsOf = (list: PayoutList, rows: { id?: string; advisorId?: string }[]) =>
    rows.map((r) => (list === "advisors" ? r.advisorId : r.id));
  /** Every page of a list, by its Next links, then back by its Previous links. */
  async function walk(list: PayoutList, q = "") {
    const forward: { page: number; ids: unknown[] }[] = [];
    let key: string | null = null;
    let last;
    do {
      last = listOf(
        await loadPayoutsOverview(database.db, { ...input, q, at: { [list]: key } }),
        list,
      );
      forward.push({ page: last.page, ids: idsOf(list, last.rows) });
      key = last.keys.next;
    } while (key && forward.length < 20);
    const backward = [forward.at(-1)!];
    key = last.keys.previous;
    while (key && backward.length < 20) {
      const page = listOf(
        await loadPayoutsOverview(database.db, { ...input, q, at: { [list]: key } }),
        list,
      );
      backward.unshift({ page: page.page, ids: idsOf(list, page.rows) });
      key = page.keys.previous;
    }
    return { forward, backward, pageCount: last.pageCount, total: last.total };
  }

  it("walks each list by keys, both ways, in its order, and stays put as rows are added", async () => {
    const db = database.db;
    const seekerId = await createSeeker(db);
    for (let i = 0; i < PAGE_SIZE + 2; i++) {
      const advisorId = await createAdvisor(db, {}, { firstName: "Pager", lastName: `Number${i}` });
      const at = (days: number) => new Date(NOW.getTime() + days * DAY + i * 3_600_000);
      await createCreditedSession(db, {
        advisorId,
        seekerId,
        datetime: at(-40),
        transfer: { status: "failed", lastError: "Account closed" },
      });
      await createCreditedSession(db, {
        advisorId,
        seekerId,
        datetime: at(-2),
        transfer: { status: "on_hold" },
      });
    }
    const expected: Record<PayoutList, unknown[]> = {
      failed: (
        await db
          .select({ id: payoutTransfers.id })
          .from(payoutTransfers)
          .where(eq(payoutTransfers.status, "failed"))
          .orderBy(desc(payoutTransfers.updatedAt), desc(payoutTransfers.id))
      ).map((r) => r.id),
      held: (
        await db
          .select({ id: payoutTransfers.id })
          .from(payoutTransfers)
          .where(eq(payoutTransfers.status, "on_hold"))
          .orderBy(asc(payoutTransfers.nextAttemptAt), asc(payoutTransfers.id))
      ).map((r) => r.id),
      advisors: (
        await db
          .select({ id: advisorBalances.advisorId })
          .from(advisorBalances)
          .orderBy(desc(advisorBalances.held), desc(advisorBalances.advisorId))
      ).map((r) => r.id),
    };
    for (const list of ["failed", "held", "advisors"] as const) {
      const { forward, backward, pageCount, total } = await walk(list);
      expect(total, list).toBe(expected[list].length);
      expect(
        forward.flatMap((p) => p.ids),
        list,
      ).toEqual(expected[list]);
      expect(
        forward.map((p) => p.page),
        list,
      ).toEqual(forward.map((_, i) => i + 1));
      expect(pageCount, list).toBe(Math.ceil(total / PAGE_SIZE));
      expect(backward, list).toEqual(forward);
    }

    // A transfer put on hold ahead of the first page's rows moves nothing the Next link shows.
    const first = (await loadPayoutsOverview(db, input)).heldTransfers;
    const second = (await loadPayoutsOverview(db, { ...input, at: { held: first.keys.next } }))
      .heldTransfers;
    const advisorId = await createAdvisor(db);
    const { transfer } = await createCreditedSession(db, {
      advisorId,
      seekerId,
      datetime: new Date(NOW.getTime() - 60 * DAY),
      transfer: { status: "on_hold" },
    });
    await db
      .update(payoutTransfers)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(payoutTransfers.id, transfer.id));
    const again = (await loadPayoutsOverview(db, { ...input, at: { held: first.keys.next } }))
      .heldTransfers;
    expect(again.rows).toEqual(second.rows);
    expect((await loadPayoutsOverview(db, input)).heldTransfers.rows[0]!.id).toBe(transfer.id);
  });

  it("searches names and e-mails, and reads a key it did not write as the start", async () => {
    const { forward, total } = await walk("advisors", "Number1");
    const names = forward.flatMap((p) => p.ids);
    // Number1, Number10 … Number19: eleven advisors, on one page.
    expect(total).toBe(11);
    expect(names).toHaveLength(11);
    const found = await loadPayoutsOverview(database.db, { ...input, q: "number2" });
    expect(found.advisors.rows.map((r) => r.name).sort()).toEqual([
      "Pager Number2",
      "Pager Number20",
      "Pager Number21",
      "Pager Number22",
      "Pager Number23",
      "Pager Number24",
      "Pager Number25",
      "Pager Number26",
    ]);
    const start = await loadPayoutsOverview(database.db, input);
    const wrong = [
      "not a key",
      Buffer.from('[2,"after","2026-02-30T00:00:00.000000Z","x"]').toString("base64url"),
      "W10",
    ];
    for (const key of wrong) {
      const page = await loadPayoutsOverview(database.db, {
        ...input,
        at: { failed: key, held: key, advisors: key },
      });
      expect(page.failedTransfers.rows).toEqual(start.failedTransfers.rows);
      expect(page.heldTransfers.rows).toEqual(start.heldTransfers.rows);
      expect(page.advisors.rows).toEqual(start.advisors.rows);
    }
    // A search by e-mail reads the same index (the e-mail's own line).
    const email = start.advisors.rows[0]!.email;
    const byMail = await loadPayoutsOverview(database.db, { ...input, q: email.slice(0, 12) });
    expect(byMail.advisors.rows.map((r) => r.email)).toContain(email);
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
      q: "",
    });
    expect(overview.lastRun).toEqual({ ranAt: NOW, differences });
  });
});
