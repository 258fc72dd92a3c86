// Calendar invitations as .ics text (RFC 5545): REQUEST creates or updates an event, CANCEL
// removes it. Calendars match updates by UID and keep the highest SEQUENCE, so a reschedule
// sends the same UID with SEQUENCE + 1.

export type IcsEvent = {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  /** When the invitation was generated (DTSTAMP). */
  stamp: Date;
};

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Escapes TEXT values: backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets, continuation lines starting with a space. */
export function foldIcsLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const quoteName = (name: string) => `"${name.replace(/"/g, "'")}"`;

export function buildIcs(method: "REQUEST" | "CANCEL", event: IcsEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//BeenThere//Sessions//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    `ORGANIZER;CN=${quoteName(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...event.attendees.map(
      (a) => `ATTENDEE;CN=${quoteName(a.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${a.email}`,
    ),
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

/** The event's UID: the calendar's own id when there is one, else the booking id. */
export function icsUid(booking: { id: string; calendarEventId: string | null }): string {
  return booking.calendarEventId ?? `${booking.id}@beenthere`;
}
