import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { bookings, conversations, payments } from "../db/schema";

/*
 * A seeker and an advisor as a pair: their one conversation, and whether they had a paid
 * session. Read by the conversations feature and by what is sold into a conversation (a paid
 * question).
 */

/**
 * The pair had a paid session (a confirmed or completed booking with a paid payment, or a
 * session of a package the seeker paid for): from then on contact details are no longer
 * masked (ADR 93).
 */
export async function hadPaidSession(db: Db | Tx, seekerId: string, advisorId: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(
      and(
        eq(bookings.userId, seekerId),
        eq(bookings.advisorId, advisorId),
        inArray(bookings.status, ["confirmed", "completed"]),
        or(
          and(eq(payments.status, "paid"), sql`${payments.amount} > 0`),
          isNotNull(bookings.packagePurchaseId),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The pair's conversation, made if it does not exist yet (one per pair: the unique index
 * decides between two first openings at once).
 */
export async function conversationOfPair(
  db: Db | Tx,
  seekerId: string,
  advisorId: string,
  now: Date,
): Promise<string> {
  await db
    .insert(conversations)
    .values({ seekerId, advisorId, createdAt: now })
    .onConflictDoNothing({ target: [conversations.seekerId, conversations.advisorId] });
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.seekerId, seekerId), eq(conversations.advisorId, advisorId)));
  return row!.id;
}
