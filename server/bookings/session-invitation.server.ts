import { advisorDisplayName } from "../../core/format";
import { buildIcs } from "../../core/ics";
import {
  type SessionEvent,
  type SessionRecordFacts,
  seekerDisplayName,
  sessionEventOf,
} from "../../core/session-event";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import type { bookings } from "../db/schema";
import type { Actor } from "./actor";
import { calendarUid } from "../../core/session-links";
import { loadSession } from "../repositories/booking-parties.server";
import { isVisibleSession, partOf } from "./session-record.server";

/** A booking with both parties, as the booking-parties repository reads it. */
export type InvitationRecord = SessionRecordFacts & {
  booking: SessionRecordFacts["booking"] &
    Pick<typeof bookings.$inferSelect, "id" | "calendarSequence">;
  seeker: { email: string };
  advisor: { email: string };
};

type InvitationConfig = Pick<Config, "appUrl" | "mail">;

/**
 * Whose copy of the invitation it is. A party's copy names its reader as its one attendee
 * (their own address, which their calendar matches the invitation to); an admin's copy, who is
 * not invited, names nobody. The other party is named only in the text: no copy carries
 * anyone's address but its reader's and the platform's.
 */
export type InvitationReader = "seeker" | "advisor" | "admin";

function attendeesFor(record: InvitationRecord, reader: InvitationReader) {
  if (reader === "seeker") {
    return [{ name: seekerDisplayName(record.seeker), email: record.seeker.email }];
  }
  if (reader === "advisor") {
    return [{ name: advisorDisplayName(record.advisor), email: record.advisor.email }];
  }
  return [];
}

/**
 * The booking's .ics as it stands, in its reader's copy: the one code path for the
 * confirmation, reschedule and cancellation e-mails and the "Download .ics" answer, so each
 * copy has the booking's stable UID and its current SEQUENCE (raised by every reschedule and by
 * the cancel) and a calendar updates the event it holds rather than adding a second one. A
 * party's download is byte for byte the copy e-mailed to them, but for its DTSTAMP.
 */
export function sessionIcs(
  record: InvitationRecord,
  method: "REQUEST" | "CANCEL",
  config: InvitationConfig,
  now: Date,
  reader: InvitationReader,
): string {
  const event = sessionEventOf(record, config.appUrl);
  return buildIcs({
    method,
    uid: calendarUid(record.booking.id),
    sequence: record.booking.calendarSequence,
    start: event.start,
    durationMinutes: record.booking.duration,
    summary: event.summary,
    description: event.description,
    location: event.location,
    // The e-mails' sender (the platform, never a party) organises the event, so a calendar
    // takes its updates as the organiser's.
    organizer: { name: "BeenThere", email: mailAddress(config.mail.from) },
    attendees: attendeesFor(record, reader),
    stamp: now,
  });
}

/** The invitation as an attachment of the e-mail to one party (`reader`). */
export function invitationAttachment(
  record: InvitationRecord,
  method: "REQUEST" | "CANCEL",
  config: InvitationConfig,
  now: Date,
  reader: "seeker" | "advisor",
) {
  return {
    filename: method === "CANCEL" ? "cancelled-session.ics" : "session.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: sessionIcs(record, method, config, now, reader),
  };
}

/** "BeenThere <no-reply@x>" → "no-reply@x". */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/**
 * "Download .ics" for the session's seeker, its advisor or an admin, each their own copy (see
 * InvitationReader); null for anyone else and
 * for a hold that never became a session (not found, whichever it is). A cancelled session
 * answers the cancellation the e-mail carried (METHOD:CANCEL, its SEQUENCE): opened in a
 * calendar that holds the event, it removes it, and it never adds one.
 */
export async function sessionCalendarFile(
  db: Db,
  input: { actor: Actor; bookingId: string; config: InvitationConfig; now: Date },
): Promise<{ filename: string; content: string } | null> {
  const record = await loadSession(db, input.bookingId);
  const reader = record && isVisibleSession(record.booking.status) && partOf(record, input.actor);
  if (!record || !reader) return null;
  const method = record.booking.status === "cancelled" ? "CANCEL" : "REQUEST";
  return {
    filename: `beenthere-session-${record.booking.datetime.toISOString().slice(0, 10)}.ics`,
    content: sessionIcs(record, method, input.config, input.now, reader),
  };
}

/**
 * The event the confirmation page offers to calendars, built like the invitation. The caller
 * has already decided the viewer may see this booking.
 */
export async function sessionEventFor(
  db: Db,
  bookingId: string,
  appUrl: string,
): Promise<SessionEvent | null> {
  const record = await loadSession(db, bookingId);
  return record ? sessionEventOf(record, appUrl) : null;
}
