import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.server";
import { advisors, blockedSlots, bookings, users } from "../db/schema";

/** Test data factories for the scheduling tests (not used by the app). */

type AdvisorOverrides = Partial<typeof advisors.$inferInsert>;

export async function createAdvisor(db: Db, overrides: AdvisorOverrides = {}): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      firstName: "Test",
      lastName: "Advisor",
      email: `advisor.${randomBytes(5).toString("hex")}@example.com`,
    })
    .returning({ id: users.id });
  const [advisor] = await db
    .insert(advisors)
    .values({ userId: user!.id, profileStatus: "approved", ...overrides })
    .returning({ id: advisors.id });
  return advisor!.id;
}

export async function createSeeker(db: Db): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      firstName: "Test",
      lastName: "Seeker",
      email: `seeker.${randomBytes(5).toString("hex")}@example.com`,
    })
    .returning({ id: users.id });
  return user!.id;
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
