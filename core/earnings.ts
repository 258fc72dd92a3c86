/**
 * The advisor's statement in words: what the Earnings page, its printable statement and the
 * CSV say about each paid session. The rows come from server/payouts/earnings.server.ts;
 * amounts are integer paise.
 */
import type { SessionType } from "./booking";
import { sessionTypeLabel } from "./booking";
import { formatPaise, formatShortDate } from "./format";
import { monthKey, parseMonth, releaseAt, type TransferStatus } from "./ledger";
import { EARNINGS_MESSAGES as M } from "./messages/earnings";
import { QUESTION_MESSAGES } from "./messages/questions";

/**
 * A statement's month is the ledger's, in India's time where the accounts are kept; the dates
 * on it are in the reader's own zone, this one when they have none.
 */
export const STATEMENT_ZONE = "Asia/Kolkata";

/** One session (or paid question) credited to the advisor, with what became of its share. */
export type StatementRow = {
  /** The booking's id, or the paid question's. */
  id: string;
  /** A paid question (ADR 98) is dated by its answer, and its share is held from it. */
  kind: "session" | "question";
  sessionAt: Date;
  sessionEnd: Date;
  seekerFirstName: string;
  /** A session's type; null for a question. */
  sessionType: SessionType | null;
  /** A package's session: the package's name (its fee is the session's share of the price). */
  packageName: string | null;
  /** The fee without GST. */
  fee: number;
  commission: number;
  commissionPercent: number;
  /** Taken back when the session was refunded: positive, 0 when not refunded. */
  refund: number;
  /** The credit less the refund. */
  net: number;
  /** The share's transfer to the advisor's bank; null before one exists. */
  transfer: { status: TransferStatus; lastError: string | null } | null;
};

export type StatementTotals = { fee: number; commission: number; refund: number; net: number };

/** The month a statement shows: the one asked for, or the current one when that is no month. */
export function statementMonth(asked: string | null | undefined, now: Date): string {
  return parseMonth(asked) ?? monthKey(now);
}

/**
 * The statement's page asked for, read as the dashboard's sessions list reads its own: what
 * is no page number is the first page (the server brings one past the end back to the last).
 */
export function statementPage(asked: string | null | undefined): number {
  return Math.max(1, Number.parseInt(asked ?? "1", 10) || 1);
}

const monthNames = new Intl.DateTimeFormat("en-IN", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "November 2026" for "2026-11". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return monthNames.format(new Date(Date.UTC(year, m - 1, 1)));
}

const REFUNDED: readonly TransferStatus[] = ["cancelled", "reversing", "reversed"];

/** What became of a row's share, in words, as of `now`. */
export function payoutStatus(
  row: StatementRow,
  holdDays: number,
  now: Date,
  zone = STATEMENT_ZONE,
): string {
  const status = row.transfer?.status ?? "pending";
  if (row.refund > 0 || REFUNDED.includes(status)) return M.status.refunded;
  switch (status) {
    case "awaiting_account":
      return M.status.awaitingAccount;
    case "failed":
      return M.status.failed(row.transfer?.lastError ?? null);
    case "released":
    case "settled":
      return M.status.paidOut;
    default: {
      const release = releaseAt(row.sessionEnd, holdDays);
      return release > now
        ? M.status.onHold(formatShortDate(release, zone, false))
        : M.status.releasing;
    }
  }
}

export function statementTotals(rows: readonly StatementRow[]): StatementTotals {
  const totals = { fee: 0, commission: 0, refund: 0, net: 0 };
  for (const row of rows) {
    totals.fee += row.fee;
    totals.commission += row.commission;
    totals.refund += row.refund;
    totals.net += row.net;
  }
  return totals;
}

/**
 * What a row was: "First Call", a package's session: "Package session (Three mornings)", or
 * "Paid question".
 */
export function statementItem(
  row: Pick<StatementRow, "sessionType" | "packageName"> & { kind?: StatementRow["kind"] },
): string {
  if (row.kind === "question" || row.sessionType === null) return QUESTION_MESSAGES.earningsLine;
  return row.packageName === null
    ? sessionTypeLabel(row.sessionType)
    : `Package session (${row.packageName})`;
}

/** A row as the page and the printable statement show it. */
export type StatementLine = {
  /** The booking's id, or the paid question's. */
  id: string;
  date: string;
  seeker: string;
  sessionType: string;
  fee: string;
  commission: string;
  refund: string;
  net: string;
  status: string;
  failed: boolean;
};

export function statementLine(
  row: StatementRow,
  holdDays: number,
  now: Date,
  zone = STATEMENT_ZONE,
): StatementLine {
  return {
    id: row.id,
    date: formatShortDate(row.sessionAt, zone),
    seeker: row.seekerFirstName,
    sessionType: statementItem(row),
    fee: formatPaise(row.fee),
    commission: `${formatPaise(row.commission)} (${row.commissionPercent}%)`,
    refund: formatPaise(row.refund),
    net: formatPaise(row.net),
    status: payoutStatus(row, holdDays, now, zone),
    failed: row.transfer?.status === "failed" && row.refund === 0,
  };
}

/** The totals as the page shows them. */
export function totalsLine(totals: StatementTotals) {
  return {
    fee: formatPaise(totals.fee),
    commission: formatPaise(totals.commission),
    refund: formatPaise(totals.refund),
    net: formatPaise(totals.net),
  };
}

/**
 * A month's statement as the page and the printable statement show it, its dates in `zone`
 * (the reader's). When `rows` are one page of the month, `totals` are the whole month's (the
 * server adds them up).
 */
export function statementView(
  month: string,
  rows: readonly StatementRow[],
  reading: { holdDays: number; now: Date; zone: string; totals?: StatementTotals },
) {
  const { holdDays, now, zone, totals = statementTotals(rows) } = reading;
  return {
    month,
    monthName: monthLabel(month),
    lines: rows.map((row) => statementLine(row, holdDays, now, zone)),
    totals: totalsLine(totals),
    // Only said where it differs: a reader in India sees one zone throughout.
    zoneNote: zone === STATEMENT_ZONE ? null : M.zoneNote(zone),
  };
}
export type StatementView = ReturnType<typeof statementView>;

/** The month picker's choices: the months with sessions and the one shown, newest first. */
export function monthChoices(months: readonly string[], shown: string) {
  return [...new Set([...months, shown])]
    .sort((a, b) => b.localeCompare(a))
    .map((value) => ({ value, label: monthLabel(value) }));
}
