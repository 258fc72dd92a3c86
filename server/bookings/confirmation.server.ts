import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { sessionTypeLabel } from "../../core/booking";
import { advisorDisplayName, formatSessionTime } from "../../core/format";
import { seekerDisplayName } from "../../core/session-event";
import type { Config } from "../config.server";
import { type CalendarClient, googleEventId } from "../calendar/calendar.server";
import type { Db, Tx } from "../db/client.server";
import type { Logger } from "../logger.server";
import { advisors, bookings, users } from "../db/schema";
import { queueEmail } from "../mail/mailer.server";
import { queueSessionEvent } from "../calendar/own/session-events.server";
import { calendarUid, meetingLink } from "./meeting-link.server";
import { invitationAttachment, sessionEventOf } from "./session-invitation.server";
import { passOverLateReminders } from "./session-jobs.server";

const advisorUsers = alias(users, "advisor_users");

/** A booking with both parties, as the invitation and e-mails need it. */
export async function loadBookingParties(tx: Db | Tx, bookingId: string) {
  const [row] = await tx
    .select({
      booking: bookings,
      seeker: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      advisor: {
        firstName: advisorUsers.firstName,
        lastName: advisorUsers.lastName,
        email: advisorUsers.email,
        jobTitle: advisors.jobTitle,
      },
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(advisors, eq(advisors.id, bookings.advisorId))
    .innerJoin(advisorUsers, eq(advisorUsers.id, advisors.userId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

/**
 * What happens once a booking is confirmed, in the confirming transaction: its meeting room
 * and stable calendar UID are stored, and both parties get an e-mail with an .ics invitation
 * showing the time in their own zone. The e-mails leave through the outbox after commit.
 *
 * With Google Calendar configured, one event with a Meet link is made for both parties first.
 * The transaction does not depend on it: if Google fails, the booking is confirmed all the
 * same with the room under MEETING_BASE_URL, and the failure is logged.
 */
export async function onBookingConfirmed(
  tx: Tx,
  deps: {
    config: Pick<Config, "appUrl" | "meetingBaseUrl" | "mail">;
    logger: Pick<Logger, "error">;
    calendar: CalendarClient | null;
  },
  bookingId: string,
  now: Date,
) {
  const { config } = deps;
  const loaded = await loadBookingParties(tx, bookingId);
  if (!loaded) throw new Error(`Confirmed booking ${bookingId} not found`);
  const { booking, seeker, advisor } = loaded;
  const seekerName = seekerDisplayName(seeker);
  const advisorName = advisorDisplayName(advisor);
  const type = sessionTypeLabel(booking.sessionType);
  const { summary } = sessionEventOf(loaded, config.appUrl);
  const uid = calendarUid(booking.id);
  const fallbackRoom = booking.videoCallLink ?? meetingLink(config.meetingBaseUrl);

  let google = { eventId: googleEventId(booking), meetLink: booking.googleMeetLink };
  const { calendar } = deps;
  if (calendar && !google.eventId) {
    try {
      google = await calendar.createEvent({
        requestId: booking.id,
        summary,
        description: `${type}, ${booking.duration} minutes. Manage it at ${config.appUrl}/dashboard`,
        start: booking.datetime,
        end: booking.endsAt,
        attendees: [
          { name: seekerName, email: seeker.email },
          { name: advisorName, email: advisor.email },
        ],
      });
    } catch (error) {
      deps.logger.error(
        { err: error, bookingId },
        "Google Calendar event not created: the session keeps its MEETING_BASE_URL room",
      );
    }
  }
  await queueSessionEvent(tx, booking.id, "confirmed", now);
  await passOverLateReminders(tx, booking.id, booking.datetime, now);
  const link = google.meetLink ?? fallbackRoom;
  await tx
    .update(bookings)
    .set({
      videoCallLink: fallbackRoom,
      googleMeetLink: google.meetLink,
      calendarEventId: google.eventId ?? uid,
    })
    .where(eq(bookings.id, booking.id));

  // The invitation reads the booking as just stored: its room, or Google's Meet link.
  const stored = {
    ...loaded,
    booking: { ...booking, videoCallLink: fallbackRoom, googleMeetLink: google.meetLink },
  };
  const dashboard = `${config.appUrl}/dashboard`;
  const parties = [
    {
      to: seeker.email,
      zone: booking.seekerTimezone,
      other: advisorName,
      greeting: seeker.firstName,
      reader: "seeker" as const,
    },
    {
      to: advisor.email,
      zone: booking.advisorTimezone,
      other: seekerName,
      greeting: advisor.firstName,
      reader: "advisor" as const,
    },
  ];
  for (const party of parties) {
    // Each party's own copy: it names the other only in its text (session-invitation.server.ts).
    const attachment = invitationAttachment(stored, "REQUEST", config, now, party.reader);
    await queueEmail(tx, {
      to: party.to,
      subject: `Booking confirmed: ${type} with ${party.other}`,
      heading: "Your session is booked",
      paragraphs: [
        `Hi ${party.greeting || "there"}, your ${type} with ${party.other} is confirmed.`,
        `When: ${formatSessionTime(booking.datetime, party.zone)}, ${booking.duration} minutes.`,
        `Meeting link: ${link} (opens 15 minutes before the start).`,
        "The calendar invitation is attached.",
      ],
      action: { label: "Go to Dashboard", url: dashboard },
      attachments: [attachment],
    });
  }
  return { link, uid, googleEventId: google.eventId };
}
