import { eq } from "drizzle-orm";
import type { SessionNoticeEvent } from "../../core/conversation";
import type { Tx } from "../db/client.server";
import { advisors, bookings, paidQuestions } from "../db/schema";
import type { Subscriber } from "../events/booking-events.server";
import { appendMessage } from "./append.server";
import { conversationOfPair } from "../repositories/conversation-pairs.server";

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

/**
 * A paid question, once paid, is the seeker's message in the pair's conversation with its
 * files (issue 40): written in the payment's transaction, and linked from the question.
 */
export const paidQuestionMessages: Subscriber = {
  name: "conversation questions",
  on: {
    "question.opened": async (tx, { questionId }, { now }) => {
      const [question] = await tx
        .select({
          conversationId: paidQuestions.conversationId,
          seekerId: paidQuestions.userId,
          advisorUserId: advisors.userId,
          body: paidQuestions.body,
          attachments: paidQuestions.attachments,
        })
        .from(paidQuestions)
        .innerJoin(advisors, eq(advisors.id, paidQuestions.advisorId))
        .where(eq(paidQuestions.id, questionId));
      if (!question) return;
      const { id } = await appendMessage(
        tx,
        {
          conversationId: question.conversationId,
          seekerUserId: question.seekerId,
          advisorUserId: question.advisorUserId,
        },
        {
          kind: "text",
          senderId: question.seekerId,
          body: question.body,
          attachments: question.attachments,
        },
        now,
      );
      await tx.update(paidQuestions).set({ messageId: id }).where(eq(paidQuestions.id, questionId));
    },
  },
};
