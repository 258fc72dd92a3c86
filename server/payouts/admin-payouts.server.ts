import { and, count, desc, eq, ilike, type SQL, sql, sum } from "drizzle-orm";
import { releaseAt, unaccounted, type MonthTotals } from "../../core/ledger";
import { formatInr } from "../../core/format";
import { PAYOUT_MESSAGES as M } from "../../core/messages/payouts";
import { auditLabel, writeAudit } from "../audit/audit.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import {
  decodeLink,
  encodeLink,
  isKey,
  newestFirst,
  type ListOrder,
  type Position,
  seek,
  START,
  type Window,
} from "../db/keyset";
import { escapeLike } from "../db/like";
import {
  advisorBalances,
  advisors,
  bookings,
  moneyMonths,
  paidQuestions,
  payoutAccounts,
  payoutTransfers,
  reconciliationRuns,
  users,
} from "../db/schema";
import { balancesByAdvisor } from "./balances.server";
import { reconcile, type Difference } from "./reconcile.server";
import type {
  AdvisorBalanceRow,
  FailedTransferRow,
  HeldTransferRow,
  PayoutList,
  PayoutListPage,
} from "../../core/admin/payouts";

/*
 * The admin's Payouts screen (ADR 74): what advisors are owed and have been paid, the
 * transfers on hold and those that failed, each month's money and whether it adds up, and the
 * last reconciliation; and its two actions, retrying a failed transfer and running the
 * reconciliation, each audited in the transaction of its change.
 *
 * At a year's data (ADR 80) every part costs what it shows: the totals are the sums the
 * database keeps (advisor_balances, money_months), and each list is a page found by its keys
 * through an index (seek pagination), however deep, and stays put when rows are added.
 */

/** Rows per page of each list: there may be thousands. */
export const PAGE_SIZE = 25;

type AdvisorBalance = AdvisorBalanceRow;
type HeldTransfer = HeldTransferRow;
type FailedTransfer = FailedTransferRow;
type ListPage<Row> = PayoutListPage<Row>;

export type PayoutsOverview = {
  summary: { owed: number; onHold: number; onHoldCount: number; failedCount: number; paid: number };
  months: (MonthTotals & { difference: number })[];
  failedTransfers: ListPage<FailedTransfer>;
  heldTransfers: ListPage<HeldTransfer>;
  advisors: ListPage<AdvisorBalance>;
  lastRun: { ranAt: Date; differences: Difference[] } | null;
  holdDays: number;
};

export type PayoutsInput = {
  holdDays: number;
  now: Date;
  q: string;
  /** Each list's position: the key its Previous or Next link carries (absent: the start). */
  at?: Partial<Record<PayoutList, string | null>>;
};

const name = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
/**
 * What the search box looks in: the name, then the e-mail on its own line; the admin users
 * search's expression, so its trigram index (users_search_trgm_idx) finds the matches.
 */
const searchable = sql`${users.firstName} || ' ' || ${users.lastName} || E'\\n' || ${users.email}`;
const money = (value: SQL) => sql`coalesce(${value}, 0)::float8`.mapWith(Number);

export async function loadPayoutsOverview(db: Db, input: PayoutsInput): Promise<PayoutsOverview> {
  const [balances, held, failed, months, lastRun] = await Promise.all([
    db
      .select({ owed: money(sum(advisorBalances.held)), paid: money(sum(advisorBalances.paid)) })
      .from(advisorBalances),
    // Each count reads its status's partial index only.
    db
      .select({ onHold: money(sum(payoutTransfers.amount)), onHoldCount: count() })
      .from(payoutTransfers)
      .where(eq(payoutTransfers.status, "on_hold")),
    db
      .select({ failedCount: count() })
      .from(payoutTransfers)
      .where(eq(payoutTransfers.status, "failed")),
    monthsOf(db),
    db
      .select({ ranAt: reconciliationRuns.ranAt, differences: reconciliationRuns.differences })
      .from(reconciliationRuns)
      .orderBy(desc(reconciliationRuns.ranAt))
      .limit(1),
  ]);
  const summary = { ...balances[0]!, ...held[0]!, ...failed[0]! };
  const at = input.at ?? {};
  const [failedPage, heldPage, advisorPage] = await Promise.all([
    failedTransfers(db, at.failed, summary.failedCount),
    heldTransfers(db, at.held, summary.onHoldCount, input.holdDays),
    advisorBalancesPage(db, at.advisors, input),
  ]);
  return {
    summary,
    months,
    failedTransfers: failedPage,
    heldTransfers: heldPage,
    advisors: advisorPage,
    lastRun: lastRun[0] ?? null,
    holdDays: input.holdDays,
  };
}

