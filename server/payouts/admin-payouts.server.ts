import { and, asc, countDistinct, desc, eq, ilike, or, sql } from "drizzle-orm";
import {
  monthTotals,
  releaseAt,
  unaccounted,
  type Balances,
  type MonthTotals,
  type PayoutAccountStatus,
} from "../../core/ledger";
import { formatInr } from "../../core/format";
import { PAYOUT_MESSAGES as M } from "../../core/messages/payouts";
import { auditLabel, writeAudit } from "../admin/audit.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { escapeLike } from "../db/like";
import {
  advisors,
  bookings,
  ledgerEntries,
  payoutAccounts,
  payoutTransfers,
  reconciliationRuns,
  users,
} from "../db/schema";
import { balancesByAdvisor } from "./balances.server";
import { paymentFacts, paymentMoney, reconcile, type Difference } from "./reconcile.server";

/*
 * The admin's Payouts screen (ADR 74): what advisors are owed and have been paid, the
 * transfers on hold and those that failed, each month's money and whether it adds up, and the
 * last reconciliation; and its two actions, retrying a failed transfer and running the
 * reconciliation, each audited in the transaction of its change.
 */

/** Advisors per page of the balances table: there may be thousands. */
export const ADVISORS_PAGE_SIZE = 25;
/** The on-hold and failed lists show this many; the tiles count them all. */
export const TRANSFER_LIST_LIMIT = 50;

export type AdvisorBalance = Balances & {
  advisorId: string;
  name: string;
  email: string;
  /** The payout account's status, or null without bank details. */
  accountStatus: PayoutAccountStatus | null;
};

export type HeldTransfer = {
  id: string;
  advisorName: string;
  sessionAt: Date;
  amount: number;
  /** When the share may leave the hold; null while the session is not over. */
  releaseAt: Date | null;
};

export type FailedTransfer = {
  id: string;
  advisorName: string;
  advisorEmail: string;
  sessionAt: Date;
  amount: number;
  lastError: string | null;
  failedAt: Date;
  accountStatus: PayoutAccountStatus | null;
};

export type PayoutsOverview = {
  summary: { owed: number; onHold: number; onHoldCount: number; failedCount: number; paid: number };
  months: (MonthTotals & { difference: number })[];
  failedTransfers: FailedTransfer[];
  heldTransfers: HeldTransfer[];
  advisors: { rows: AdvisorBalance[]; total: number; page: number; pageCount: number };
  lastRun: { ranAt: Date; differences: Difference[] } | null;
  holdDays: number;
};

const name = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
const money = (value: ReturnType<typeof sql>) => sql`coalesce(${value}, 0)::float8`.mapWith(Number);

export async function loadPayoutsOverview(
  db: Db,
  input: { holdDays: number; now: Date; page: number; q: string },
): Promise<PayoutsOverview> {
  const [totals, transfers, months, failed, held, advisorPage, lastRun] = await Promise.all([
    // Pending + available is every entry; paid is what payouts took, less what came back.
    db
      .select({
        owed: money(sql`sum(${ledgerEntries.amount})`),
        paid: money(
          sql`-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('payout', 'payout_returned'))`,
        ),
      })
      .from(ledgerEntries),
    db
      .select({
        onHold: money(
          sql`sum(${payoutTransfers.amount}) filter (where ${payoutTransfers.status} = 'on_hold')`,
        ),
        onHoldCount: sql`count(*) filter (where ${payoutTransfers.status} = 'on_hold')`.mapWith(
          Number,
        ),
        failedCount: sql`count(*) filter (where ${payoutTransfers.status} = 'failed')`.mapWith(
          Number,
        ),
      })
      .from(payoutTransfers),
    monthsOf(db),
    failedTransfers(db),
    heldTransfers(db, input.holdDays),
    advisorBalances(db, input),
    db
      .select({ ranAt: reconciliationRuns.ranAt, differences: reconciliationRuns.differences })
      .from(reconciliationRuns)
      .orderBy(desc(reconciliationRuns.ranAt))
      .limit(1),
  ]);
  return {
    summary: { ...totals[0]!, ...transfers[0]! },
    months,
    failedTransfers: failed,
    heldTransfers: held,
    advisors: advisorPage,
    lastRun: lastRun[0] ?? null,
    holdDays: input.holdDays,
  };
}

/** Each month's payments, as the reconciliation counts them, with what is unaccounted for. */
async function monthsOf(db: Db) {
  const totals = monthTotals((await paymentFacts(db)).map(paymentMoney));
  return totals.map((t) => ({ ...t, difference: unaccounted(t) }));
}

async function failedTransfers(db: Db): Promise<FailedTransfer[]> {
  return db
    .select({
      id: payoutTransfers.id,
      advisorName: name,
      advisorEmail: users.email,
      sessionAt: bookings.datetime,
      amount: payoutTransfers.amount,
      lastError: payoutTransfers.lastError,
      failedAt: payoutTransfers.updatedAt,
      accountStatus: payoutAccounts.status,
    })
    .from(payoutTransfers)
    .innerJoin(bookings, eq(bookings.id, payoutTransfers.bookingId))
    .innerJoin(advisors, eq(advisors.id, payoutTransfers.advisorId))
    .innerJoin(users, eq(users.id, advisors.userId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, payoutTransfers.advisorId))
    .where(eq(payoutTransfers.status, "failed"))
    .orderBy(desc(payoutTransfers.updatedAt), asc(payoutTransfers.id))
    .limit(TRANSFER_LIST_LIMIT);
}

