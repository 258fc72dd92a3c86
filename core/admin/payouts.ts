import type { Balances, MonthTotals, PayoutAccountStatus } from "../ledger";
import type { PageKeys } from "./list-page";

/*
 * What the admin's Payouts screen shows (ADR 74), as its components read it; the server
 * builds its overview (server/payouts/admin-payouts.server.ts) from these shapes.
 */

/** The screen's lists, each paged on its own URL parameter. */
export type PayoutList = "failed" | "held" | "advisors";

/** One page of a list: its rows, where it is, and the keys of its neighbours' links. */
export type PayoutListPage<Row> = {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  keys: PageKeys;
};

export type FailedTransferRow = {
  id: string;
  advisorName: string;
  advisorEmail: string;
  /** A session's share, or a paid question's (ADR 98), dated by its answer. */
  kind: "session" | "question";
  sessionAt: Date;
  amount: number;
  lastError: string | null;
  failedAt: Date;
  accountStatus: PayoutAccountStatus | null;
};

export type HeldTransferRow = {
  id: string;
  advisorName: string;
  /** A session's share, or a paid question's (ADR 98), dated by its answer. */
  kind: "session" | "question";
  sessionAt: Date;
  amount: number;
  /** When the share may leave the hold; null while the session is not over. */
  releaseAt: Date | null;
};

export type AdvisorBalanceRow = Balances & {
  advisorId: string;
  name: string;
  email: string;
  /** The payout account's status, or null without bank details. */
  accountStatus: PayoutAccountStatus | null;
};

/** A month's money and what of it is unaccounted for. */
export type PayoutMonth = MonthTotals & { difference: number };

/** The last reconciliation and the differences it found. */
export type ReconciliationRun = {
  ranAt: Date;
  differences: { check: string; ref: string; detail: string }[];
};

/** What the screen's two buttons (retry a transfer, run the reconciliation) are answered. */
export type PayoutActionAnswer = { ok: boolean; message: string };