/** Each month's money as the database keeps it, newest first, with what is unaccounted for. */
async function monthsOf(db: Db) {
  const rows = await db
    .select()
    .from(moneyMonths)
    .where(sql`${moneyMonths.payments} > 0`)
    .orderBy(desc(moneyMonths.month));
  return rows.map(({ payments: _payments, ...totals }) => ({
    ...totals,
    difference: unaccounted(totals),
  }));
}

// ---------------------------------------------------------------- pages by keys

/**
 * A link's value: [page, "after" | "before", ...a row's key] (server/db/keyset.ts), so the
 * screen can say "Page 3 of 40" while each page is found by its key.
 */
function positionOf(text: string | null | undefined, order: ListOrder) {
  const [page, direction, ...key] = decodeLink(text) ?? [];
  const valid =
    Number.isSafeInteger(page) &&
    (page as number) > 1 &&
    (direction === "after" || direction === "before") &&
    isKey(key, order.types);
  return valid
    ? { page: page as number, position: { [direction]: key } as Position }
    : { page: 1, position: START };
}

/**
 * One page of a list at the position its link names, with its list's count (which may lag the
 * keys: rows added or gone since).
 */
async function listPage<Row extends { key: string[] }>(
  order: ListOrder,
  text: string | null | undefined,
  total: number,
  query: (window: Window) => Promise<Row[]>,
): Promise<ListPage<Omit<Row, "key">>> {
  const at = positionOf(text, order);
  const found = await seek(order, at.position, PAGE_SIZE, query);
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = found.atStart ? 1 : found.landed === "end" ? last : at.page;
  return {
    rows: found.rows,
    total,
    page,
    pageCount: found.atEnd ? page : Math.max(page + 1, last),
    keys: {
      previous:
        found.atStart || !found.first ? null : encodeLink([page - 1, "before", ...found.first]),
      next: found.atEnd || !found.last ? null : encodeLink([page + 1, "after", ...found.last]),
    },
  };
}

// ---------------------------------------------------------------- the lists

/** A transfer is a session's share or a paid question's (ADR 98): exactly one of them. */
const transferKind = sql<"session" | "question">`case when ${payoutTransfers.bookingId} is null
  then 'question' else 'session' end`;
/** Its day: the session's start, or the question's answer. */
const transferDate = sql<Date>`coalesce(${bookings.datetime}, ${paidQuestions.answeredAt})`.mapWith(
  (v: string | Date) => new Date(v),
);

/** Failed transfers, the latest failure first, by the partial index of failed transfers. */
async function failedTransfers(
  db: Db,
  at: string | null | undefined,
  total: number,
): Promise<ListPage<FailedTransfer>> {
  return listPage(newestFirst(payoutTransfers.updatedAt, payoutTransfers.id), at, total, (window) =>
    db
      .select({
        key: window.key,
        id: payoutTransfers.id,
        advisorName: name,
        advisorEmail: users.email,
        kind: transferKind,
        sessionAt: transferDate,
        amount: payoutTransfers.amount,
        lastError: payoutTransfers.lastError,
        failedAt: payoutTransfers.updatedAt,
        accountStatus: payoutAccounts.status,
      })
      .from(payoutTransfers)
      .leftJoin(bookings, eq(bookings.id, payoutTransfers.bookingId))
      .leftJoin(paidQuestions, eq(paidQuestions.id, payoutTransfers.questionId))
      .innerJoin(advisors, eq(advisors.id, payoutTransfers.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, payoutTransfers.advisorId))
      .where(and(eq(payoutTransfers.status, "failed"), window.where))
      .orderBy(...window.orderBy)
      .limit(window.limit),
  );
}

