import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.server";
import { advisors, users } from "../db/schema";

/** The person's advisor row, locked for this transaction; a draft row is made if none exists. */
export async function lockOrCreateOwnRow(tx: Tx, userId: string) {
  // Two requests (an autosave and an upload) may both be first: the unique user_id decides.
  await tx
    .insert(advisors)
    .values({ userId, profileStatus: "draft" })
    .onConflictDoNothing({ target: advisors.userId });
  const [row] = await tx
    .select({ id: advisors.id, status: advisors.profileStatus, headshotUrl: advisors.headshotUrl })
    .from(advisors)
    .where(eq(advisors.userId, userId))
    .for("update");
  return row!;
}

/** Statuses a person's own save sends back to review (an admin's save keeps the status). */
export const backToReview = sql`case when ${advisors.profileStatus} in ('approved', 'rejected') then 'pending' else ${advisors.profileStatus} end`;

/**
 * An advisor's row and its person, the advisor's row locked for this transaction (or none).
 * A deleted account's row is none: nothing an admin does may bring it back (ADR 91).
 */
export async function lockAdvisor(tx: Tx, advisorId: string) {
  const [row] = await tx
    .select({ advisor: advisors, user: users })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(and(eq(advisors.id, advisorId), isNull(users.deletedAt)))
    .for("update", { of: advisors });
  return row;
}
