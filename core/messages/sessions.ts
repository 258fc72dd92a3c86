// Every text the sessions list, its dialogs and the session e-mails show, defined once.

export const SESSION_MESSAGES = {
  fetchFailed: "Error: Failed to fetch sessions",
  /** `{email}` is the support address. */
  cutoff: (action: "reschedule" | "cancel", email: string) =>
    `Sessions cannot be ${action === "cancel" ? "cancelled" : "rescheduled"} within 12 hours of start time. Please contact support (${email}).`,
  cannotRescheduleTitle: "Cannot reschedule within 12 hours of session",
  cannotCancelTitle: "Cannot cancel within 12 hours of session",
  notFound: "Session not found",
  notConfirmed: "Only confirmed sessions can be rescheduled or cancelled.",
  past: "This session has already started.",
  slotUnavailable: "That time is no longer available. Please choose another time.",
  sameTime: "Please choose a different time: the session is already at this time.",
  rescheduleConfirm: "Are you sure you want to reschedule this session?",
  rescheduleImportant:
    "Please reschedule at least 24 hours before the session. The new time will be sent to both parties.",
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
  newTimeRequired: "Please choose the new time for this session.",
  reviewIncompleteTitle: "Please complete all required fields",
  reviewIncompleteBody: "Star ratings and recommendation are required",
  reviewSubmittedTitle: "Review submitted successfully",
  reviewSubmittedBody: "Thank you for your feedback!",
  reviewFailedTitle: "Error submitting review",
  reviewFailedBody: "Please try again later.",
  reviewNotAllowed: "This session cannot be reviewed.",
  refundNotice: "Refunds reach your original payment method in 7-10 business days.",
  addToCalendar: "Add to calendar",
  downloadIcs: "Download .ics",
  addToGoogle: "Add to Google Calendar",
  addToOutlook: "Add to Outlook",
  opensInNewTab: "(opens in a new tab)",
} as const;
