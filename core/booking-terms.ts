import { formatPaise, formatSessionTime } from "./format";
import { BOOKING_TERMS_MESSAGES as T } from "./messages/booking";
import { FULL_REFUND_HOURS, MODIFY_CUTOFF_HOURS, refundPaise } from "./sessions";

/*
 * What a seeker agrees to before paying: which refund rule applies to the chosen time, in
 * rupees, and whether the booking needs an explicit "no refund" acknowledgement. Everything is
 * derived from the session rules of sessions.ts (the refund rule itself decides), so the
 * summary, the server's check and the cancel dialog can never disagree.
 */

const HOUR_MS = 3_600_000;

/** The last moment a seeker's cancellation is refunded in full. */
export function refundDeadline(start: Date): Date {
  return new Date(start.getTime() - FULL_REFUND_HOURS * HOUR_MS);
}

/** The last moment the parties may reschedule or cancel (admins excepted). */
export function changeDeadline(start: Date): Date {
  return new Date(start.getTime() - MODIFY_CUTOFF_HOURS * HOUR_MS);
}

/**
 * Booked at `now`, is a paid session already past its refund deadline? The refund rule answers:
 * what would a seeker cancelling at once get back?
 */
export function bookedPastRefundDeadline(start: Date, now: Date): boolean {
  return refundPaise({ paidPaise: 1, start, cancelledAt: now, by: "seeker" }) === 0;
}

/** Does booking this session at `now` need the seeker's "no refund" acknowledgement? */
export function needsNoRefundAcknowledgement(input: {
  start: Date;
  now: Date;
  totalPaise: number;
}): boolean {
  return input.totalPaise > 0 && bookedPastRefundDeadline(input.start, input.now);
}

export type BookingTerms = {
  /** free: nothing paid; refundable: a full refund until the deadline; final: no refund at all. */
  kind: "free" | "refundable" | "final";
  /** The sentences the summary shows, in order. */
  lines: string[];
  /** The required checkbox's label when the booking is not refundable, else null. */
  acknowledgement: string | null;
};

/**
 * The terms of booking a session starting at `start` at `now` for `totalPaise` (GST included),
 * with every moment in `zone` (the seeker's).
 */
export function bookingTerms(input: {
  start: Date;
  now: Date;
  totalPaise: number;
  zone: string;
}): BookingTerms {
  const { start, now, totalPaise, zone } = input;
  const changes = T.changesUntil(formatSessionTime(changeDeadline(start), zone));
  if (totalPaise <= 0) return { kind: "free", lines: [T.free, changes], acknowledgement: null };
  const amount = formatPaise(totalPaise);
  if (needsNoRefundAcknowledgement({ start, now, totalPaise })) {
    return {
      kind: "final",
      lines: [T.noRefund(amount), changes],
      acknowledgement: T.acknowledge(amount),
    };
  }
  return {
    kind: "refundable",
    lines: [
      T.fullRefundUntil(amount, formatSessionTime(refundDeadline(start), zone)),
      T.noRefundAfter,
      changes,
    ],
    acknowledgement: null,
  };
}
