import type { Config } from "../config.server";
import type { Tx } from "../db/client.server";
import type { Subscriber } from "../events/booking-events.server";
import { loadSession } from "../repositories/booking-parties.server";
import {
  queueCancelEmails,
  queueConfirmationEmails,
  queueRescheduleEmails,
} from "./session-emails.server";

/**
 * Both parties are e-mailed when a session is booked, moved or cancelled, through the outbox
 * of the changing transaction. Subscribed after the calendar, so a confirmation carries the
 * Meet link Google just gave the session.
 */
export function sessionEmails(config: Config): Subscriber {
  const record = async (tx: Tx, bookingId: string) => {
    const found = await loadSession(tx, bookingId);
    if (!found) throw new Error(`Booking ${bookingId} not found for its e-mails`);
    return found;
  };
  return {
    name: "session-emails",
    on: {
      "booking.confirmed": async (tx, { bookingId }, { now }) =>
        queueConfirmationEmails(tx, await record(tx, bookingId), config, now),
      "booking.rescheduled": async (tx, { bookingId, from }, { now }) =>
        queueRescheduleEmails(tx, await record(tx, bookingId), from, config, now),
      "booking.cancelled": async (tx, { bookingId, refundPaise }, { now }) =>
        queueCancelEmails(tx, await record(tx, bookingId), refundPaise, config, now),
    },
  };
}
