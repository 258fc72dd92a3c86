import { z } from "zod";
import { ADDITIONAL_INFO_MAX, DISCOVERY_MINUTES, HOLD_MINUTES } from "./booking-limits";
import { sessionPrice, type SessionPrice } from "./pricing";
import type { SessionType } from "./session-types";
import { canJoin as canJoinSession } from "./sessions";

/**
 * Booking rules shared by the browser (to show the options) and the server (to decide):
 * which session options a seeker has with an advisor. The booking request's and the discovery
 * call's shapes are their forms' schemas, in core/forms/booking.ts.
 */

export { SESSION_TYPES, type SessionType, sessionTypeLabel } from "./session-types";
export {
  BOOKING_STATUSES,
  type BookingStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  REFUND_STATUSES,
  type RefundStatus,
} from "./booking-status";
export { ADDITIONAL_INFO_MAX, DISCOVERY_MINUTES, HOLD_MINUTES };

export type SessionOption = {
  /** Stable key for a radio group: "First Call-30", or "Package-30" for a package's session. */
  key: string;
  type: Exclude<SessionType, "Discovery Call">;
  duration: 15 | 30;
  price: SessionPrice;
  /** A session of the seeker's bought package: paid already, so its price is nothing. */
  packageUse?: PackageUse;
};

/** The next session of a package the seeker holds with the advisor: "Session 2 of 3". */
export type PackageUse = { purchaseId: string; nth: number; sessions: number; duration: 15 | 30 };

/**
 * A seeker's first session with an advisor is one 30-minute First Call; once they have had
 * (or hold a confirmed) session with them, Follow up calls of 15 or 30 minutes.
 */
export function sessionOptions(
  hourlyRateInr: number,
  isFirstSession: boolean,
  packageUse?: PackageUse | null,
): SessionOption[] {
  const choices: { type: SessionOption["type"]; duration: 15 | 30 }[] = isFirstSession
    ? [{ type: "First Call", duration: 30 }]
    : [
        { type: "Follow up call", duration: 15 },
        { type: "Follow up call", duration: 30 },
      ];
  const options: SessionOption[] = choices.map((c) => ({
    ...c,
    key: `${c.type}-${c.duration}`,
    price: sessionPrice(hourlyRateInr, c.duration),
  }));
  if (!packageUse) return options;
  const { duration } = packageUse;
  const type = isFirstSession ? "First Call" : "Follow up call";
  return [
    { key: `Package-${duration}`, type, duration, price: sessionPrice(0, duration), packageUse },
    ...options,
  ];
}

/** Razorpay's ids ("order_…", "pay_…"): letters, digits and underscores. */
const providerId = z.string().regex(/^[A-Za-z0-9_]{1,100}$/);

/**
 * Browser → server after checkout, Razorpay's field names. The signature's exact form is
 * checked with the signature itself (server/payments/signature.server.ts).
 */
export const paymentVerificationSchema = z.object({
  razorpay_order_id: providerId,
  razorpay_payment_id: providerId,
  razorpay_signature: z.string().min(1).max(200),
});

/** Join Meeting of a confirmed booking: usable from JOIN_EARLY_MINUTES before the start until the end. */
export function canJoin(start: Date, durationMinutes: number, now: Date): boolean {
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return canJoinSession({ status: "confirmed", start, end, now });
}

/** Invoice number printed on the receipt: stable for a payment. */
export function invoiceNumber(paymentId: string, paidAt: Date): string {
  return `BT-${paidAt.getUTCFullYear()}-${paymentId.replace(/-/g, "").slice(0, 10).toUpperCase()}`;
}
