import { alias } from "drizzle-orm/pg-core";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { advisors, bookings, users } from "../db/schema";

const advisorUsers = alias(users, "advisor_users");

/**
 * The booking-with-both-parties read every feature shares (sessions, invitations, e-mails,
 * calendar events, the audit log): one query, one shape.
 *
 * One booking with both parties, optionally locked (`FOR UPDATE` of the booking row) so a
 * reschedule, cancel or review decides on the row as it is and no other one slips between.
 */
export async function loadSession(db: Db | Tx, bookingId: string, lock = false) {
  const query = db
    .select({
      booking: bookings,
      seeker: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        timeZone: users.timeZone,
      },
      advisor: {
        id: advisors.id,
        userId: advisors.userId,
        hourlyRateInr: advisors.hourlyRateInr,
        firstName: advisorUsers.firstName,
        lastName: advisorUsers.lastName,
        email: advisorUsers.email,
        timeZone: advisorUsers.timeZone,
        jobTitle: advisors.jobTitle,
      },
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(advisors, eq(advisors.id, bookings.advisorId))
    .innerJoin(advisorUsers, eq(advisorUsers.id, advisors.userId))
    .where(eq(bookings.id, bookingId));
  const [row] = lock ? await query.for("update", { of: bookings }) : await query;
  return row ?? null;
}
export type SessionRecord = NonNullable<Awaited<ReturnType<typeof loadSession>>>;
