// The rules of a booked session's life (modify cutoff, refunds, joining, earnings), pure so
// the server decides with them and the browser shows the same answer.

export const MODIFY_CUTOFF_HOURS = 12;
export const FULL_REFUND_HOURS = 24;
/** Join Meeting (and the meeting link) opens this long before the start. */
export const JOIN_EARLY_MINUTES = 15;
export const REMINDER_HOURS = [24, 1] as const;
export type ReminderHours = (typeof REMINDER_HOURS)[number];

import type { BookingStatus, PaymentStatus, RefundStatus } from "./booking-status";
import type { SessionType } from "./session-types";

const HOUR_MS = 3_600_000;

export type SessionStatus = BookingStatus;

/** One session of a sessions list (server/bookings/session-list.server.ts selects these). */
export type SessionRow = {
  id: string;
  status: BookingStatus;
  datetime: Date;
  endsAt: Date;
  duration: number;
  sessionType: SessionType;
  topics: string[];
  additionalInfo: string | null;
  cancellationReason: string | null;
  /** Whose part the person who cancelled had: compared by user id, as the refund rule was decided. */
  cancelledBy: CancelledByRole | null;
  cancelledAt: Date | null;
  /** The Google Meet link, else the MEETING_BASE_URL room. */
  meetingLink: string | null;
  advisorTimezone: string;
  seekerTimezone: string;
  reviewSubmitted: boolean;
  advisorId: string;
  seekerUserId: string;
  seekerName: string;
  seekerEmail: string;
  advisorName: string;
  advisorEmail: string;
  advisorHeadshot: string | null;
  advisorJobTitle: string | null;
  paidPaise: number | null;
  paymentStatus: PaymentStatus | null;
  /** A session of a bought package: cancelling gives it back to the package, or uses it. */
  fromPackage?: boolean;
  refundPaise: number | null;
  refundStatus: RefundStatus | null;
  refundProcessedAt: Date | null;
  /** A provider error or refusal happened; the refund job keeps trying. */
  refundRetrying: boolean;
};
export const SESSION_TABS = ["upcoming", "completed", "cancelled"] as const;
export type SessionTab = (typeof SESSION_TABS)[number];
export const TAB_STATUS: Record<SessionTab, SessionStatus> = {
  upcoming: "confirmed",
  completed: "completed",
  cancelled: "cancelled",
};
export const TAB_LABELS: Record<SessionTab, string> = {
  upcoming: "Upcoming",
  completed: "Completed",
  cancelled: "Cancelled",
};

export function isSessionTab(value: unknown): value is SessionTab {
  return typeof value === "string" && (SESSION_TABS as readonly string[]).includes(value);
}

/** Whole hours left before the start (0 once it has begun), as the Cannot dialogs show. */
export function hoursRemaining(start: Date, now: Date): number {
  return Math.max(0, Math.floor((start.getTime() - now.getTime()) / HOUR_MS));
}

export type ModifyDenial = "not-confirmed" | "past" | "cutoff";

/**
 * May this session be rescheduled or cancelled now? Only confirmed sessions that have not
 * started; parties need 12 hours' notice, admins do not.
 */
export function modificationDenial(input: {
  status: SessionStatus;
  start: Date;
  now: Date;
  isAdmin: boolean;
}): ModifyDenial | null {
  if (input.status !== "confirmed") return "not-confirmed";
  const left = input.start.getTime() - input.now.getTime();
  if (left <= 0) return "past";
  if (!input.isAdmin && left < MODIFY_CUTOFF_HOURS * HOUR_MS) return "cutoff";
  return null;
}

export type CancelledByRole = "seeker" | "advisor" | "admin";

/**
 * A seeker who cancels 24 hours or more ahead gets everything back, later nothing; when the
 * advisor or an admin cancels the seeker is always refunded in full.
 */
export function refundPaise(input: {
  paidPaise: number;
  start: Date;
  cancelledAt: Date;
  by: CancelledByRole;
}): number {
  if (input.paidPaise <= 0) return 0;
  if (input.by !== "seeker") return input.paidPaise;
  const notice = input.start.getTime() - input.cancelledAt.getTime();
  return notice >= FULL_REFUND_HOURS * HOUR_MS ? input.paidPaise : 0;
}

/**
 * The reminders passed over for a session confirmed (or moved) at `now`: those whose moment
 * has already come. A session booked less than a reminder's lead ahead never gets it (booked
 * 19 hours ahead: no "tomorrow" e-mail, only the 1-hour one).
 */
export function remindersPassedOver(start: Date, now: Date): ReminderHours[] {
  return REMINDER_HOURS.filter((hours) => start.getTime() - now.getTime() <= hours * HOUR_MS);
}

/** The meeting can be joined from JOIN_EARLY_MINUTES before the start until the end. */
export function canJoin(input: { status: SessionStatus; start: Date; end: Date; now: Date }) {
  const t = input.now.getTime();
  return (
    input.status === "confirmed" &&
    t >= input.start.getTime() - JOIN_EARLY_MINUTES * 60_000 &&
    t < input.end.getTime()
  );
}

/**
 * The Join button's words for a meeting link: the provider the link really leads to (a Google
 * Meet link from the calendar, a Jitsi room from MEETING_BASE_URL's default), else neutral.
 */
export function joinLabel(link: string): string {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return "Join Meeting";
  }
  if (host === "meet.google.com") return "Join Google Meet";
  if (host === "meet.jit.si" || host.endsWith(".jit.si")) return "Join Jitsi Meet";
  return "Join Meeting";
}

export type ReviewScores = { ratingHelpfulness: number; ratingActionability: number };

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** One review's score: the mean of its two star ratings. */
export function reviewScore(review: ReviewScores): number {
  return (review.ratingHelpfulness + review.ratingActionability) / 2;
}

/** The mean of review scores, one decimal; null before the first review. */
export function averageRating(reviews: readonly ReviewScores[]): number | null {
  if (reviews.length === 0) return null;
  return oneDecimal(reviews.reduce((sum, r) => sum + reviewScore(r), 0) / reviews.length);
}

/** The rating to show: the real average once there are reviews, the fixed 5.0 before. */
export function displayRating(average: number | null): string {
  return (average ?? 5).toFixed(1);
}

/** Share of reviews that recommend the advisor, whole percent; null without reviews. */
export function recommendPercent(recommended: number, total: number): number | null {
  return total === 0 ? null : Math.round((recommended / total) * 100);
}

/** The admin dashboard lists this many pending advisors; "View All" shows from this many. */
export const PENDING_PREVIEW = 5;
