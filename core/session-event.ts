import { type SessionType, sessionTypeLabel } from "./booking";
import { advisorDisplayName, formatSessionTimes, fullName } from "./format";
import { joinLinkOf } from "./session-links";
import type { SessionRow } from "./sessions";

/**
 * What a session's calendar event says: its title, times, description and place. One rule
 * for the e-mailed .ics invitation, its download and the Google and Outlook links, so every
 * copy of the event reads the same.
 */
export type SessionEvent = {
  summary: string;
  description: string;
  /** The meeting link, else the dashboard (where the link appears once the room exists). */
  location: string;
  start: Date;
  end: Date;
};

export type SessionEventFacts = {
  sessionType: SessionType;
  start: Date;
  duration: number;
  topics: readonly string[];
  additionalInfo: string | null;
  joinLink: string | null;
  seeker: { firstName: string; lastName: string; email: string };
  advisor: { firstName: string; lastName: string; jobTitle: string | null };
  /** `${APP_URL}/dashboard`, where the session is managed. */
  dashboardUrl: string;
  /** The parties' time zones (seeker's, advisor's): the description says when in each. */
  zones?: readonly string[];
};

/** The names the e-mails and the event use: a seeker without one by e-mail address. */
export function seekerDisplayName(seeker: SessionEventFacts["seeker"]): string {
  return fullName(seeker.firstName, seeker.lastName) || seeker.email;
}

export function sessionEvent(facts: SessionEventFacts): SessionEvent {
  const type = sessionTypeLabel(facts.sessionType);
  const seeker = seekerDisplayName(facts.seeker);
  const advisor = advisorDisplayName(facts.advisor);
  return {
    summary: `BeenThere ${type}: ${seeker} with ${advisor}`,
    // The links first: a calendar's preview shows the start, and a link's shortened copy
    // (calendar-links.ts) keeps them.
    description: [
      `${type}, ${facts.duration} minutes.`,
      facts.zones ? `When: ${formatSessionTimes(facts.start, facts.zones)}` : "",
      facts.joinLink ? `Join: ${facts.joinLink}` : "",
      `Manage: ${facts.dashboardUrl}`,
      facts.topics.length > 0 ? `Topics: ${facts.topics.join(", ")}` : "",
      facts.additionalInfo ? `Notes: ${facts.additionalInfo}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    location: facts.joinLink ?? facts.dashboardUrl,
    start: facts.start,
    end: new Date(facts.start.getTime() + facts.duration * 60_000),
  };
}

/**
 * The same event from a sessions-list row (whose names arrive joined), for the session details
 * dialog; the server builds the invitation from the booking with sessionEvent too.
 */
export function sessionRowEvent(
  row: Pick<
    SessionRow,
    | "sessionType"
    | "datetime"
    | "duration"
    | "topics"
    | "additionalInfo"
    | "meetingLink"
    | "seekerName"
    | "seekerEmail"
    | "advisorName"
    | "advisorJobTitle"
    | "seekerTimezone"
    | "advisorTimezone"
  >,
  dashboardUrl: string,
): SessionEvent {
  return sessionEvent({
    sessionType: row.sessionType,
    start: new Date(row.datetime),
    duration: row.duration,
    topics: row.topics,
    additionalInfo: row.additionalInfo,
    joinLink: row.meetingLink,
    seeker: { firstName: row.seekerName, lastName: "", email: row.seekerEmail },
    advisor: { firstName: row.advisorName, lastName: "", jobTitle: row.advisorJobTitle },
    dashboardUrl,
    zones: [row.seekerTimezone, row.advisorTimezone],
  });
}

/** A booking with both parties, as the server reads it (the booking-parties repository). */
export type SessionRecordFacts = {
  booking: {
    sessionType: SessionType;
    datetime: Date;
    duration: number;
    topics: readonly string[];
    additionalInfo: string | null;
    seekerTimezone: string;
    advisorTimezone: string;
    googleMeetLink: string | null;
    videoCallLink: string | null;
  };
  /** `timeZone`: the party's own zone from their settings, which wins over the booking's. */
  seeker: SessionEventFacts["seeker"] & { timeZone?: string | null };
  advisor: SessionEventFacts["advisor"] & { timeZone?: string | null };
};

/**
 * The zone a party reads this session's times in: their chosen zone (settings) when they have
 * one, else the zone recorded on the booking (the seeker's browser's, the advisor's schedule's).
 */
export function partyZone(record: SessionRecordFacts, party: "seeker" | "advisor"): string {
  return party === "seeker"
    ? (record.seeker.timeZone ?? record.booking.seekerTimezone)
    : (record.advisor.timeZone ?? record.booking.advisorTimezone);
}

/** The calendar event of a stored session. */
export function sessionEventOf(record: SessionRecordFacts, appUrl: string): SessionEvent {
  const { booking } = record;
  return sessionEvent({
    sessionType: booking.sessionType,
    start: booking.datetime,
    duration: booking.duration,
    topics: booking.topics,
    additionalInfo: booking.additionalInfo,
    joinLink: joinLinkOf(booking),
    seeker: record.seeker,
    advisor: record.advisor,
    dashboardUrl: `${appUrl}/dashboard`,
    zones: [partyZone(record, "seeker"), partyZone(record, "advisor")],
  });
}
