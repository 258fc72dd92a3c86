/** What Select Date & Time says, in its rich form and as the plain form before hydration. */
export const DATE_TIME_MESSAGES = {
  loadFailedTitle: "Error Loading Availability",
  loadFailed:
    "We couldn't load the advisor's availability schedule. Please refresh or try again later.",
  noAvailability:
    "This advisor hasn't added their availability yet. Please check back later or try another advisor.",
  noOpenDates: "No open times in the next 30 days. Please check back later or try another advisor.",
} as const;
