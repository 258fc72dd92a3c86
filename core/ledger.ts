/**
 * The advisors' money, as pure rules: what an advisor is credited for a session, when it
 * may be paid out, and the balances a list of ledger entries adds up to. Amounts are integer
 * paise (ADR 1); a credit is positive, a debit negative.
 */

export const LEDGER_KINDS = [
  /** A confirmed paid session: the fee without GST, less the platform's commission. */
  "session_credit",
  /** The session's payment was refunded: everything the credit gave is taken back. */
  "refund_debit",
  /** The share left the platform: its transfer was released to the advisor's bank. */
  "payout",
  /** A released transfer came back (it failed at the bank, or was reversed). */
  "payout_returned",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const TRANSFER_STATUSES = [
  /** Owed, but the advisor has no payout account yet: it waits for bank details. */
  "awaiting_account",
  /** To be sent to the provider (or sent again after a failure an admin retried). */
  "pending",
  /** At the provider, held until the session is completed and the holding period passes. */
  "on_hold",
  /** Released from hold: the provider settles it to the advisor's bank. */
  "released",
  /** The provider reports it settled to the advisor's bank. */
  "settled",
  /** The provider refused it; an admin can retry once the cause is fixed. */
  "failed",
  /** The session was refunded after the transfer was made: it is being taken back. */
  "reversing",
  "reversed",
  /** The session was refunded before anything reached the provider. */
  "cancelled",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const PAYOUT_ACCOUNT_STATUSES = [
  /** Bank details saved; the provider's linked account is being created or updated. */
  "pending",
  "under_review",
  "activated",
  /** The provider could not verify the account: the advisor must fix the bank details. */
  "needs_clarification",
] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

const DAY_MS = 86_400_000;

/** The commission as integer basis points, so 12.5 % is exact. */
function basisPoints(percent: number): number {
  if (!(percent >= 0 && percent <= 100))
    throw new RangeError(`commission ${percent}% out of range`);
  return Math.round(percent * 100);
}

/**
 * How a session fee (paise, GST excluded) splits between the platform and the advisor.
 * The commission rounds half up to the paisa; the advisor gets the rest, so the two always
 * add up to the fee.
 */
export function splitFee(feePaise: number, commissionPercent: number) {
  if (!Number.isSafeInteger(feePaise) || feePaise < 0) throw new RangeError(`fee ${feePaise}`);
  const commission = Math.floor((feePaise * basisPoints(commissionPercent) + 5_000) / 10_000);
  return { commission, share: feePaise - commission };
}

/** When a completed session's share may leave the hold. */
export function releaseAt(sessionEnd: Date, holdDays: number): Date {
  return new Date(sessionEnd.getTime() + holdDays * DAY_MS);
}

/** The latest session end whose holding period has passed at `now`: releaseAt's inverse. */
export function holdPassedFor(now: Date, holdDays: number): Date {
  return new Date(now.getTime() - holdDays * DAY_MS);
}

/**
 * Whether a session's share has matured: the session is over (completed, or cancelled too
 * late for a refund, which the advisor keeps) and the holding period has passed.
 */
export function hasMatured(
  session: { status: string; endsAt: Date },
  holdDays: number,
  now: Date,
): boolean {
  return (
    (session.status === "completed" || session.status === "cancelled") &&
    releaseAt(session.endsAt, holdDays) <= now
  );
}

export type Balances = {
  /** Earned on sessions not yet completed, or still in the holding period. */
  pending: number;
  /** Matured and not yet paid out. */
  available: number;
  /** Released to the advisor's bank, less anything that came back. */
  paid: number;
};

export type BalanceEntry = { kind: LedgerKind; amount: number; matured: boolean };

/**
 * The three balances of one advisor's entries. Pending plus available is always the sum of
 * the entries: what the platform holds for the advisor. Payouts only ever take matured
 * money, so they come off available.
 */
export function balancesOf(entries: readonly BalanceEntry[]): Balances {
  let pending = 0;
  let held = 0;
  let paid = 0;
  for (const entry of entries) {
    held += entry.amount;
    if (entry.kind === "payout" || entry.kind === "payout_returned") paid -= entry.amount;
    else if (!entry.matured) pending += entry.amount;
  }
  return { pending, available: held - pending, paid };
}

/** One month of the platform's money, by where each payment went (paise). */
export type MonthTotals = {
  month: string;
  collected: number;
  advisorShares: number;
  commission: number;
  gst: number;
  refunds: number;
  /** Paid for package sessions not yet used nor refunded (GST excluded). */
  prepaid: number;
};

/**
 * What a month's payments must add up to: every rupee collected is an advisor's share, the
 * platform's commission, GST, a refund, or prepaid for package sessions still to come.
 * Non-zero means money unaccounted for.
 */
export function unaccounted(totals: MonthTotals): number {
  return (
    totals.collected -
    totals.advisorShares -
    totals.commission -
    totals.gst -
    totals.refunds -
    totals.prepaid
  );
}

/** "2026-11" in India's calendar, the month a statement or a total belongs to. */
export function monthKey(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A statement month from a query string: "YYYY-MM", or null. */
export function parseMonth(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2100 ? value : null;
}

/** The instants a statement month covers, [from, to), in India's time. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const offset = 330 * 60_000;
  return {
    from: new Date(Date.UTC(year, m - 1, 1) - offset),
    to: new Date(Date.UTC(year, m, 1) - offset),
  };
}

/** Every month from `first` to `last`, both included, in order: "2026-12", "2027-01", … */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split("-").map(Number) as [number, number];
  for (let key = first; key <= last; key = `${year}-${String(month).padStart(2, "0")}`) {
    months.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/** One payment as reconciliation sees it (paise). */
export type PaymentMoney = {
  month: string;
  amount: number;
  gst: number;
  /** Net of the advisor's entries for this payment: credits less refund debits. */
  advisorNet: number;
  /** The commission its credits recorded, and the fees they were split from. */
  commission: number;
  creditedFees: number;
  /** Refunded (or being refunded) to the seeker, and the GST part of it. */
  refunded: number;
  refundedGst: number;
  /**
   * Paid ahead of what it buys (a package's sessions, a paid question's answer): its credits
   * are what was delivered so far, and the fee not yet delivered nor refunded is prepaid.
   */
  paidAhead: boolean;
};

/**
 * Where each month's payments went. A refunded session's payment keeps no commission or GST:
 * the seeker got all of it back. A package keeps the commission on the sessions used and the
 * GST not refunded; the fee of sessions neither used nor refunded (or of a question not yet
 * answered) is prepaid.
 */
export function monthTotals(payments: readonly PaymentMoney[]): MonthTotals[] {
  const months = new Map<string, MonthTotals>();
  for (const p of payments) {
    const t = months.get(p.month) ?? {
      month: p.month,
      collected: 0,
      advisorShares: 0,
      commission: 0,
      gst: 0,
      refunds: 0,
      prepaid: 0,
    };
    const kept = p.refunded === 0;
    t.collected += p.amount;
    t.advisorShares += p.advisorNet;
    t.refunds += p.refunded;
    t.gst += p.gst - p.refundedGst;
    t.commission += kept || p.paidAhead ? p.commission : 0;
    if (p.paidAhead) t.prepaid += p.amount - p.gst - p.creditedFees - (p.refunded - p.refundedGst);
    months.set(p.month, t);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
}