/**
 * Transfers on hold, the soonest release first: a held transfer's next attempt is its release
 * (the payout job sets it), so the page is read in order from the open transfers' index.
 */
async function heldTransfers(
  db: Db,
  at: string | null | undefined,
  total: number,
  holdDays: number,
): Promise<ListPage<HeldTransfer>> {
  const order: ListOrder = {
    parts: [sql`${payoutTransfers.nextAttemptAt}`, sql`${payoutTransfers.id}`],
    types: ["timestamptz", "uuid"],
  };
  const page = await listPage(order, at, total, (window) =>
    db
      .select({
        key: window.key,
        id: payoutTransfers.id,
        advisorName: name,
        kind: transferKind,
        sessionAt: transferDate,
        endsAt: bookings.endsAt,
        bookingStatus: bookings.status,
        answeredAt: paidQuestions.answeredAt,
        amount: payoutTransfers.amount,
      })
      .from(payoutTransfers)
      .leftJoin(bookings, eq(bookings.id, payoutTransfers.bookingId))
      .leftJoin(paidQuestions, eq(paidQuestions.id, payoutTransfers.questionId))
      .innerJoin(advisors, eq(advisors.id, payoutTransfers.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(and(eq(payoutTransfers.status, "on_hold"), window.where))
      .orderBy(...window.orderBy)
      .limit(window.limit),
  );
  return {
    ...page,
    rows: page.rows.map(({ endsAt, bookingStatus, answeredAt, ...row }) => ({
      ...row,
      // The hold ends a set time after the session is over (or the question answered); before
      // that there is no date yet.
      releaseAt: answeredAt
        ? releaseAt(answeredAt, holdDays)
        : endsAt && (bookingStatus === "completed" || bookingStatus === "cancelled")
          ? releaseAt(endsAt, holdDays)
          : null,
    })),
  };
}

/**
 * One page of the advisors with any ledger entry, most owed first, with their balances: in the
 * order of the kept balances' index (advisor_balances_held_idx); a search finds them by the
 * trigram index on names and e-mails.
 */
async function advisorBalancesPage(
  db: Db,
  at: string | null | undefined,
  input: PayoutsInput,
): Promise<ListPage<AdvisorBalance>> {
  const q = input.q.trim();
  const search = q ? ilike(searchable, `%${escapeLike(q)}%`) : undefined;
  const order: ListOrder = {
    parts: [sql`${advisorBalances.held}`, sql`${advisorBalances.advisorId}`],
    types: ["bigint", "uuid"],
    descending: true,
  };
  // Every advisor with a balance has a user (foreign keys): only a search needs them counted.
  const [matching] = await (search
    ? db
        .select({ n: count() })
        .from(advisorBalances)
        .innerJoin(advisors, eq(advisors.id, advisorBalances.advisorId))
        .innerJoin(users, eq(users.id, advisors.userId))
        .where(search)
    : db.select({ n: count() }).from(advisorBalances));
  const page = await listPage(order, at, matching?.n ?? 0, (window) =>
    db
      .select({
        key: window.key,
        advisorId: advisorBalances.advisorId,
        name,
        email: users.email,
        accountStatus: payoutAccounts.status,
      })
      .from(advisorBalances)
      .innerJoin(advisors, eq(advisors.id, advisorBalances.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, advisorBalances.advisorId))
      .where(and(search, window.where))
      .orderBy(...window.orderBy)
      .limit(window.limit),
  );
  const balances = await balancesByAdvisor(
    db,
    page.rows.map((r) => r.advisorId),
    input,
  );
  return { ...page, rows: page.rows.map((row) => ({ ...row, ...balances.get(row.advisorId)! })) };
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
