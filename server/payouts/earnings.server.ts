import { and, type AnyColumn, asc, count, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StatementRow, StatementTotals } from "../../core/earnings";
import { type Balances, monthKey, monthRange, type PayoutAccountStatus } from "../../core/ledger";
import type { Db } from "../db/client.server";
import { balancesByAdvisor } from "./balances.server";
import {
  advisors,
  bookings,
  ledgerEntries,
  packagePurchases,
  paidQuestions,
  payoutAccounts,
  payoutTransfers,
  users,
} from "../db/schema";

/*
 * The advisor's Earnings page, read from the ledger (ADR 74). Every query is scoped to the
 * advisor id the caller took from the signed-in session, never from the request.
 */

export type PayoutAccountState = {
  status: PayoutAccountStatus | "none";
  lastError: string | null;
  hasBankDetails: boolean;
};

export type FailedTransfer = {
  /** The booking's id, or the paid question's. */
  id: string;
  kind: StatementRow["kind"];
  /** The session's start, or the question's answer. */
  sessionAt: Date;
  amount: number;
  lastError: string | null;
};

export type Earnings = {
  balances: Balances;
  account: PayoutAccountState;
  failedTransfers: FailedTransfer[];
  /** The months with sessions (or answers) credited, newest first, for the month picker. */
  months: string[];
};

type Options = { now: Date; holdDays: number };

/** Balances, payout account, failed transfers and statement months of one advisor. */
export async function loadEarnings(db: Db, advisorId: string, options: Options): Promise<Earnings> {
  const balances = (await balancesByAdvisor(db, [advisorId], options)).get(advisorId)!;
  const credited = await db
    .select({ sessionAt: bookings.datetime, answeredAt: paidQuestions.answeredAt })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(paidQuestions, eq(paidQuestions.id, ledgerEntries.questionId))
    .where(and(eq(ledgerEntries.advisorId, advisorId), eq(ledgerEntries.kind, "session_credit")));
  const months = [...new Set(credited.map((e) => monthKey((e.sessionAt ?? e.answeredAt)!)))].sort(
    (a, b) => b.localeCompare(a),
  );

  const [account] = await db
    .select({
      status: payoutAccounts.status,
      lastError: payoutAccounts.lastError,
      accountNumber: advisors.bankAccountNumber,
    })
    .from(advisors)
    .leftJoin(payoutAccounts, eq(payoutAccounts.advisorId, advisors.id))
    .where(eq(advisors.id, advisorId));

  const failed = await db
    .select({
      bookingId: bookings.id,
      sessionAt: bookings.datetime,
      questionId: paidQuestions.id,
      answeredAt: paidQuestions.answeredAt,
      amount: payoutTransfers.amount,
      lastError: payoutTransfers.lastError,
    })
    .from(payoutTransfers)
    .leftJoin(bookings, eq(bookings.id, payoutTransfers.bookingId))
    .leftJoin(paidQuestions, eq(paidQuestions.id, payoutTransfers.questionId))
    .where(and(eq(payoutTransfers.advisorId, advisorId), eq(payoutTransfers.status, "failed")));
  const failedTransfers: FailedTransfer[] = failed
    .map((t) => ({
      id: (t.bookingId ?? t.questionId)!,
      kind: t.bookingId ? ("session" as const) : ("question" as const),
      sessionAt: (t.sessionAt ?? t.answeredAt)!,
      amount: t.amount,
      lastError: t.lastError,
    }))
    .sort((a, b) => a.sessionAt.getTime() - b.sessionAt.getTime());

  return {
    balances,
    account: {
      status: account?.status ?? "none",
      lastError: account?.lastError ?? null,
      hasBankDetails: Boolean(account?.accountNumber),
    },
    failedTransfers,
    months,
  };
}

const refundDebits = alias(ledgerEntries, "refund_debits");
/** A credit's debit: the same booking's, or the same question's. */
const refundOfCredit = and(
  eq(refundDebits.kind, "refund_debit"),
  or(
    eq(refundDebits.bookingId, ledgerEntries.bookingId),
    eq(refundDebits.questionId, ledgerEntries.questionId),
  ),
);
/** A credit's transfer, likewise. */
const transferOfCredit = or(
  eq(payoutTransfers.bookingId, ledgerEntries.bookingId),
  eq(payoutTransfers.questionId, ledgerEntries.questionId),
);

/** A statement row's day: the session's start, or a paid question's answer (ADR 98). */
const rowDate = sql`coalesce(${bookings.datetime}, ${paidQuestions.answeredAt})`;

/** As many sessions as the Earnings page shows at once; the CSV and printout take the month. */
export const STATEMENT_PAGE_SIZE = 50;

