import { randomBytes } from "node:crypto";
import type { WeeklySchedule } from "../../core/slots";
import type { Db } from "../db/client.server";
import { bookings, payments } from "../db/schema";
import { saveSchedule } from "../scheduling/schedule.server";
import { createAdvisor, createSeeker } from "../db/factories.test-support";
import type { PaymentGateway } from "../payments/gateway.server";
import { createTestGateway } from "../payments/test-gateway.server";

/** Test data for the session services: bookings written directly, as a paid booking leaves them. */

export { createAdvisor, createSeeker };

/** Every day 09:00-17:00 in UTC, so tests can reason in UTC. */
export const ALL_DAY_UTC: WeeklySchedule = {
  timeZone: "UTC",
  windows: Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((day) => [day, [{ start: "09:00", end: "17:00" }]]),
  ),
};

export async function createBookableAdvisor(db: Db, hourlyRateInr = 2000): Promise<string> {
  const advisorId = await createAdvisor(db, { hourlyRateInr, sessionTimezone: "UTC" });
  const saved = await saveSchedule(db, advisorId, ALL_DAY_UTC);
  if (!saved.ok) throw new Error(saved.message);
  return advisorId;
}

type BookingRow = typeof bookings.$inferSelect;

/** A booking with a paid payment (or none when `paidPaise` is 0). */
export async function createBooking(
  db: Db,
  overrides: {
    advisorId: string;
    userId: string;
    datetime: Date;
    duration?: 15 | 30;
    paidPaise?: number;
  } & Partial<Omit<typeof bookings.$inferInsert, "endsAt">>,
): Promise<BookingRow> {
  const { paidPaise = 118000, duration = 30, ...rest } = overrides;
  let paymentId: string | null = null;
  if (paidPaise > 0) {
    const gst = Math.round(paidPaise - paidPaise / 1.18);
    const [payment] = await db
      .insert(payments)
      .values({
        userId: overrides.userId,
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
  const status = rest.status ?? "confirmed";
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
      endsAt: new Date(overrides.datetime.getTime() + duration * 60_000),
    })
    .returning();
  return row!;
}

/** A payment provider double: records refunds, and fails while `failing` is set. */
export function fakeGateway(options: { status?: "pending" | "processed" } = {}) {
  const calls: { providerPaymentId: string; amountPaise: number }[] = [];
  let n = 0;
  const gateway: PaymentGateway & { failing: boolean; calls: typeof calls } = {
    ...createTestGateway(),
    name: "test",
    keyId: "rzp_test_double",
    failing: false,
    calls,
    async createOrder() {
      return { orderId: `order_${++n}` };
    },
    async refund(input) {
      if (gateway.failing) throw new Error("provider unavailable");
      calls.push({ providerPaymentId: input.providerPaymentId, amountPaise: input.amountPaise });
      return {
        refundId: `rfnd_${randomBytes(6).toString("hex")}`,
        status: options.status ?? "processed",
      };
    },
  };
  return gateway;
}
