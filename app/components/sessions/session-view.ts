import type { Role } from "../../../core/roles";
import { formatSessionTime } from "../../../core/format";
import type { SessionRow } from "../../../core/sessions";

export type { SessionRow };

/** What the dashboard's action answers a session dialog (details, reschedule, cancel, review). */
export type SessionActionResult = {
  intent: string;
  ok: boolean;
  code?: string;
  message?: string;
  hoursRemaining?: number;
  refundPaise?: number;
  /** The change stands, but the calendar could not follow it. */
  warning?: string;
  /** A form that did not pass: each field's message (the form kit's FormFailure key). */
  fieldErrors?: Record<string, string | undefined>;
};

/** The other party's name as this viewer sees it; an admin sees both. */
export function counterpart(row: SessionRow, role: Role): string {
  if (role === "admin") return `${row.seekerName} with ${row.advisorName}`;
  return role === "advisor" ? row.seekerName : row.advisorName;
}

/** The zone this viewer reads times in (an admin reads the seeker's, as the list shows). */
export function viewerZone(row: SessionRow, role: Role): string {
  return role === "advisor" ? row.advisorTimezone : row.seekerTimezone;
}

/** The time in the viewer's zone, and in the other party's zone when it differs. */
export function sessionTimes(
  row: SessionRow,
  role: Role,
): { primary: string; secondary: string | null } {
  const mine = viewerZone(row, role);
  const theirs = role === "advisor" ? row.seekerTimezone : row.advisorTimezone;
  const start = new Date(row.datetime);
  const secondary =
    mine === theirs
      ? null
      : `${formatSessionTime(start, theirs)} ${role === "admin" ? "advisor's" : role === "advisor" ? "seeker's" : "advisor's"} time`;
  return { primary: formatSessionTime(start, mine), secondary };
}

export const SESSION_TYPE_LABELS: Record<string, string> = {
  "Discovery Call": "Free Discovery Call",
  "First Call": "First Call",
  "Follow up call": "Follow up call",
};
