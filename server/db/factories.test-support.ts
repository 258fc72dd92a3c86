import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { insertVerifiedLogin } from "../auth/verified-login.server";
import type { Db } from "./client.server";
import { advisors, blockedSlots, bookings, payments, users } from "./schema";

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

/**
 * A user who signs in with `password` (a verified e-mail login, as the demo people have);
 * returns the user's id.
 */
export async function createUserWithLogin(
  db: Db,
  password: string,
  overrides: UserOverrides = {},
): Promise<string> {
  const person = { firstName: "Test", lastName: "User", email: uniqueEmail("login"), ...overrides };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const authUserId = await insertVerifiedLogin(tx, {
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      passwordHash,
    });
    return createUser(tx, { ...person, authUserId });
  });
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

type BookingRow = typeof bookings.$inferSelect;

/**
 * A booking written directly, as the booking flow leaves it: confirmed unless `status` says
 * otherwise, 30 minutes unless `duration` says 15, and paid (a captured payment of `paidPaise`,
 * ₹1,180 by default) unless it is a hold still awaiting payment or `paidPaise` is 0. Any other
 * column can be set; a hold (`pending_payment`) needs its `holdExpiresAt`.
 */
export async function createBooking(
  db: Db,
  input: {
    advisorId: string;
    /** The seeker's user id. */
    userId: string;
    datetime: Date;
    duration?: 15 | 30;
    paidPaise?: number;
  } & Partial<Omit<typeof bookings.$inferInsert, "endsAt">>,
): Promise<BookingRow> {
  const { duration = 30, paidPaise: paid, ...rest } = input;
  const status = rest.status ?? "confirmed";
  const paidPaise = paid ?? (status === "pending_payment" ? 0 : 118_000);
  let paymentId: string | null = null;
  if (paidPaise > 0) {
    const gst = Math.round(paidPaise - paidPaise / 1.18);
    const [payment] = await db
      .insert(payments)
      .values({
        userId: input.userId,
        amount: paidPaise,
        feeAmount: paidPaise - gst,
        gstAmount: gst,
        status: "paid",
        provider: "test",
        razorpayOrderId: `order_${randomBytes(6).toString("hex")}`,
        razorpayPaymentId: `pay_${randomBytes(6).toString("hex")}`,
      })
      .returning({ id: payments.id });
    paymentId = payment!.id;
  }
  const [row] = await db
    .insert(bookings)
    .values({
      paymentId,
      sessionType: "First Call",
      advisorTimezone: "UTC",
      seekerTimezone: "Asia/Kolkata",
      videoCallLink: `https://meet.jit.si/test-${randomBytes(6).toString("hex")}`,
      cancellationReason: status === "cancelled" ? "Plans changed" : null,
      ...rest,
      status,
      duration,
      endsAt: new Date(input.datetime.getTime() + duration * 60_000),
    })
    .returning();
  return row!;
}

export async function blockTime(db: Db, advisorId: string, start: string, end: string) {
  await db
    .insert(blockedSlots)
    .values({ advisorId, startTime: new Date(start), endTime: new Date(end), reason: "booked" });
}
