import type { ChannelMessageName } from "../../core/channels";
import { queueSessionChannelMessages } from "../channels/session-notices.server";
import type { Config } from "../config.server";
import type { Tx } from "../db/client.server";
import type { Subscriber } from "../events/booking-events.server";
import { loadSession } from "../repositories/booking-parties.server";

/**
 * WhatsApp/SMS for a session's life (issue 41): booked, moved and cancelled to both parties,
 * and the review request to the seeker once it is over, each only on the channels a person
 * opted in to with a verified number. Written to the channel outbox in the changing
 * transaction, beside the e-mails.
 */
export function channelNotices(config: Config): Subscriber {
  const queue = async (
    tx: Tx,
    bookingId: string,
    name: ChannelMessageName,
    now: Date,
    only?: "seeker",
  ) => {
    const record = await loadSession(tx, bookingId);
    if (!record) throw new Error(`Booking ${bookingId} not found for its messages`);
    await queueSessionChannelMessages(tx, record, name, { appUrl: config.appUrl, now, only });
  };
  return {
    name: "channel-notices",
    on: {
      "booking.confirmed": (tx, { bookingId }, { now }) =>
        queue(tx, bookingId, "session.confirmed", now),
      "booking.rescheduled": (tx, { bookingId }, { now }) =>
        queue(tx, bookingId, "session.rescheduled", now),
      "booking.cancelled": (tx, { bookingId }, { now }) =>
        queue(tx, bookingId, "session.cancelled", now),
      "booking.completed": (tx, { bookingId }, { now }) =>
        queue(tx, bookingId, "session.review-request", now, "seeker"),
    },
  };
}
