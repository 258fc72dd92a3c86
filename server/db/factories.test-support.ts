import { randomBytes } from "node:crypto";
import type { Db } from "./client.server";
import { advisors, blockedSlots, bookings, users } from "./schema";

/*
 * Test data factories shared by the integration tests (never used by the app). Each call makes
 * fresh rows with unique e-mails, so a test owns what it creates and never leans on another
 * test's leftovers or on the demo data.
 */

type UserOverrides = Partial<typeof users.$inferInsert>;
type AdvisorOverrides = Partial<typeof advisors.$inferInsert>;

const uniqueEmail = (prefix: string) => `${prefix}.${randomBytes(5).toString("hex")}@example.com`;

/** A product user (no login); returns its id. */
export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ firstName: "Test", lastName: "User", email: uniqueEmail("user"), ...overrides })
    .returning({ id: users.id });
  return user!.id;
}

/** An approved advisor unless `overrides` says otherwise; returns the advisor's id. */
export async function createAdvisor(
  db: Db,
  overrides: AdvisorOverrides = {},
  user: UserOverrides = {},
): Promise<string> {
  const userId = await createUser(db, {
    lastName: "Advisor",
    email: uniqueEmail("advisor"),
    ...user,
  });
  const [advisor] = await db
    .insert(advisors)
    .values({ userId, profileStatus: "approved", ...overrides })
    .returning({ id: advisors.id });
  return advisor!.id;
}

export function createSeeker(db: Db, overrides: UserOverrides = {}): Promise<string> {
  return createUser(db, { lastName: "Seeker", email: uniqueEmail("seeker"), ...overrides });
}

type BookingStatus = NonNullable<(typeof bookings.$inferInsert)["status"]>;

export async function createBooking(
  db: Db,
  booking: {
    advisorId: string;
    seekerId: string;
    start: string;
    minutes?: 15 | 30;
    status: BookingStatus;
    holdExpiresAt?: Date;
  },
) {
  const datetime = new Date(booking.start);
  const minutes = booking.minutes ?? 30;
  await db.insert(bookings).values({
    userId: booking.seekerId,
    advisorId: booking.advisorId,
    datetime,
    duration: minutes,
    endsAt: new Date(datetime.getTime() + minutes * 60_000),
    status: booking.status,
    holdExpiresAt: booking.holdExpiresAt ?? null,
    cancellationReason: booking.status === "cancelled" ? "Plans changed" : null,
    sessionType: "First Call",
    advisorTimezone: "Asia/Kolkata",
    seekerTimezone: "UTC",
  });
}

export async function blockTime(db: Db, advisorId: string, start: string, end: string) {
  await db
    .insert(blockedSlots)
    .values({ advisorId, startTime: new Date(start), endTime: new Date(end), reason: "booked" });
}
