/*
 * No-shows by rule (issue 41): when a party may report that the other did not come, how long
 * the other has to dispute, and when an advisor's upheld no-shows hide them from search. Pure,
 * so the server (which decides, with its clock) and the pages (which state the numbers) agree.
 */

/** A report opens this many minutes after the session's start… */
export const NO_SHOW_REPORT_OPENS_MINUTES = 10;
/** …and closes this many hours after its end. */
export const NO_SHOW_REPORT_CLOSES_HOURS = 48;
/** The reported party may dispute for this many hours after the report. */
export const NO_SHOW_DISPUTE_HOURS = 48;
/** This many upheld no-shows against an advisor… */
export const NO_SHOW_STRIKES = 3;
/** …within this many days hide them from search until an admin reviews them. */
export const NO_SHOW_STRIKE_DAYS = 90;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Who did not come, as reported or decided. */
export type NoShowParty = "advisor" | "seeker";
/** An admin's decision on a disputed report. */
export const NO_SHOW_OUTCOMES = ["advisor_absent", "seeker_absent", "no_fault"] as const;
export type NoShowOutcome = (typeof NO_SHOW_OUTCOMES)[number];
export const NO_SHOW_STATUSES = ["reported", "disputed", "settled"] as const;
export type NoShowStatus = (typeof NO_SHOW_STATUSES)[number];

/** The span in which either party may report: [opens, closes). */
export function reportWindow(start: Date, end: Date): { opens: Date; closes: Date } {
  return {
    opens: new Date(start.getTime() + NO_SHOW_REPORT_OPENS_MINUTES * MINUTE),
    closes: new Date(end.getTime() + NO_SHOW_REPORT_CLOSES_HOURS * HOUR),
  };
}

/** Whether a session (confirmed or completed) may be reported at `now`. */
export function canReportNoShow(
  session: { start: Date; end: Date; status: string },
  now: Date,
): boolean {
  if (session.status !== "confirmed" && session.status !== "completed") return false;
  const { opens, closes } = reportWindow(session.start, session.end);
  return now >= opens && now < closes;
}

/** The moment a report stands undisputed: the dispute may be sent until just before it. */
export function disputeDeadline(reportedAt: Date): Date {
  return new Date(reportedAt.getTime() + NO_SHOW_DISPUTE_HOURS * HOUR);
}

export function canDispute(report: { status: string; reportedAt: Date }, now: Date): boolean {
  return report.status === "reported" && now < disputeDeadline(report.reportedAt);
}

/** An undisputed report is upheld by rule once its deadline has come. */
export function settlesByRule(report: { status: string; reportedAt: Date }, now: Date): boolean {
  return report.status === "reported" && now >= disputeDeadline(report.reportedAt);
}

/** The party a reporter says was absent: the other one. */
export const absentParty = (reporter: NoShowParty): NoShowParty =>
  reporter === "seeker" ? "advisor" : "seeker";

/** The outcome upholding a report by `reporter`. */
export const upheldOutcome = (reporter: NoShowParty): NoShowOutcome =>
  `${absentParty(reporter)}_absent` as NoShowOutcome;

/** Upheld no-shows against an advisor count from this moment on. */
export const strikeWindowStart = (now: Date) => new Date(now.getTime() - NO_SHOW_STRIKE_DAYS * DAY);

/** Whether this many upheld no-shows in the window hide the advisor from search. */
export const hidesFromSearch = (upheldInWindow: number) => upheldInWindow >= NO_SHOW_STRIKES;

export const NO_SHOW_OUTCOME_LABELS: Record<NoShowOutcome, string> = {
  advisor_absent: "Advisor absent",
  seeker_absent: "Seeker absent",
  no_fault: "No fault",
};

/** A session's report as one of its parties sees it in the sessions list. */
export type SessionNoShow = {
  status: NoShowStatus;
  outcome: NoShowOutcome | null;
  /** The viewer made the report. */
  mine: boolean;
  /** The viewer may dispute it now. */
  canDispute: boolean;
};

/** The admin dashboard's month: reports, and those upheld against advisors and seekers. */
export type NoShowMonth = { month: string; reported: number; advisors: number; seekers: number };

/** "2026-11" as the dashboard says it: "Nov 2026". */
export function monthLabel(key: string): string {
  const [y, m] = key.split("-").map(Number) as [number, number];
  const names = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ];
  return `${names[m - 1]} ${y}`;
}

/** The rules in words, for the refund policy and the code of conduct, from the constants. */
export const NO_SHOW_RULES = {
  report: `From ${NO_SHOW_REPORT_OPENS_MINUTES} minutes after a session's start until ${NO_SHOW_REPORT_CLOSES_HOURS} hours after its end, either party can report that the other did not come, from the session's details on the dashboard, with a note.`,
  dispute: `The other party is told by e-mail and can dispute the report within ${NO_SHOW_DISPUTE_HOURS} hours, with a note. A disputed report is decided by our team, who look at the session's booking, e-mails, messages and both notes.`,
  advisorAbsent: `If the advisor did not come (a report left undisputed for ${NO_SHOW_DISPUTE_HOURS} hours, or our team's decision), the seeker gets a full refund to the original payment method and the no-show counts against the advisor.`,
  seekerAbsent: `If the seeker did not come, the session counts as held: the advisor keeps the fee and no refund is due.`,
  strikes: `An advisor with ${NO_SHOW_STRIKES} upheld no-shows within ${NO_SHOW_STRIKE_DAYS} days is hidden from search until our team has reviewed their account, and is told why by e-mail.`,
} as const;

/** Month keys ("2026-11") of the `count` months up to the one holding `now`, oldest first. */
export function lastMonths(now: Date, count: number, timeZone = "Asia/Kolkata"): string[] {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" })
    .format(now)
    .split("-")
    .map(Number) as [number, number];
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return months;
}
