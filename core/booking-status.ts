/*
 * The states a booking, its payment and its refund can be in: the lowest layer of the booking
 * rules, so the session rules (core/sessions.ts) and the messages read them without the
 * booking request's schemas.
 */
export const BOOKING_STATUSES = [
  "pending_payment",
  "confirmed",
  "completed",
  "cancelled",
  "expired",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ["created", "paid", "failed", "refunded", "free"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
