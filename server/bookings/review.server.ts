import { eq } from "drizzle-orm";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import type { ReviewInput } from "../../core/forms/sessions";
import type { Db } from "../db/client.server";
import { bookings, reviews } from "../db/schema";
import { sqlState } from "../db/sql-state";
import type { Actor } from "./actor";
import { loadSession } from "../repositories/booking-parties.server";

export type ReviewResult =
  { ok: true } | { ok: false; code: "not-found" | "not-allowed"; message: string };

/**
 * Records the seeker's review of a completed session (an admin may submit it for them) and
 * marks the booking reviewed in the same transaction. One review per booking is a unique
 * index, so two submissions at once still leave one.
 */
export async function submitReview(
  db: Db,
  input: { actor: Actor; bookingId: string; review: ReviewInput },
): Promise<ReviewResult> {
  const { actor, bookingId, review } = input;
  try {
    return await db.transaction(async (tx) => {
      const record = await loadSession(tx, bookingId, true);
      const isSeeker = record?.booking.userId === actor.userId;
      if (!record || (!isSeeker && !actor.isAdmin))
        return {
          ok: false as const,
          code: "not-found" as const,
          message: SESSION_MESSAGES.notFound,
        };
      if (record.booking.status !== "completed" || record.booking.reviewSubmitted)
        return notAllowed;
      await tx.insert(reviews).values({
        bookingId,
        advisorId: record.booking.advisorId,
        userId: record.booking.userId,
        ratingHelpfulness: review.ratingHelpfulness,
        ratingActionability: review.ratingActionability,
        recommendAdvisor: review.recommendAdvisor === "yes",
        writtenFeedback: review.writtenFeedback,
      });
      await tx.update(bookings).set({ reviewSubmitted: true }).where(eq(bookings.id, bookingId));
      return { ok: true as const };
    });
  } catch (error) {
    if (sqlState(error) === "23505") return notAllowed;
    throw error;
  }
}

const notAllowed = {
  ok: false as const,
  code: "not-allowed" as const,
  message: SESSION_MESSAGES.reviewNotAllowed,
};
