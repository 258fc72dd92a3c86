import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { bookingReminders, bookings, emailOutbox, payments, users } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import { paymentSignature } from "../payments/signature.server";
import { isStartOffered } from "../scheduling/slots.server";
import { createBooking, type BookingCreated } from "./booking-service.server";
import { verifyPayment } from "./payment-service.server";
import { rescheduleSession } from "./reschedule.server";
import { sendDueReminders } from "./session-jobs.server";
import { bookableAdvisor, request, testDeps, testEvents } from "./bookings.test-support";

/*
 * Issue 36, "terms before money" and the reminders: a paid session booked less than 24 hours
 * ahead is not refundable, so the server books it only with the seeker's acknowledgement (and
 * refuses without it, changing nothing); such a session gets no "tomorrow" reminder, only the
 * 1-hour one. The clock is injected: the booking service's and the reminder job's.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof testDeps>;
let advisorId: string;
let proBonoId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testDeps(database.db);
  advisorId = await bookableAdvisor(database.db);
  proBonoId = await bookableAdvisor(database.db, { hourlyRateInr: 0 });
});
afterAll(() => database.destroy());

const HOUR = 3_600_000;
/** The advisor's mornings: 09:00 in Kolkata, 03:30 UTC, each day its own test's. */
const TUESDAY = "2026-03-03T03:30:00.000Z";
const WEDNESDAY = "2026-03-04T03:30:00.000Z";
const THURSDAY = "2026-03-05T03:30:00.000Z";
const FRIDAY = "2026-03-06T03:30:00.000Z";
const SATURDAY = "2026-03-07T03:30:00.000Z";
const SUNDAY = "2026-03-08T03:30:00.000Z";
const before = (iso: string, hours: number) => new Date(Date.parse(iso) - hours * HOUR);
const TOMORROW = "Your BeenThere session is tomorrow";
const IN_AN_HOUR = "Your BeenThere session starts in 1 hour";

const counts = async () => ({
  bookings: (await database.db.select({ id: bookings.id }).from(bookings)).length,
  payments: (await database.db.select({ id: payments.id }).from(payments)).length,
});
const created = (result: Awaited<ReturnType<typeof createBooking>>): BookingCreated => {
  if (!result.ok) throw new Error(`booking refused: ${result.message}`);
  return result;
};
const emailOf = async (userId: string) =>
  (await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!
    .email;
const subjectsTo = async (address: string) =>
  (
    await database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, address),
          inArray(emailOutbox.subject, [TOMORROW, IN_AN_HOUR]),
        ),
      )
  ).map((m) => m.subject);

/** A paid First Call booked (acknowledged) and paid at `now`: its booking id and seeker. */
async function bookAndPay(start: string, now: Date) {
  deps.clock.now = now;
  const seeker = await createSeeker(database.db);
  const order = created(
    await createBooking(deps, seeker, request(advisorId, start, { noRefundAcknowledged: true })),
  );
  const paymentId = `pay_${Math.random().toString(36).slice(2)}`;
  const paid = await verifyPayment(deps, seeker, {
    razorpay_order_id: order.orderId!,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(deps.config.testPaymentSecret!, order.orderId!, paymentId),
  });
  expect(paid.ok).toBe(true);
  return { bookingId: order.bookingId, seeker, email: await emailOf(seeker) };
}

