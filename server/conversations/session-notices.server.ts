import { eq } from "drizzle-orm";
import type { SessionNoticeEvent } from "../../core/conversation";
import type { Tx } from "../db/client.server";
import { advisors, bookings } from "../db/schema";
import type { Subscriber } from "../events/booking-events.server";
import { appendMessage } from "./append.server";
import { conversationOfPair } from "./parties.server";

/**
 * A session's life, inline in the pair's conversation (issue 39, point 1): booked, rescheduled
 * and cancelled notices, written in the booking's own transaction (ADR 87). The notice keeps
 * the session's start; each reader sees it in their own zone.
 */
export const sessionNotices: Subscriber = {
  name: "conversation notices",
  on: {
    "booking.confirmed": (tx, { bookingId }, { now }) => notice(tx, bookingId, "booked", now),
    "booking.rescheduled": (tx, { bookingId }, { now }) =>
      notice(tx, bookingId, "rescheduled", now),
    "booking.cancelled": (tx, { bookingId }, { now }) => notice(tx, bookingId, "cancelled", now),
  },
};

async function notice(tx: Tx, bookingId: string, event: SessionNoticeEvent, now: Date) {
  const [booking] = await tx
    .select({
      seekerId: bookings.userId,
      advisorId: bookings.advisorId,
      advisorUserId: advisors.userId,
      datetime: bookings.datetime,
    })
    .from(bookings)
    .innerJoin(advisors, eq(advisors.id, bookings.advisorId))
    .where(eq(bookings.id, bookingId));
  if (!booking || booking.seekerId === booking.advisorUserId) return;
  const conversationId = await conversationOfPair(tx, booking.seekerId, booking.advisorId, now);
  await appendMessage(
    tx,
    { conversationId, seekerUserId: booking.seekerId, advisorUserId: booking.advisorUserId },
    { kind: "notice", bookingId, event, sessionStart: booking.datetime },
    now,
  );
}
