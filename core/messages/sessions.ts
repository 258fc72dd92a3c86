// Every text the sessions list, its dialogs and the session e-mails show, defined once.

import { FULL_REFUND_HOURS, JOIN_EARLY_MINUTES, MODIFY_CUTOFF_HOURS } from "../sessions";

/** How long a refund takes to reach the original payment method (the refund policy). */
export const REFUND_DAYS = "7-10 business days";

/** The rule for changes (the cutoff), said the same way wherever it is stated. */
const CHANGE_RULE = `You can reschedule or cancel until ${MODIFY_CUTOFF_HOURS} hours before the start.`;

export const SESSION_MESSAGES = {
  fetchFailed: "Error: Failed to fetch sessions",
  /** `{email}` is the support address. */
  cutoff: (action: "reschedule" | "cancel", email: string) =>
    `Sessions cannot be ${action === "cancel" ? "cancelled" : "rescheduled"} within ${MODIFY_CUTOFF_HOURS} hours of start time. Please contact support (${email}).`,
  cannotRescheduleTitle: `Cannot reschedule within ${MODIFY_CUTOFF_HOURS} hours of session`,
  cannotCancelTitle: `Cannot cancel within ${MODIFY_CUTOFF_HOURS} hours of session`,
  notFound: "Session not found",
  notConfirmed: "Only confirmed sessions can be rescheduled or cancelled.",
  past: "This session has already started.",
  slotUnavailable: "That time is no longer available. Please choose another time.",
  sameTime: "Please choose a different time: the session is already at this time.",
  rescheduleConfirm: "Are you sure you want to reschedule this session?",
  /** The title of a Join button that is not usable yet. */
  joinNotYet: `The link opens ${JOIN_EARLY_MINUTES} minutes before the start`,
  changeRule: CHANGE_RULE,
  /** The refund rule of a paid session (core/sessions.ts refundPaise). */
  refundRule: `Cancel at least ${FULL_REFUND_HOURS} hours before the start for a full refund; later cancellations are not refunded.`,
  rescheduleImportant: `${CHANGE_RULE} The new time will be sent to both parties.`,
  rescheduledTitle: "Session Rescheduled",
  rescheduledBody: "Your session has been successfully rescheduled. Both parties will be notified.",
  rescheduleFailedTitle: "Reschedule Failed",
  rescheduleFailedBody: "Failed to reschedule session. Please try again or contact support.",
  rescheduleCalendarWarning:
    "Session rescheduled but calendar update failed. You may need to update manually.",
  cancelledTitle: "Session Cancelled",
  cancelFailedTitle: "Cancellation Failed",
  cancelFailedBody: "Failed to cancel session. Please try again or contact support.",
  cancelCalendarWarning:
    "Session cancelled but calendar update failed. You may need to remove manually.",
  reasonRequired: "Please tell us why you are cancelling.",
  reasonTooLong: (max: number) => `Please keep your reason to ${max} characters or fewer.`,
  newTimeRequired: "Please choose the new time for this session.",
  reviewIncompleteTitle: "Please complete all required fields.",
  reviewIncompleteBody: "Star ratings and recommendation are required",
  /** Beside each of them (the summary above the buttons says reviewIncomplete*). */
  ratingRequired: "Please choose a rating from 1 to 5 stars.",
  recommendRequired: "Please choose Yes or No.",
  reviewSubmittedTitle: "Review submitted successfully",
  reviewSubmittedBody: "Thank you for your feedback!",
  reviewFailedTitle: "Error submitting review",
  reviewFailedBody: "Please try again later.",
  reviewNotAllowed: "This session cannot be reviewed.",
  refundNotice: `Refunds reach your original payment method in ${REFUND_DAYS}.`,
  addToCalendar: "Add to calendar",
  downloadIcs: "Download .ics",
  addToGoogle: "Add to Google Calendar",
  addToOutlook: "Add to Outlook",
  opensInNewTab: "(opens in a new tab)",
} as const;

/**
 * What a cancellation means for the money, worded for the person reading it: the seeker
 * ("you"), the advisor (the seeker by name) or an admin (both in the third person). Amounts
 * are formatted already ("₹2,360").
 */
export const CANCEL_REFUND_MESSAGES = {
  seekerRefund: (amount: string, full: boolean) =>
    `You'll get ${full ? "a full refund" : "a refund"} of ${amount} within ${REFUND_DAYS}.`,
  seekerNoRefund: `You won't get a refund: sessions cancelled less than ${FULL_REFUND_HOURS} hours before the start are not refunded.`,
  advisorRefund: (seekerName: string, amount: string, full: boolean) =>
    `${seekerName} will get ${full ? "a full refund" : "a refund"} of ${amount} within ${REFUND_DAYS}.`,
  adminRefund: (seekerName: string, amount: string, full: boolean) =>
    `The seeker, ${seekerName}, will get ${full ? "a full refund" : "a refund"} of ${amount} within ${REFUND_DAYS}.`,
  otherNoRefund: (seekerName: string) => `${seekerName} will not get a refund.`,
  packageBack: "This session goes back to your package, to book again.",
  packageUsed: `This session counts as used from your package: sessions cancelled less than ${FULL_REFUND_HOURS} hours before the start do not go back.`,
  packageBackTo: (seekerName: string) =>
    `The session goes back to ${seekerName}'s package, to book again.`,
} as const;

/** Who cancelled a session, as the person reading it sees it. */
export const CANCELLED_BY_MESSAGES = {
  you: "Cancelled by you",
  seeker: "Cancelled by the seeker",
  advisor: "Cancelled by the advisor",
  admin: "Cancelled by an admin",
  unknown: "Cancelled",
  /** "Cancelled by you on Mon, 2 Mar 2026, 10:00 AM (Asia/Kolkata)". */
  on: (who: string, when: string) => `${who} on ${when}`,
} as const;

/** A cancelled session's refund: its amount and where it stands. */
export const REFUND_STATE_MESSAGES = {
  pending: (amount: string) => `${amount} · processing`,
  retrying: (amount: string) => `${amount} · failed, retrying automatically`,
  processed: (amount: string, date: string | null) =>
    date ? `${amount} · processed on ${date}` : `${amount} · processed`,
  lateNoRefund: `No refund: cancelled less than ${FULL_REFUND_HOURS} hours before the start`,
  none: "No refund",
  free: "Free session: nothing was paid",
} as const;