describe("a paid booking starting less than 24 hours ahead", () => {
  it("is refused without the seeker's acknowledgement, with a clear message, and nothing changes", async () => {
    deps.clock.now = before(TUESDAY, 19);
    const seeker = await createSeeker(database.db);
    const was = await counts();
    const refusal = {
      ok: false,
      status: 400,
      message:
        "This session starts in less than 24 hours and is not refundable. Please confirm that you understand before you book it.",
      field: "noRefundAcknowledged",
    };
    expect(await createBooking(deps, seeker, request(advisorId, TUESDAY))).toEqual(refusal);
    expect(
      await createBooking(
        deps,
        seeker,
        request(advisorId, TUESDAY, { noRefundAcknowledged: false }),
      ),
    ).toEqual(refusal);
    expect(refusal.message).toBe(M.noRefundNotAcknowledged);
    expect(await counts()).toEqual(was);
    // The time is not held: still offered to anyone.
    expect(
      await isStartOffered(database.db, advisorId, new Date(TUESDAY), 30, deps.clock.now),
    ).toBe(true);
  });

  it("is held with the acknowledgement", async () => {
    deps.clock.now = before(TUESDAY, 19);
    const seeker = await createSeeker(database.db);
    const result = created(
      await createBooking(
        deps,
        seeker,
        request(advisorId, TUESDAY, { noRefundAcknowledged: true }),
      ),
    );
    expect(result).toMatchObject({ free: false, amount: 118_000 });
  });

  it("is decided by the server's clock: 24 h 1 min ahead needs nothing, two minutes later it does", async () => {
    const seeker = await createSeeker(database.db);
    deps.clock.now = before(WEDNESDAY, 24 + 1 / 60);
    const early = await createBooking(deps, seeker, request(advisorId, WEDNESDAY));
    expect(early.ok).toBe(true);

    const other = await createSeeker(database.db);
    deps.clock.now = before(THURSDAY, 24 - 1 / 60);
    expect(await createBooking(deps, other, request(advisorId, THURSDAY))).toMatchObject({
      ok: false,
      field: "noRefundAcknowledged",
      message: M.noRefundNotAcknowledged,
    });
  });

  it("a free session needs no acknowledgement: there is no money to lose", async () => {
    deps.clock.now = before(TUESDAY, 19);
    const seeker = await createSeeker(database.db);
    expect(created(await createBooking(deps, seeker, request(proBonoId, TUESDAY)))).toMatchObject({
      free: true,
      amount: 0,
    });
  });
});

describe("the reminders of a session booked less than 24 hours ahead", () => {
  it('send no "tomorrow" e-mail 38 s after booking 19 hours ahead, only the 1-hour one', async () => {
    const booked = before(FRIDAY, 19);
    const { bookingId, email } = await bookAndPay(FRIDAY, booked);

    await sendDueReminders(database.db, deps.config, new Date(booked.getTime() + 38_000));
    await sendDueReminders(database.db, deps.config, before(FRIDAY, 5));
    expect(await subjectsTo(email)).toEqual([]);

    await sendDueReminders(database.db, deps.config, before(FRIDAY, 1));
    expect(await subjectsTo(email)).toEqual([IN_AN_HOUR]);
    // Recorded once each: the 24-hour one as passed over when it was booked.
    const settled = await database.db
      .select({ hours: bookingReminders.hoursBefore, at: bookingReminders.sentAt })
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, bookingId));
    expect(settled.map((r) => r.hours).sort((a, b) => a - b)).toEqual([1, 24]);
  });

  it("a session booked 30 hours ahead gets both", async () => {
    const { email } = await bookAndPay(SATURDAY, before(SATURDAY, 30));
    await sendDueReminders(database.db, deps.config, before(SATURDAY, 24));
    expect(await subjectsTo(email)).toEqual([TOMORROW]);
    await sendDueReminders(database.db, deps.config, before(SATURDAY, 1));
    expect((await subjectsTo(email)).sort()).toEqual([TOMORROW, IN_AN_HOUR].sort());
  });

  it('a session moved to 19 hours ahead gets no "tomorrow" e-mail for its new time', async () => {
    const { bookingId, seeker, email } = await bookAndPay(
      "2026-03-20T03:30:00.000Z",
      before(SUNDAY, 30),
    );
    const movedAt = before(SUNDAY, 19);
    const moved = await rescheduleSession(database.db, {
      actor: { userId: seeker, advisorId: null, isAdmin: false },
      bookingId,
      newStart: new Date(SUNDAY),
      now: movedAt,
      config: deps.config,
      events: testEvents(deps.config),
    });
    expect(moved.ok).toBe(true);
    await sendDueReminders(database.db, deps.config, new Date(movedAt.getTime() + 38_000));
    expect(await subjectsTo(email)).toEqual([]);
    await sendDueReminders(database.db, deps.config, before(SUNDAY, 1));
    expect(await subjectsTo(email)).toEqual([IN_AN_HOUR]);
  });
});