/** The credits of one advisor whose session (or answer) falls in `month` (India's calendar). */
function inMonth(advisorId: string, month: string) {
  const { from, to } = monthRange(month);
  return and(
    eq(ledgerEntries.advisorId, advisorId),
    eq(ledgerEntries.kind, "session_credit"),
    or(
      and(gte(bookings.datetime, from), lt(bookings.datetime, to)),
      and(gte(paidQuestions.answeredAt, from), lt(paidQuestions.answeredAt, to)),
    ),
  );
}

/** The month's rows, oldest first (the row's id breaks ties, so pages never overlap). */
function statementRows(db: Db, advisorId: string, month: string) {
  return db
    .select({
      bookingId: bookings.id,
      sessionAt: bookings.datetime,
      sessionEnd: bookings.endsAt,
      questionId: paidQuestions.id,
      answeredAt: paidQuestions.answeredAt,
      seekerFirstName: users.firstName,
      sessionType: bookings.sessionType,
      packageName: packagePurchases.name,
      credit: ledgerEntries.amount,
      fee: ledgerEntries.feeAmount,
      commission: ledgerEntries.commissionAmount,
      commissionPercent: ledgerEntries.commissionPercent,
      debit: refundDebits.amount,
      transferStatus: payoutTransfers.status,
      transferError: payoutTransfers.lastError,
    })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(paidQuestions, eq(paidQuestions.id, ledgerEntries.questionId))
    .innerJoin(users, eq(users.id, sql`coalesce(${bookings.userId}, ${paidQuestions.userId})`))
    .leftJoin(refundDebits, refundOfCredit)
    .leftJoin(payoutTransfers, transferOfCredit)
    .leftJoin(packagePurchases, eq(packagePurchases.id, bookings.packagePurchaseId))
    .where(inMonth(advisorId, month))
    .orderBy(asc(rowDate), asc(sql`coalesce(${bookings.id}, ${paidQuestions.id})`));
}

function toStatementRow(r: Awaited<ReturnType<typeof statementRows>>[number]): StatementRow {
  const refund = r.debit ? -r.debit : 0;
  // A credit names exactly one of a booking or a question (ledger_entries_subject_check), and
  // an answered question has its answer's time (paid_questions_answered_check).
  const question = r.bookingId === null;
  const at = question ? r.answeredAt! : r.sessionAt!;
  return {
    id: (r.bookingId ?? r.questionId)!,
    kind: question ? "question" : "session",
    sessionAt: at,
    // A question's share is held from its answer, as a session's from its end.
    sessionEnd: question ? at : r.sessionEnd!,
    seekerFirstName: r.seekerFirstName,
    sessionType: r.sessionType,
    packageName: r.packageName,
    // A session credit always has these (ledger_entries_credit_check).
    fee: r.fee ?? 0,
    commission: r.commission ?? 0,
    commissionPercent: r.commissionPercent ?? 0,
    refund,
    net: r.credit - refund,
    transfer: r.transferStatus ? { status: r.transferStatus, lastError: r.transferError } : null,
  };
}

/**
 * One row per session (or paid question) credited to the advisor whose session (or answer)
 * falls in `month` (India's calendar), oldest first, with its refund and its transfer's state: the whole month, for the
 * CSV and the printable statement.
 */
export async function loadStatement(
  db: Db,
  advisorId: string,
  month: string,
): Promise<StatementRow[]> {
  return (await statementRows(db, advisorId, month)).map(toStatementRow);
}

/** One page of a month's rows, and the whole month's count and totals. */
export type StatementPage = {
  rows: StatementRow[];
  totals: StatementTotals;
  count: number;
  page: number;
  pageCount: number;
};

/** A sum of paise; bigint in SQL, as a busy month's could pass 2^31. */
const paise = (amount: AnyColumn | SQL) => sql<number>`coalesce(sum(${amount}), 0)`.mapWith(Number);

/**
 * One page of the month's statement, with the whole month's count and totals added up in the
 * database. A page past the last answers the last, as the sessions list does.
 */
export async function loadStatementPage(
  db: Db,
  advisorId: string,
  month: string,
  page: number,
): Promise<StatementPage> {
  const [whole] = await db
    .select({
      count: count(),
      fee: paise(ledgerEntries.feeAmount),
      commission: paise(ledgerEntries.commissionAmount),
      refund: paise(sql`-${refundDebits.amount}`),
      net: paise(sql`${ledgerEntries.amount} + coalesce(${refundDebits.amount}, 0)`),
    })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(paidQuestions, eq(paidQuestions.id, ledgerEntries.questionId))
    .leftJoin(refundDebits, refundOfCredit)
    .where(inMonth(advisorId, month));
  const { count: n, ...totals } = whole!;
  const pageCount = Math.max(1, Math.ceil(n / STATEMENT_PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), pageCount);
  const rows = await statementRows(db, advisorId, month)
    .limit(STATEMENT_PAGE_SIZE)
    .offset((shown - 1) * STATEMENT_PAGE_SIZE);
  return { rows: rows.map(toStatementRow), totals, count: n, page: shown, pageCount };
}
