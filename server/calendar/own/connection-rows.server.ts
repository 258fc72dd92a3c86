import { and, type AnyColumn, eq, isNull, lt, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { advisorCalendarConnections, advisors, users } from "../../db/schema";
import type { Grant } from "./google-access.server";

/** A connection with the better-auth user its tokens belong to. */
export type Connection = typeof advisorCalendarConnections.$inferSelect & Grant;

/** The advisor's connection, or null when they have none. */
export async function connectionOf(db: Db | Tx, advisorId: string): Promise<Connection | null> {
  const [row] = await db
    .select({ connection: advisorCalendarConnections, authUserId: users.authUserId })
    .from(advisorCalendarConnections)
    .innerJoin(advisors, eq(advisors.id, advisorCalendarConnections.advisorId))
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisorCalendarConnections.advisorId, advisorId));
  if (!row?.authUserId) return null;
  return { ...row.connection, authUserId: row.authUserId };
}

/** A row's lease is free when it has none or it has run out (its holder died or finished). */
export const leaseFree = (column: AnyColumn, now: Date) => or(isNull(column), lt(column, now));

/**
 * Takes the connection for one refresh, so two instances never fetch the same advisor at once;
 * the lease lapses by itself if the process dies.
 */
export async function claimConnection(
  db: Db,
  advisorId: string,
  now: Date,
  leaseMs = 60_000,
): Promise<Connection | null> {
  const claimed = await db
    .update(advisorCalendarConnections)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(advisorCalendarConnections.advisorId, advisorId),
        leaseFree(advisorCalendarConnections.leaseUntil, now),
      ),
    )
    .returning({ advisorId: advisorCalendarConnections.advisorId });
  return claimed.length > 0 ? connectionOf(db, advisorId) : null;
}