async function heldTransfers(db: Db, holdDays: number): Promise<HeldTransfer[]> {
  const rows = await db
    .select({
      id: payoutTransfers.id,
      advisorName: name,
      sessionAt: bookings.datetime,
      endsAt: bookings.endsAt,
      bookingStatus: bookings.status,
      amount: payoutTransfers.amount,
    })
    .from(payoutTransfers)
    .innerJoin(bookings, eq(bookings.id, payoutTransfers.bookingId))
    .innerJoin(advisors, eq(advisors.id, payoutTransfers.advisorId))
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(payoutTransfers.status, "on_hold"))
    .orderBy(asc(bookings.endsAt), asc(payoutTransfers.id))
    .limit(TRANSFER_LIST_LIMIT);
  return rows.map(({ endsAt, bookingStatus, ...row }) => ({
    ...row,
    // The hold ends a set time after the session is over; before that there is no date yet.
    releaseAt:
      bookingStatus === "completed" || bookingStatus === "cancelled"
        ? releaseAt(endsAt, holdDays)
        : null,
  }));
}

/** One page of advisors with any ledger entry, most owed first, with their balances. */
async function advisorBalances(
  db: Db,
  input: { holdDays: number; now: Date; page: number; q: string },
) {
  const q = input.q.trim();
  const where = q
    ? or(ilike(name, `%${escapeLike(q)}%`), ilike(users.email, `%${escapeLike(q)}%`))
    : undefined;
  const held = sql`sum(${ledgerEntries.amount})`;
  const [[total], rows] = await Promise.all([
    db
      .select({ n: countDistinct(ledgerEntries.advisorId) })
      .from(ledgerEntries)
      .innerJoin(advisors, eq(advisors.id, ledgerEntries.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(where),
    db
      .select({
        advisorId: ledgerEntries.advisorId,
        name: sql<string>`min(${name})`,
        email: sql<string>`min(${users.email})`,
        accountStatus: sql<PayoutAccountStatus | null>`min(${payoutAccounts.status})`,
      })
      .from(ledgerEntries)
      .innerJoin(advisors, eq(advisors.id, ledgerEntries.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, ledgerEntries.advisorId))
      .where(where)
      .groupBy(ledgerEntries.advisorId)
      .orderBy(desc(held), sql`min(${name})`, ledgerEntries.advisorId)
      .limit(ADVISORS_PAGE_SIZE)
      .offset((input.page - 1) * ADVISORS_PAGE_SIZE),
  ]);
  const n = total?.n ?? 0;
  const ids = rows.map((r) => r.advisorId);
  const balances = await balancesByAdvisor(db, ids, input);
  return {
    rows: rows.map((row) => ({ ...row, ...balances.get(row.advisorId)! })),
    total: n,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(n / ADVISORS_PAGE_SIZE)),
  };
}

type Refusal = { ok: false; status: 404 | 409; message: string };

/**
 * An admin sends a failed transfer again: back to pending (or to awaiting its account when
 * the advisor's payout account is not activated), its error and attempts cleared, due now.
 * A transfer that had been released already had its payout returned in the ledger, so it is
 * no longer released. Anything but a failed transfer is refused and left as it was.
 */
export async function retryTransfer(
  db: Db,
  input: { transferId: string; actorUserId: string; requestId?: string | null; now: Date },
): Promise<
  | { ok: true; advisorName: string; status: "pending" | "awaiting_account"; message: string }
  | Refusal
> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        transfer: payoutTransfers,
        accountStatus: payoutAccounts.status,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(payoutTransfers)
      .innerJoin(advisors, eq(advisors.id, payoutTransfers.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, payoutTransfers.advisorId))
      .where(eq(payoutTransfers.id, input.transferId))
      .for("update", { of: payoutTransfers });
    if (!row) return { ok: false, status: 404, message: M.transferNotFound };
    const { transfer } = row;
    if (transfer.status !== "failed") return { ok: false, status: 409, message: M.notFailed };
    const status = row.accountStatus === "activated" ? "pending" : "awaiting_account";
    await tx
      .update(payoutTransfers)
      .set({ status, lastError: null, attempts: 0, nextAttemptAt: input.now, releasedAt: null })
      .where(and(eq(payoutTransfers.id, transfer.id), eq(payoutTransfers.status, "failed")));
    const advisorName = `${row.firstName} ${row.lastName}`;
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: "payout.retry",
      targetType: "transfer",
      targetId: transfer.id,
      targetLabel: `${formatInr(transfer.amount / 100)} to ${auditLabel(row)}`,
      before: {
        status: transfer.status,
        lastError: transfer.lastError,
        attempts: transfer.attempts,
        released: transfer.releasedAt !== null,
      },
      after: { status, lastError: null, attempts: 0, released: false },
      requestId: input.requestId ?? null,
    });
    return {
      ok: true,
      advisorName,
      status,
      message:
        status === "pending" ? M.retried(advisorName) : M.retriedAwaitingAccount(advisorName),
    };
  });
}

/** An admin runs the reconciliation now: the run and its audit entry are stored together. */
export async function runReconciliation(
  db: Db,
  input: {
    actorUserId: string;
    requestId?: string | null;
    config: Pick<Config, "appUrl">;
    now: () => Date;
  },
): Promise<Difference[]> {
  return reconcile(db, {
    config: input.config,
    now: input.now,
    record: (tx, run) =>
      writeAudit(tx, {
        actorUserId: input.actorUserId,
        action: "ledger.reconcile",
        targetType: "ledger",
        targetId: run.id,
        targetLabel: "Ledger reconciliation",
        after: { differences: run.differences.length },
        requestId: input.requestId ?? null,
      }),
  });
}
