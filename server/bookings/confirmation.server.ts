import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatSessionTime, sessionTypeLabel } from "../../core/booking";
import { advisorDisplayName, fullName } from "../../core/format";
import { buildIcs } from "../../core/ics";
import type { Config } from "../config.server";
import type { Tx } from "../db/client.server";
import { advisors, bookings, users } from "../db/schema";
import { queueEmail } from "../mail/mailer.server";
import { calendarUid, meetingLink } from "./meeting-link.server";

const advisorUsers = alias(users, "advisor_users");

/** A booking with both parties, as the invitation and e-mails need it. */
export async function loadBookingParties(tx: Tx, bookingId: string) {
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
 */
export async function onBookingConfirmed(
  tx: Tx,
  config: Pick<Config, "appUrl" | "meetingBaseUrl" | "mail">,
  bookingId: string,
  now: Date,
) {
  const loaded = await loadBookingParties(tx, bookingId);
  if (!loaded) throw new Error(`Confirmed booking ${bookingId} not found`);
  const { booking, seeker, advisor } = loaded;
  const link =
    booking.videoCallLink ?? booking.googleMeetLink ?? meetingLink(config.meetingBaseUrl);
  const uid = booking.calendarEventId ?? calendarUid(booking.id);
  await tx
    .update(bookings)
    .set({ videoCallLink: link, calendarEventId: uid })
    .where(eq(bookings.id, booking.id));

  const seekerName = fullName(seeker.firstName, seeker.lastName) || seeker.email;
  const advisorName = advisorDisplayName(advisor);
  const type = sessionTypeLabel(booking.sessionType);
  const ics = buildIcs({
    method: "REQUEST",
    uid,
    sequence: booking.calendarSequence,
    start: booking.datetime,
    durationMinutes: booking.duration,
    summary: `BeenThere ${type}: ${seekerName} with ${advisorName}`,
    description: [
      `${type}, ${booking.duration} minutes.`,
      booking.topics.length > 0 ? `Topics: ${booking.topics.join(", ")}` : "",
      booking.additionalInfo ? `Notes: ${booking.additionalInfo}` : "",
      `Join: ${link}`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: link,
    organizer: { name: "BeenThere", email: mailAddress(config.mail.from) },
    attendees: [
      { name: seekerName, email: seeker.email },
      { name: advisorName, email: advisor.email },
    ],
    stamp: now,
  });
  const attachment = {
    filename: "invite.ics",
    contentType: "text/calendar; charset=utf-8; method=REQUEST",
    content: ics,
  };
  const dashboard = `${config.appUrl}/dashboard`;
  const parties = [
    {
      to: seeker.email,
      zone: booking.seekerTimezone,
      other: advisorName,
      greeting: seeker.firstName,
    },
    {
      to: advisor.email,
      zone: booking.advisorTimezone,
      other: seekerName,
      greeting: advisor.firstName,
    },
  ];
  for (const party of parties) {
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
  return { link, uid };
}

/** "BeenThere <no-reply@x>" → "no-reply@x". */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
