import type { ChannelMessageName } from "../../core/channels";
import { advisorDisplayName, formatSessionTime } from "../../core/format";
import { partyZone, seekerDisplayName } from "../../core/session-event";
import { joinLinkOf } from "../../core/session-links";
import type { Tx } from "../db/client.server";
import type { SessionRecord } from "../repositories/booking-parties.server";
import { queueChannelMessages } from "./channel-outbox.server";

/** Which link a session message carries: the join link where joining is the point. */
const JOINS: readonly ChannelMessageName[] = ["session.reminder-1h", "session.starting"];
/** Reminders are withdrawn if their session moves or goes before they are sent. */
const TIED_TO_START: readonly ChannelMessageName[] = [
  "session.reminder-24h",
  "session.reminder-1h",
  "session.starting",
];

/**
 * A session's WhatsApp/SMS message to both parties (each on the channels they opted in to),
 * the time in each reader's zone. The dashboard link is where they join, reschedule or cancel
 * while the rules allow; the 1-hour and starting ones carry the room's link itself.
 */
export async function queueSessionChannelMessages(
  tx: Tx,
  record: SessionRecord,
  name: ChannelMessageName,
  { appUrl, now, only }: { appUrl: string; now: Date; only?: "seeker" | "advisor" },
): Promise<void> {
  const { booking, seeker, advisor } = record;
  const dashboard = `${appUrl}/dashboard`;
  const join = joinLinkOf(booking);
  const link =
    name === "session.review-request"
      ? `${appUrl}/dashboard?tab=completed`
      : JOINS.includes(name) && join
        ? join
        : dashboard;
  const parties = [
    {
      reader: "seeker" as const,
      userId: seeker.id,
      name: seeker.firstName,
      other: advisorDisplayName(advisor),
    },
    {
      reader: "advisor" as const,
      userId: advisor.userId,
      name: advisor.firstName,
      other: seekerDisplayName(seeker),
    },
  ];
  for (const party of parties) {
    if (only && party.reader !== only) continue;
    await queueChannelMessages(tx, {
      userId: party.userId,
      name,
      params: {
        name: party.name,
        other: party.other,
        time: formatSessionTime(booking.datetime, partyZone(record, party.reader)),
        link,
      },
      settingsUrl: `${appUrl}/settings/notifications`,
      now,
      bookingId: booking.id,
      sessionStart: TIED_TO_START.includes(name) ? booking.datetime : undefined,
    });
  }
}
