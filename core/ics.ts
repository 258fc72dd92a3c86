import { isPlainAddress, normaliseLineBreaks, toSingleLine } from "./plain-text";

/**
 * iCalendar (RFC 5545) invitations for a booking. Times are written in UTC: every calendar
 * shows them in its owner's zone. The UID stays the same for the booking's life and the
 * SEQUENCE rises with each change, so a reschedule or cancellation updates the same event.
 */
export type CalendarInvite = {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  /** The meeting URL. */
  location: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  /** When the invitation is written (injected: no clock reads here). */
  stamp: Date;
};

/** 20260314T093000Z: RFC 5545's UTC DATE-TIME, which Google Calendar's links take too. */
export function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** RFC 5545's CONTROL (all C0 but HTAB, and DEL), plus the C1 controls. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line-break
 * form written as the two characters "\n", other controls dropped.
 */
function text(value: string): string {
  return normaliseLineBreaks(value)
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n")
    .replace(CONTROL, "");
}

/** A quoted parameter value (CN): one line, no control character, no DQUOTE (RFC 5545 3.2). */
function param(value: string): string {
  return `"${toSingleLine(value).replace(/"/g, "'")}"`;
}

/** `mailto:` for a safe address, else null: the line is left out rather than written unsafe. */
function mailto(address: string): string | null {
  return isPlainAddress(address) ? `mailto:${address}` : null;
}

/** An http(s) URI as the URL parser writes it (no space, control or non-ASCII), else null. */
function uri(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1), split
 * between characters, never inside one character's UTF-8 octets.
 */
const encoder = new TextEncoder();
const octets = (value: string) => encoder.encode(value).length;

function fold(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const charSize = octets(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + charSize > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildIcs(invite: CalendarInvite): string {
  const end = new Date(invite.start.getTime() + invite.durationMinutes * 60_000);
  const cancelled = invite.method === "CANCEL";
  const url = uri(invite.location);
  const organizer = mailto(invite.organizer.email);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//BeenThere//Sessions//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${invite.method}`,
    "BEGIN:VEVENT",
    `UID:${text(invite.uid)}`,
    `SEQUENCE:${Math.trunc(invite.sequence)}`,
    `DTSTAMP:${utcStamp(invite.stamp)}`,
    `DTSTART:${utcStamp(invite.start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${text(invite.summary)}`,
    `DESCRIPTION:${text(invite.description)}`,
    `LOCATION:${text(invite.location)}`,
    ...(url ? [`URL:${url}`] : []),
    ...(organizer ? [`ORGANIZER;CN=${param(invite.organizer.name)}:${organizer}`] : []),
    ...invite.attendees.flatMap((a) => {
      const address = mailto(a.email);
      return address
        ? [
            `ATTENDEE;CN=${param(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:${address}`,
          ]
        : [];
    }),
    `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
