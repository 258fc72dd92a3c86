import { joinLinkOf } from "../../core/session-links";
import { invitationAttachment } from "./session-invitation.server";
import { sessionTypeLabel } from "../../core/booking";
import { advisorDisplayName, formatSessionTime } from "../../core/format";
import { partyZone, seekerDisplayName } from "../../core/session-event";
import { JOIN_EARLY_MINUTES, MODIFY_CUTOFF_HOURS } from "../../core/sessions";
import type { Config } from "../config.server";
import type { Tx } from "../db/client.server";
import { queueEmail } from "../mail/mailer.server";
import type { SessionRecord } from "../repositories/booking-parties.server";

type Party = {
  email: string;
  /** Their first name, for the greeting. */
  greeting: string;
  timeZone: string;
  /** The other party's name as this one reads it. */
  other: string;
  /** Whose copy of the invitation this party gets. */
  reader: "seeker" | "advisor";
};

/** Each party, reading times in their own zone (partyZone: their settings' first). */
function parties(record: SessionRecord): Party[] {
  const { seeker, advisor } = record;
  return [
    {
      email: seeker.email,
      greeting: seeker.firstName,
      timeZone: partyZone(record, "seeker"),
      other: advisorDisplayName(advisor),
      reader: "seeker",
    },
    {
      email: advisor.email,
      greeting: advisor.firstName,
      timeZone: partyZone(record, "advisor"),
      other: seekerDisplayName(seeker),
      reader: "advisor",
    },
  ];
}

/**
 * Both parties learn the session is booked, each with their own copy of the invitation (it
 * names the other only in its text) showing the time in their zone. Sent through the outbox
 * after the confirming transaction commits.
 */
export async function queueConfirmationEmails(
  tx: Tx,
  record: SessionRecord,
  config: Config,
  now: Date,
) {
  const { booking } = record;
  const type = sessionTypeLabel(booking.sessionType);
  const link = joinLinkOf(booking);
  for (const party of parties(record)) {
    await queueEmail(tx, {
      to: party.email,
      name: "session.confirmed",
      subject: `Booking confirmed: ${type} with ${party.other}`,
      heading: "Your session is booked",
      paragraphs: [
        `Hi ${party.greeting || "there"}, your ${type} with ${party.other} is confirmed.`,
        `When: ${formatSessionTime(booking.datetime, party.timeZone)}, ${booking.duration} minutes.`,
        `Meeting link: ${link} (opens ${JOIN_EARLY_MINUTES} minutes before the start).`,
        "The calendar invitation is attached.",
      ],
      action: { label: "Go to Dashboard", url: `${config.appUrl}/dashboard` },
      attachments: [invitationAttachment(record, "REQUEST", config, now, party.reader)],
    });
  }
}

/** Both parties learn the new time, each in their own zone, with an updated invitation. */
export async function queueRescheduleEmails(
  tx: Tx,
  record: SessionRecord,
  previousStart: Date,
  config: Config,
  now: Date,
) {
  const link = joinLinkOf(record.booking);
  for (const party of parties(record)) {
    const attachment = invitationAttachment(record, "REQUEST", config, now, party.reader);
    await queueEmail(tx, {
      to: party.email,
      name: "session.rescheduled",
      subject: "Your BeenThere session has been rescheduled",
      heading: "Session Rescheduled",
      paragraphs: [
        `Your ${record.booking.sessionType} with ${party.other} has moved.`,
        `New time: ${formatSessionTime(record.booking.datetime, party.timeZone)} (was ${formatSessionTime(previousStart, party.timeZone)}).`,
        ...(link ? [`The meeting link stays the same: ${link}`] : []),
        "The attached invitation updates your calendar.",
      ],
      action: { label: "Go to Dashboard", url: `${config.appUrl}/dashboard` },
      attachments: [attachment],
    });
  }
}

/** Both parties learn of the cancellation and its reason; the invitation removes the event. */
export async function queueCancelEmails(
  tx: Tx,
  record: SessionRecord,
  refundPaise: number,
  config: Config,
  now: Date,
) {
  for (const party of parties(record)) {
    const isSeeker = party.reader === "seeker";
    const attachment = invitationAttachment(record, "CANCEL", config, now, party.reader);
    await queueEmail(tx, {
      to: party.email,
      name: "session.cancelled",
      subject: "Your BeenThere session has been cancelled",
      heading: "Session Cancelled",
      paragraphs: [
        `Your ${record.booking.sessionType} with ${party.other} on ${formatSessionTime(record.booking.datetime, party.timeZone)} has been cancelled.`,
        `Reason: ${record.booking.cancellationReason ?? ""}`,
        ...(isSeeker && refundPaise > 0
          ? ["Your refund is being processed; we will e-mail you when it is on its way."]
          : []),
      ],
      action: { label: "Go to Dashboard", url: `${config.appUrl}/dashboard` },
      attachments: [attachment],
    });
  }
}

/** What each reminder e-mail says in its subject and heading: a day, an hour, or now. */
const REMINDER_TITLES = {
  24: { subject: "Your BeenThere session is tomorrow", heading: "Your session is tomorrow" },
  1: { subject: "Your BeenThere session starts in 1 hour", heading: "Starting in 1 hour" },
  0: { subject: "Your BeenThere session starts now", heading: "Starting now" },
} as const;

/**
 * A reminder to each party, with the join link and the time in their zone: 24 hours and 1
 * hour before the start, and at the start ("starts now", `hoursBefore` 0).
 */
export async function queueReminderEmails(
  tx: Tx,
  record: SessionRecord,
  hoursBefore: keyof typeof REMINDER_TITLES,
  config: Config,
) {
  const link = joinLinkOf(record.booking);
  const { subject, heading } = REMINDER_TITLES[hoursBefore];
  for (const party of parties(record)) {
    const time = formatSessionTime(record.booking.datetime, party.timeZone);
    await queueEmail(tx, {
      to: party.email,
      name: "session.reminder",
      subject,
      heading,
      paragraphs:
        hoursBefore === 0
          ? [
              `Your ${record.booking.sessionType} with ${party.other} starts now, at ${time}.`,
              "The meeting is open until the session ends.",
            ]
          : [
              `Your ${record.booking.sessionType} with ${party.other} is on ${time}.`,
              `The link opens ${JOIN_EARLY_MINUTES} minutes before the start.`,
              // A day ahead the parties may still move or cancel it (the cutoff is 12 hours).
              ...(hoursBefore === 24
                ? [
                    `Need to change it? Reschedule or cancel it from your dashboard until ${MODIFY_CUTOFF_HOURS} hours before the start: ${config.appUrl}/dashboard`,
                  ]
                : []),
            ],
      action: link
        ? { label: "Join Meeting", url: link }
        : { label: "Go to Dashboard", url: `${config.appUrl}/dashboard` },
    });
  }
}
