// Every text the advisor's Earnings page, its statement and the CSV show, defined once.

/** Where an advisor edits their bank details: the dashboard's Payment Settings card. */
export const PAYMENT_SETTINGS_URL = "/dashboard#payment-settings";

export const EARNINGS_MESSAGES = {
  title: "Earnings",
  intro: "What you have earned from paid sessions and questions, after the platform's commission.",
  tiles: {
    pending: "Pending",
    available: "Available",
    paid: "Paid out",
  },
  /** `{holdDays}`: config.payouts.holdDays. */
  pendingNote: (holdDays: number) =>
    `Becomes available ${holdDays} day${holdDays === 1 ? "" : "s"} after each session or answered question.`,
  availableNote: "Ready to be sent to your bank.",
  paidNote: "Sent to your bank account.",
  dashboardTileNote: "Earned so far, after commission",
  /** The payout account's problems, each saying what to fix. */
  needsClarification: (reason: string | null) =>
    `Your bank details could not be verified${reason ? `: ${reason.replace(/[.\s]+$/, "")}` : ""}. Update them in Payment Settings.`,
  noBankDetails: "Add your bank details to get paid. Your earnings are kept until you do.",
  underReview: "Your bank details are being verified. Payouts start once they are.",
  paymentSettingsLink: "Go to Payment Settings",
  failedTitle: (count: number) => (count === 1 ? "A payout failed" : `${count} payouts failed`),
  failedHelp:
    "We will try again once the cause is fixed. If your bank details are wrong, update them in Payment Settings.",
  /** One failed transfer: the session's day, the amount and the provider's reason. */
  failedTransfer: (day: string, amount: string, reason: string | null) =>
    `${amount} for the session on ${day}: ${reason ?? "no reason given"}`,
  /** One failed transfer of a paid question's share: the answer's day. */
  failedQuestionTransfer: (day: string, amount: string, reason: string | null) =>
    `${amount} for the paid question answered on ${day}: ${reason ?? "no reason given"}`,
  statementTitle: "Statement",
  monthLabel: "Month",
  showMonth: "Show",
  downloadCsv: "Download CSV",
  printable: "Printable statement",
  print: "Print",
  backToEarnings: "Back to earnings",
  noSessions: (month: string) => `No paid sessions or questions in ${month}.`,
  zoneNote: (zone: string) =>
    `Dates are in your time zone (${zone}); months follow India Standard Time, as our accounts do.`,
  printableTitle: (month: string) => `Earnings statement, ${month}`,
  printedFor: (name: string) => `For ${name}`,
  total: "Total",
  /** The totals row under one page of a month that has several. */
  monthTotal: (sessions: number) => `Total of all ${sessions.toLocaleString("en-IN")} sessions`,
  columns: {
    date: "Date",
    seeker: "Seeker",
    sessionType: "Session type",
    fee: "Fee",
    commission: "Commission",
    commissionPercent: "Commission %",
    refund: "Refund",
    net: "Net",
    status: "Payout status",
  },
  /** A statement row's payout, in words (core/earnings.ts picks one). */
  status: {
    awaitingAccount: "Waiting for bank details",
    onHold: (day: string) => `On hold until ${day}`,
    releasing: "Being paid out",
    paidOut: "Paid out",
    refunded: "Refunded",
    failed: (reason: string | null) => (reason ? `Failed: ${reason}` : "Failed"),
  },
} as const;
