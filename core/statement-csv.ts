/**
 * A month's statement as CSV (RFC 4180), for the advisor's spreadsheet or accountant: a
 * header row, one row per session, a totals row. Amounts are rupees with two decimals.
 */
import {
  payoutStatus,
  STATEMENT_ZONE,
  statementItem,
  type StatementRow,
  statementTotals,
  type StatementTotals,
} from "./earnings";
import { EARNINGS_MESSAGES as M } from "./messages/earnings";
import { safeTimeZone } from "./time-zones";

/** The download's file name. */
export function statementFilename(month: string): string {
  return `beenthere-statement-${month}.csv`;
}

/** A spreadsheet runs a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text from people (a name, a provider's reason): quoted when it must be, never a formula. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Paise as rupees, "1234.50": written by us, so no guard is needed. */
export function csvRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amount ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const isoDay = (zone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: safeTimeZone(zone),
  });

const C = M.columns;
const HEADER = [
  C.date,
  C.seeker,
  C.sessionType,
  `${C.fee} (INR)`,
  `${C.commission} (INR)`,
  C.commissionPercent,
  `${C.refund} (INR)`,
  `${C.net} (INR)`,
  C.status,
];

function totalsRow(t: StatementTotals): string[] {
  return [
    csvText(M.total),
    "",
    "",
    csvRupees(t.fee),
    csvRupees(t.commission),
    "",
    csvRupees(t.refund),
    csvRupees(t.net),
    "",
  ];
}

/**
 * The whole file, CRLF line ends; `holdDays` and `now` word each row's payout status, dates in
 * `zone` (the reader's). It starts with a byte order mark: without one Excel reads UTF-8 (₹,
 * names in Indian scripts) as ANSI.
 */
export function statementCsv(
  rows: readonly StatementRow[],
  holdDays: number,
  now: Date,
  zone = STATEMENT_ZONE,
): string {
  const day = isoDay(zone);
  const lines = [
    HEADER.map(csvText),
    ...rows.map((row) => [
      day.format(row.sessionAt),
      csvText(row.seekerFirstName),
      csvText(statementItem(row)),
      csvRupees(row.fee),
      csvRupees(row.commission),
      String(row.commissionPercent),
      csvRupees(row.refund),
      csvRupees(row.net),
      csvText(payoutStatus(row, holdDays, now, zone)),
    ]),
    totalsRow(statementTotals(rows)),
  ];
  return "\uFEFF" + lines.map((cells) => cells.join(",")).join("\r\n") + "\r\n";
}
