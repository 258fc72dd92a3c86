import { utcStamp } from "./ics";
import type { SessionEvent } from "./session-event";

/**
 * "Add to calendar" links for a session: each opens the calendar's new-event form filled in
 * from the same SessionEvent as the .ics invitation. Times go in UTC ("Z"), so each calendar
 * shows them in its owner's zone. Such an event is a copy the calendar owns: unlike the
 * invitation, a later reschedule does not update it.
 */

/** A query string with every value percent-encoded (spaces as %20, which both calendars read). */
function query(params: [string, string][]): string {
  return params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
}

/** 2026-03-14T09:30:00Z, Outlook's `startdt` / `enddt` form. */
function isoUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}/, "");
}

/**
 * The most of the description a link carries: 30 topics and a 1,000-character note would make
 * a URL of tens of kilobytes, past what the calendars (and the page, twice over) should carry.
 * The links come first in the description, so a shortened one keeps them; the .ics has it all.
 */
export const LINK_DESCRIPTION_MAX = 1000;

function shortened(description: string): string {
  const chars = Array.from(description); // whole characters: no half of a surrogate pair
  return chars.length <= LINK_DESCRIPTION_MAX
    ? description
    : `${chars.slice(0, LINK_DESCRIPTION_MAX - 1).join("")}…`;
}

export function googleCalendarUrl(event: SessionEvent): string {
  return `https://calendar.google.com/calendar/render?${query([
    ["action", "TEMPLATE"],
    ["text", event.summary],
    // The slash between the two times stays literal, as Google's own links write it.
  ])}&dates=${utcStamp(event.start)}/${utcStamp(event.end)}&${query([
    ["details", shortened(event.description)],
    ["location", event.location],
  ])}`;
}

/**
 * Outlook on the web for Outlook.com accounts (outlook.live.com); a work account's Outlook
 * (outlook.office.com) takes the same parameters, and the .ics download serves both.
 */
export function outlookCalendarUrl(event: SessionEvent): string {
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query([
    ["path", "/calendar/action/compose"],
    ["rru", "addevent"],
    ["subject", event.summary],
    ["startdt", isoUtc(event.start)],
    ["enddt", isoUtc(event.end)],
    ["body", shortened(event.description)],
    ["location", event.location],
  ])}`;
}
