import { BOOKING_WINDOW_DAYS, HOLD_MINUTES, MIN_LEAD_HOURS } from "../booking-limits";
import { FULL_REFUND_HOURS, JOIN_EARLY_MINUTES, MODIFY_CUTOFF_HOURS } from "../sessions";
import type { NoSlotsReason } from "../slots";

/**
 * Every message of booking and payment, defined once: the browser shows them as field errors
 * and toasts, the server returns them, and tests assert them word for word.
 */
export const BOOKING_MESSAGES = {
  // Form fields
  topicsRequired: "Please select at least one topic.",
  sessionRequired: "Please choose a session option.",
  timeRequired: "Please choose a date and time.",
  adviceRequired: "Please tell us what advice you're seeking.",
  additionalInfoTooLong: "Additional information must be 1000 characters or less.",
  invalidTimeZone: "Invalid time zone: use an IANA name such as Asia/Kolkata.",
  invalidRequest: "Invalid booking request. Please refresh the page and try again.",

  // A booking link's choices that could not be kept (ADR 72)
  linkTopicsDropped: "Some topics in this link are not offered by this advisor and were removed.",
  linkOptionDropped:
    "The session option in this link is not available to you. Please choose a session option.",
  linkOptionReplaced:
    "The session option in this link is not available to you, so the one you can book is used instead.",
  linkZoneDropped: "The time zone in this link was not recognised, so times are shown in yours.",

  // The summary before the page's scripts have run (ADR 85)
  payNeedsScripts:
    "Paying opens a secure checkout, which needs this page's scripts: the button works once the page has finished loading.",

  // Decided by the server
  advisorNotFound: "Advisor profile not found",
  userNotFound: "User profile not found",
  selfBooking: "You cannot book a session with yourself.",
  sessionNotAllowed:
    "This session option is not available to you with this advisor. Please choose another one.",
  timeNotOffered: "This time is no longer available. Please choose another time.",
  packageNotFound: "Package not found.",
  packageNotUsable: "This package cannot be used for this session.",
  packageUsedUp: "Every session of this package is booked or used.",
  packageExpires:
    "Sessions of this package must start before it expires. Please choose an earlier time.",
  timeTaken: "Sorry, someone has just booked this time. Please choose another time.",
  seekerOverlap: "You already have a session booked at this time. Please choose another time.",
  noRefundNotAcknowledged: `This session starts in less than ${FULL_REFUND_HOURS} hours and is not refundable. Please confirm that you understand before you book it.`,

  // Checkout (toasts: title + description)
  gatewayLoadFailed: "Failed to load payment gateway",
  paymentFailedTitle: "Payment failed",
  paymentFailedFallback: "Please try again or contact support",
  verificationFailedTitle: "Payment verification failed",
  verificationFailed: "Please contact support for assistance",
  cancelledTitle: "Payment cancelled",
  cancelled: "You can try again when ready",
  bookingFailed: "Booking failed",
  discoveryFailedTitle: "Booking Failed",
  discoveryFailed: "Unable to book your discovery call. Please try again.",
  lateRefundTitle: "Your time was taken",
  lateRefund: `Your payment arrived after the ${HOLD_MINUTES}-minute hold ended and someone else booked this time. Your payment will be refunded in full.`,

  // Confirmation page
  loadingErrorTitle: "Loading Error",
  loadingError: "Could not load booking details. Please contact support if this persists.",
  fallback:
    "Could not load booking details. Your payment was successful; please contact support with your payment ID",
  joinOpensNote: `The Join Meeting button becomes active ${JOIN_EARLY_MINUTES} minutes before the session starts.`,
  invitationNote:
    "A calendar invitation with the meeting link has been e-mailed to you and your advisor.",
  preparationNote:
    "Please join from a quiet place with a stable internet connection; have your questions ready.",
  meetingLinkOpens: `The meeting link becomes active ${JOIN_EARLY_MINUTES} minutes before the session.`,
  notPaidTitle: "Booking not confirmed",
  notPaid:
    "We have not received the payment for this booking, so it is not confirmed. You can book a time again from the advisor's profile.",
} as const;

/** What Select Date & Time says, in its rich form and as the plain form before hydration. */
export const DATE_TIME_MESSAGES = {
  loadFailedTitle: "Error Loading Availability",
  loadFailed:
    "We couldn't load the advisor's availability schedule. Please refresh or try again later.",
  noAvailability:
    "This advisor hasn't added their availability yet. Please check back later or try another advisor.",
  noOpenDates: `No open times in the next ${BOOKING_WINDOW_DAYS} days. Please check back later or try another advisor.`,
} as const;

/** One line under "No available slots for this date" saying why. */
export const NO_SLOTS_REASONS: Record<NoSlotsReason, string> = {
  "not-working": "The advisor doesn't take sessions on this day.",
  "fully-booked": "Every time on this day is already booked.",
  "too-soon": `Sessions must be booked at least ${MIN_LEAD_HOURS} hours in advance.`,
  "out-of-range": `Sessions can be booked up to ${BOOKING_WINDOW_DAYS} days ahead.`,
};

/**
 * The summary's terms: the refund rule that applies to the chosen time, with its moments (in
 * the seeker's zone) and amounts (GST included) filled in by core/booking-terms.ts.
 */
export const BOOKING_TERMS_MESSAGES = {
  title: "Cancellation and refunds",
  free: "This session is free: there is nothing to pay and nothing to refund.",
  fullRefundUntil: (amount: string, when: string) =>
    `Full refund of ${amount} if you cancel by ${when}, ${FULL_REFUND_HOURS} hours before the start.`,
  noRefundAfter: "No refund if you cancel after that.",
  noRefund: (amount: string) =>
    `This session starts in less than ${FULL_REFUND_HOURS} hours, so it is not refundable: if you cancel, you won't get back the ${amount} you pay.`,
  changesUntil: (when: string) =>
    `You can reschedule or cancel until ${when}, ${MODIFY_CUTOFF_HOURS} hours before the start; no changes are possible after that.`,
  acknowledge: (amount: string) =>
    `I understand that I won't get a refund of ${amount} if I cancel this session.`,
} as const;

export type BookingMessage = (typeof BOOKING_MESSAGES)[keyof typeof BOOKING_MESSAGES];
