import { formatPaise, formatSessionDate, formatSessionTime } from "./format";
import {
  CANCEL_REFUND_MESSAGES as C,
  CANCELLED_BY_MESSAGES as BY,
  REFUND_STATE_MESSAGES as R,
} from "./messages/sessions";
import type { Role } from "./roles";
import { refundPaise, type SessionRow } from "./sessions";

/*
 * What a cancellation says, to whom. The cancel dialog tells the person cancelling what
 * happens to the money (the refund rule of sessions.ts decides the amount); a cancelled
 * session tells its reader who cancelled, when, why and where the refund stands.
 */

/**
 * The refund sentence for `reader`, who cancels (or has cancelled) a session the seeker paid
 * `paidPaise` for, `refund` of which goes back. Null when nothing was paid.
 */
export function cancelRefundText(input: {
  reader: Role;
  seekerName: string;
  paidPaise: number;
  refundPaise: number;
}): string | null {
  const { reader, seekerName, paidPaise, refundPaise: refund } = input;
  if (paidPaise <= 0) return null;
  const full = refund >= paidPaise;
  if (reader === "seeker")
    return refund > 0 ? C.seekerRefund(formatPaise(refund), full) : C.seekerNoRefund;
  if (refund <= 0) return C.otherNoRefund(seekerName);
  return reader === "advisor"
    ? C.advisorRefund(seekerName, formatPaise(refund), full)
    : C.adminRefund(seekerName, formatPaise(refund), full);
}

/**
 * The cancel dialog's refund note: what the refund rule gives if `reader` cancels `row` at
 * `now`, and whether anything comes back (a note without a refund is shown as a warning). Null
 * when the session was not paid for (free, or already refunded).
 */
export function cancelDialogRefund(
  row: Pick<SessionRow, "paidPaise" | "paymentStatus" | "seekerName" | "datetime" | "fromPackage">,
  reader: Role,
  now: Date,
): { text: string; refunded: boolean } | null {
  if (row.fromPackage) {
    // Paid with a package: the session goes back to it, or (late, by the seeker) is used.
    const back =
      refundPaise({ paidPaise: 1, start: new Date(row.datetime), cancelledAt: now, by: reader }) >
      0;
    if (reader === "seeker") return { text: back ? C.packageBack : C.packageUsed, refunded: back };
    return { text: C.packageBackTo(row.seekerName), refunded: true };
  }
  if (!row.paidPaise || row.paymentStatus !== "paid") return null;
  const refund = refundPaise({
    paidPaise: row.paidPaise,
    start: new Date(row.datetime),
    cancelledAt: now,
    by: reader,
  });
  const text = cancelRefundText({
    reader,
    seekerName: row.seekerName,
    paidPaise: row.paidPaise,
    refundPaise: refund,
  });
  return text === null ? null : { text, refunded: refund > 0 };
}

/** "Cancelled by you", "Cancelled by the advisor", …: who cancelled, as `reader` sees it. */
export function cancelledByText(cancelledBy: SessionRow["cancelledBy"], reader: Role): string {
  if (cancelledBy === null) return BY.unknown;
  // An admin reading the admin list may not be the admin who cancelled: never "you".
  if (cancelledBy === reader && reader !== "admin") return BY.you;
  return BY[cancelledBy];
}

export type RefundState = "free" | "none" | "pending" | "retrying" | "processed";

/** Where a cancelled session's refund stands, and the words for it, in the reader's zone. */
export function refundSummary(
  row: Pick<
    SessionRow,
    | "paidPaise"
    | "paymentStatus"
    | "cancelledBy"
    | "refundPaise"
    | "refundStatus"
    | "refundProcessedAt"
    | "refundRetrying"
  >,
  zone: string,
): { state: RefundState; text: string } {
  if (!row.paidPaise || row.paymentStatus === "free") return { state: "free", text: R.free };
  if (row.refundStatus === null || !row.refundPaise)
    // The rule refunds the advisor's and an admin's cancellations in full, so only a
    // seeker's late one is left without; any other case says no more than it knows.
    return { state: "none", text: row.cancelledBy === "seeker" ? R.lateNoRefund : R.none };
  const amount = formatPaise(row.refundPaise);
  if (row.refundStatus === "processed")
    return {
      state: "processed",
      text: R.processed(
        amount,
        row.refundProcessedAt ? formatSessionDate(new Date(row.refundProcessedAt), zone) : null,
      ),
    };
  if (row.refundStatus === "failed" || row.refundRetrying)
    return { state: "retrying", text: R.retrying(amount) };
  return { state: "pending", text: R.pending(amount) };
}

/** "Cancelled by you on Mon, 2 Mar 2026, 10:00 AM (Asia/Kolkata)". */
export function cancelledLine(
  row: Pick<SessionRow, "cancelledBy" | "cancelledAt">,
  reader: Role,
  zone: string,
): string {
  const who = cancelledByText(row.cancelledBy, reader);
  return row.cancelledAt ? BY.on(who, formatSessionTime(new Date(row.cancelledAt), zone)) : who;
}
