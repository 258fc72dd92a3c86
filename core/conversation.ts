/*
 * Conversations between a seeker and an advisor (issue 39): the names the schema and the
 * pages share. The rules themselves (masking, limits, what a notice says) live beside these as
 * they are built.
 */

/** What happened to a session between the two, shown inline in their conversation. */
export const SESSION_NOTICE_EVENTS = ["booked", "rescheduled", "cancelled"] as const;
export type SessionNoticeEvent = (typeof SESSION_NOTICE_EVENTS)[number];

/** A report of a conversation waits for an admin, who closes it with one outcome. */
export const REPORT_STATUSES = ["open", "closed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_OUTCOMES = [
  "dismissed",
  "warned",
  "blocked_from_messaging",
  "suspended",
] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
