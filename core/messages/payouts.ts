/*
 * Every text of the admin's Payouts screen, each defined once: its headings, its empty
 * states, and what its two actions (retry a failed transfer, run the reconciliation) answer.
 */
export const PAYOUT_MESSAGES = {
  title: "Payouts",
  description:
    "What advisors are owed and have been paid, transfers that need attention, and whether each month's money adds up.",
  fetchFailed: "Failed to fetch payouts",
  // Summary tiles
  owed: "Owed to advisors",
  owedNote: "Pending + available",
  onHold: "On hold",
  onHoldNote: (count: number) => (count === 1 ? "1 transfer" : `${count} transfers`),
  failed: "Failed transfers",
  paidOut: "Paid out",
  // Monthly reconciliation
  monthsTitle: "Monthly reconciliation",
  monthsIntro:
    "Collected = advisor shares + commission + GST + refunds + prepaid (package sessions not yet held or refunded). A difference is money unaccounted for.",
  monthsTable: "Monthly reconciliation table",
  monthsEmpty: "No payments yet.",
  monthsCaption: "Each month's payments and where the money went, newest first",
  // Failed transfers
  failedTitle: "Failed transfers",
  failedEmpty: "No failed transfers.",
  failedCaption: "Transfers the provider refused, with the reason, latest first",
  failedPages: "Failed transfers pages",
  retry: "Retry",
  retryLabel: (advisor: string) => `Retry transfer to ${advisor}`,
  retried: (advisor: string) => `The transfer to ${advisor} will be sent again`,
  retriedAwaitingAccount: (advisor: string) =>
    `The transfer to ${advisor} will be sent once their payout account is activated`,
  retryFailed: "Could not retry the transfer",
  transferNotFound: "Transfer not found.",
  notFailed: "Only a failed transfer can be retried; this one has not failed.",
  // On hold
  onHoldTitle: "Transfers on hold",
  onHoldEmpty: "No transfers on hold.",
  onHoldCaption: "Transfers waiting for their session and holding period, soonest release first",
  onHoldPages: "Transfers on hold pages",
  afterSession: (holdDays: number) =>
    `${holdDays === 1 ? "1 day" : `${holdDays} days`} after the session is completed`,
  // Balances
  balancesTitle: "Advisors' balances",
  balancesTable: "Advisors' balances table",
  balancesEmpty: "No advisor has earned anything yet.",
  balancesNoMatch: "No advisor with earnings matches this search.",
  balancesCaption: "Each advisor's pending, available and paid balances, largest owed first",
  balancesPages: "Advisors' balances pages",
  searchAdvisors: "Search advisors",
  // Payout account status
  noAccount: "No bank details",
  accountStatus: {
    pending: "Being set up",
    under_review: "Under review",
    activated: "Activated",
    needs_clarification: "Needs clarification",
  },
  // Reconciliation runs
  runTitle: "Last reconciliation",
  runNever: "The reconciliation has not run yet.",
  runClean: "Everything agrees: no differences.",
  runDifferences: (count: number) =>
    count === 1 ? "1 difference found" : `${count} differences found`,
  runNow: "Run reconciliation now",
  running: "Running...",
  ranClean: "Reconciliation ran: everything agrees",
  ranDifferences: (count: number) =>
    `Reconciliation ran: ${count === 1 ? "1 difference" : `${count} differences`} found`,
  runFailed: "Could not run the reconciliation",
  // Lists that are cut short, and lists in pages
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  pageOf: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
} as const;
