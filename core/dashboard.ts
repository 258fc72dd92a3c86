import type { AdvisorStatus } from "./admin/advisor-status";
import type { CalendarConnectionStatus } from "./advisor-calendar";
import type { AdvisorRating } from "./advisor-card";

/** The advisor dashboard's profile facts and tiles (server/bookings/dashboard.server.ts). */
export type AdvisorStats = {
  id: string;
  status: AdvisorStatus;
  hourlyRateInr: number;
  experienceYears: number | null;
  isActive: boolean;
  totalBookings: number;
  /** Paise earned so far, after commission: pending + available + paid out. */
  earnedPaise: number;
  rating: AdvisorRating | null;
  /** Their own Google Calendar's state (ADR 75); null when none is connected. */
  calendarStatus: CalendarConnectionStatus | null;
  /** Their own edit of a live profile: waiting for review or turned down (ADR 83), or null. */
  profileChanges: "pending" | "rejected" | null;
};

/** The admin dashboard's tiles and the first pending applications. */
export type AdminStats = {
  totalUsers: number;
  totalAdvisors: number;
  pendingApprovals: number;
  completedSessions: number;
  totalSessions: number;
  pending: {
    id: string;
    headshotUrl: string | null;
    firstName: string;
    lastName: string;
    email: string;
    jobTitle: string | null;
    company: string | null;
  }[];
};

/**
 * The dashboard's welcome line: "back" only for someone who has signed in before this visit,
 * never on a brand-new account's first one.
 */
export function dashboardGreeting(firstName: string, returning: boolean): string {
  const name = firstName.trim();
  const welcome = returning ? "Welcome back" : "Welcome";
  return name ? `${welcome}, ${name}!` : `${welcome}!`;
}
