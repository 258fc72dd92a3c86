// Every text of no-show reports, disputes and decisions (issue 41), defined once.

import {
  NO_SHOW_DISPUTE_HOURS,
  NO_SHOW_REPORT_CLOSES_HOURS,
  NO_SHOW_REPORT_OPENS_MINUTES,
  NO_SHOW_STRIKE_DAYS,
  NO_SHOW_STRIKES,
} from "../no-show";

export const NO_SHOW_NOTE_MAX = 1000;

export const NO_SHOW_MESSAGES = {
  notFound: "Session not found",
  windowClosed: `A no-show can be reported from ${NO_SHOW_REPORT_OPENS_MINUTES} minutes after the start until ${NO_SHOW_REPORT_CLOSES_HOURS} hours after the end of a session.`,
  alreadyReported: "This session has already been reported.",
  cannotDispute: `This report can no longer be disputed: disputes are accepted for ${NO_SHOW_DISPUTE_HOURS} hours after a report.`,
  notOpen: "This report has already been decided.",
  noteRequired: "Please tell us what happened.",
  noteTooLong: `Please keep your note under ${NO_SHOW_NOTE_MAX} characters.`,
  outcomeRequired: "Please choose a decision.",
  reportButton: (other: "advisor" | "seeker") =>
    other === "advisor" ? "Report advisor no-show" : "Report seeker no-show",
  reportTitle: (other: "advisor" | "seeker") =>
    other === "advisor"
      ? "Report that your advisor did not come"
      : "Report that your seeker did not come",
  reportIntro: `The other party is told and can dispute your report within ${NO_SHOW_DISPUTE_HOURS} hours. Undisputed, it stands; disputed, our team decides.`,
  reportedToast: "No-show reported",
  disputeButton: "Dispute no-show report",
  disputeTitle: "Dispute this no-show report",
  disputedToast: "Dispute sent",
  noteLabel: "What happened",
  /** The state of a session's report, as each party reads it. */
  state: (input: { status: string; outcome: string | null; mine: boolean }) => {
    if (input.status === "reported")
      return input.mine
        ? "You reported a no-show; awaiting the other party."
        : "Reported as a no-show by the other party.";
    if (input.status === "disputed") return "No-show report disputed; our team is reviewing it.";
    if (input.outcome === "advisor_absent") return "No-show upheld: the advisor did not come.";
    if (input.outcome === "seeker_absent") return "No-show upheld: the seeker did not come.";
    return "No-show report closed with no fault found.";
  },
  hiddenReason: `${NO_SHOW_STRIKES} upheld no-shows within ${NO_SHOW_STRIKE_DAYS} days`,
  decidedToast: "Decision recorded",
  restoredToast: "Advisor restored to search",
  queueEmpty: "No disputed no-show reports.",
} as const;
