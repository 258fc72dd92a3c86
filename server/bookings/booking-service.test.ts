import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { advisors, bookings, emailOutbox, payments, refunds, users } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import type { OwnCalendars } from "../calendar/own/own-calendars.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { paymentSignature } from "../payments/signature.server";
import { slotsFor } from "../scheduling/slots.server";
import { createAdvisor, createSeeker } from "../db/factories.test-support";
import {
  createBooking,
  createDiscoveryBooking,
  sessionOptionsFor,
  type BookingCreated,
} from "./booking-service.server";
import { cancelUpcomingSessionsOf } from "./cancel.server";
import { releaseAllExpiredHolds } from "./holds.server";
import { abandonCheckout, verifyPayment } from "./payment-service.server";
import { bookableAdvisor, MINUTE, NOW, request, testDeps } from "./bookings.test-support";

/*
 * The booking service decides everything on the server; bad input changes nothing, a time
 * is held by exactly one seeker, and a payment confirms a booking at most once.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof testDeps>;
let advisorId: string;
let secret: string;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testDeps(database.db);
  secret = deps.config.testPaymentSecret!;
  advisorId = await bookableAdvisor(database.db);
});
afterAll(() => database.destroy());

const created = (result: Awaited<ReturnType<typeof createBooking>>): BookingCreated => {
  if (!result.ok) throw new Error(`booking refused: ${result.message}`);
  return result;
};
const rows = async (paymentId: string) => {
  const [booking] = await database.db
    .select()
    .from(bookings)
    .where(eq(bookings.paymentId, paymentId));
  const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
  return { booking: booking!, payment: payment! };
};
const pay = (orderId: string, paymentId = `pay_${Math.random().toString(36).slice(2)}`) => ({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: paymentSignature(secret, orderId, paymentId),
});
/** Deps whose advisors' own calendars find every time busy, and the times they were asked. */
const busyInGoogle = () => {
  const asked: Date[] = [];
  const google: Pick<OwnCalendars, "confirmFree"> = {
    confirmFree: async (_advisorId, start) => {
      asked.push(start);
      return false;
    },
  };
  return { deps: { ...deps, ownCalendars: google as OwnCalendars }, asked };
};
const countBookings = async () => (await database.db.select().from(bookings)).length;
const offered = async (date: string) =>
  (
    await slotsFor(database.db, advisorId, {
      date,
      viewerTimeZone: "UTC",
      duration: 30,
      now: deps.clock.now,
    })
  )?.slots.map((s) => s.start);

describe("createBooking", () => {
  it("holds a paid First Call for 15 minutes with its payment row and order, priced here", async () => {
    const seeker = await createSeeker(database.db);
    const result = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-04T03:30:00.000Z")),
    );
    expect(result).toMatchObject({ free: false, amount: 118_000, keyId: "rzp_test_builtin" });
    expect(result.orderId).toMatch(/^order_test/);
    const { booking, payment } = await rows(result.paymentId);
    expect(booking).toMatchObject({
      status: "pending_payment",
      sessionType: "First Call",
      duration: 30,
      topics: ["Career change"],
      seekerTimezone: "Europe/London",
      advisorTimezone: "Asia/Kolkata",
    });
    expect(booking.holdExpiresAt).toEqual(new Date(NOW.getTime() + 15 * MINUTE));
    expect(payment).toMatchObject({
      amount: 118_000,
      feeAmount: 100_000,
      gstAmount: 18_000,
      status: "created",
      provider: "test",
      razorpayOrderId: result.orderId,
    });
    expect(await offered("2026-03-04")).not.toContain("2026-03-04T03:30:00.000Z");
  });

  it.each([
    [
      "a Follow up call for a first-time seeker",
      { sessionType: "Follow up call" },
      M.sessionNotAllowed,
    ],
    ["a 15-minute First Call", { duration: 15 }, M.sessionNotAllowed],
    ["a time inside the 12-hour lead", { datetime: "2026-03-02T05:30:00.000Z" }, M.timeNotOffered],
    ["a time beyond the 30 days", { datetime: "2026-04-03T03:30:00.000Z" }, M.timeNotOffered],
    ["a time off the slot grid", { datetime: "2026-03-05T03:45:00.000Z" }, M.timeNotOffered],
    [
      "a time outside the advisor's hours",
      { datetime: "2026-03-05T10:00:00.000Z" },
      M.timeNotOffered,
    ],
    [
      "an unknown advisor",
      { advisorId: "5b1f2a3c-0d4e-4f5a-8b6c-7d8e9f0a1b2c" },
      M.advisorNotFound,
    ],
  ])("refuses %s without asking Google, and writes nothing", async (_name, change, message) => {
    const seeker = await createSeeker(database.db);
    const before = await countBookings();
    const google = busyInGoogle();
    const result = await createBooking(
      google.deps,
      seeker,
      request(advisorId, "2026-03-05T04:00:00.000Z", change),
    );
    expect(result).toMatchObject({ ok: false, message });
    expect(google.asked).toHaveLength(0);
    expect(await countBookings()).toBe(before);
  });

  it("refuses an advisor who is not approved, and the advisor booking themselves, without asking Google", async () => {
    const google = busyInGoogle();
    const pending = await createAdvisor(database.db, { profileStatus: "pending" });
    const seeker = await createSeeker(database.db);
    expect(
      await createBooking(google.deps, seeker, request(pending, "2026-03-05T04:00:00.000Z")),
    ).toMatchObject({ ok: false, status: 404, message: M.advisorNotFound });

    const [advisorRow] = await database.db.query.advisors.findMany({
      where: (a, { eq: is }) => is(a.id, advisorId),
    });
    expect(
      await createBooking(
        google.deps,
        advisorRow!.userId,
        request(advisorId, "2026-03-05T04:00:00.000Z"),
      ),
    ).toMatchObject({ ok: false, message: M.selfBooking });
    expect(google.asked).toHaveLength(0);
  });

  it("asks Google only about a booking it would hold, and refuses a time Google finds busy", async () => {
    const google = busyInGoogle();
    const seeker = await createSeeker(database.db);
    const before = await countBookings();
    expect(
      await createBooking(google.deps, seeker, request(advisorId, "2026-03-05T04:00:00.000Z")),
    ).toMatchObject({ ok: false, status: 409, message: M.timeNotOffered });
    expect(google.asked).toEqual([new Date("2026-03-05T04:00:00.000Z")]);
    expect(await countBookings()).toBe(before);
  });

  it("refuses a time someone else holds, and a seeker's second overlapping booking", async () => {
    const [first, second] = [await createSeeker(database.db), await createSeeker(database.db)];
    created(await createBooking(deps, first, request(advisorId, "2026-03-06T04:00:00.000Z")));
    expect(
      await createBooking(deps, second, request(advisorId, "2026-03-06T04:00:00.000Z")),
    ).toMatchObject({ ok: false, status: 409, message: M.timeNotOffered });

    const other = await bookableAdvisor(database.db);
    expect(
      await createBooking(deps, first, request(other, "2026-03-06T04:00:00.000Z")),
    ).toMatchObject({ ok: false, status: 409, message: M.seekerOverlap });
  });

  it("writes nothing when the provider refuses the order", async () => {
    const failing: PaymentGateway = {
      ...deps.gateway,
      createOrder: () => Promise.reject(new Error("provider down")),
    };
    const seeker = await createSeeker(database.db);
    const before = await countBookings();
    const paymentsBefore = (await database.db.select().from(payments)).length;
    const result = await createBooking(
      { ...deps, gateway: failing },
      seeker,
      request(advisorId, "2026-03-07T04:00:00.000Z"),
    );
    expect(result).toMatchObject({ ok: false, status: 502, message: M.bookingFailed });
    expect(await countBookings()).toBe(before);
    expect((await database.db.select().from(payments)).length).toBe(paymentsBefore);
  });

  it("books a pro bono session at once: confirmed, payment 'free', amount 0, invitations sent", async () => {
    const proBono = await bookableAdvisor(database.db, { hourlyRateInr: 0 });
    const seeker = await createSeeker(database.db);
    const result = created(
      await createBooking(deps, seeker, request(proBono, "2026-03-04T04:00:00.000Z")),
    );
    expect(result).toMatchObject({ free: true, amount: 0, orderId: null });
    const { booking, payment } = await rows(result.paymentId);
    expect(booking.status).toBe("confirmed");
    expect(booking.holdExpiresAt).toBeNull();
    expect(booking.videoCallLink).toMatch(/^https:\/\/meet\.example\/BeenThere-[0-9a-f]{32}$/);
    expect(booking.calendarEventId).toBe(`booking-${booking.id}@beenthere`);
    expect(payment).toMatchObject({ status: "free", amount: 0 });
  });

  it("books the free discovery call with the team advisor", async () => {
    const team = await bookableAdvisor(database.db, { hourlyRateInr: 0 });
    const seeker = await createSeeker(database.db);
    const teamDeps = { ...deps, config: { ...deps.config, discoveryAdvisorId: team } };
    const result = created(
      await createDiscoveryBooking(teamDeps, seeker, {
        adviceSought: "How do I pick a master's programme?",
        datetime: "2026-03-04T04:15:00.000Z",
        seekerTimezone: "Asia/Kolkata",
      }),
    );
    const { booking } = await rows(result.paymentId);
    expect(booking).toMatchObject({
      advisorId: team,
      sessionType: "Discovery Call",
      duration: 15,
      status: "confirmed",
      additionalInfo: "How do I pick a master's programme?",
    });
  });

  it("offers only Follow up calls once the seeker has a confirmed session", async () => {
    const seeker = await createSeeker(database.db);
    const advisor = { id: advisorId, hourlyRateInr: 2000 };
    expect(
      (await sessionOptionsFor(database.db, seeker, advisor, deps.now())).map((o) => o.key),
    ).toEqual(["First Call-30"]);
    const first = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-08T03:30:00.000Z")),
    );
    expect((await verifyPayment(deps, seeker, pay(first.orderId!))).ok).toBe(true);
    expect(
      (await sessionOptionsFor(database.db, seeker, advisor, deps.now())).map((o) => o.key),
    ).toEqual(["Follow up call-15", "Follow up call-30"]);
    const followUp = await createBooking(
      deps,
      seeker,
      request(advisorId, "2026-03-09T03:30:00.000Z", {
        sessionType: "Follow up call",
        duration: 15,
      }),
    );
    expect(followUp).toMatchObject({ ok: true, amount: 59_000 });
  });
});

describe("verifyPayment", () => {
  it("confirms once: a repeated verification changes nothing", async () => {
    const seeker = await createSeeker(database.db);
    const result = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-10T03:30:00.000Z")),
    );
    const fields = pay(result.orderId!);
    expect(await verifyPayment(deps, seeker, fields)).toEqual({
      ok: true,
      paymentId: result.paymentId,
      settlement: "confirmed",
    });
    expect(await verifyPayment(deps, seeker, fields)).toMatchObject({
      ok: true,
      settlement: "already-settled",
    });
    const { booking, payment } = await rows(result.paymentId);
    expect(booking.status).toBe("confirmed");
    expect(payment).toMatchObject({
      status: "paid",
      razorpayPaymentId: fields.razorpay_payment_id,
      razorpaySignature: fields.razorpay_signature,
    });
    const mails = await database.db.select().from(emailOutbox);
    const invitations = mails.filter((m) => m.attachments?.[0]?.content.includes(booking.id));
    expect(invitations).toHaveLength(2);
    expect(invitations[0]!.attachments![0]!.content).toContain("METHOD:REQUEST");
    const texts = invitations.map((m) => m.text).join("\n");
    expect(texts).toContain("Tue, 10 Mar 2026, 3:30 AM (Europe/London)");
    expect(texts).toContain("Tue, 10 Mar 2026, 9:00 AM (Asia/Kolkata)");
    // The invitation's description says it the same way, the seeker's zone then the advisor's (RFC 5545: folded
    // lines, escaped commas).
    const ics = invitations[0]!.attachments![0]!.content.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain(
      "When: Tue\\, 10 Mar 2026\\, 3:30 AM (Europe/London)\\; Tue\\, 10 Mar 2026\\, 9:00 AM (Asia/Kolkata)",
    );
  });

  it("refuses a forged signature, a signature of another order, and someone else's payment", async () => {
    const seeker = await createSeeker(database.db);
    const a = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-11T03:30:00.000Z")),
    );
    const b = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-11T04:30:00.000Z")),
    );
    const forged = { ...pay(a.orderId!), razorpay_signature: "0".repeat(64) };
    expect(await verifyPayment(deps, seeker, forged)).toMatchObject({
      ok: false,
      message: M.verificationFailed,
    });
    const reused = { ...pay(b.orderId!), razorpay_order_id: a.orderId! };
    expect(await verifyPayment(deps, seeker, reused)).toMatchObject({ ok: false });
    const stranger = await createSeeker(database.db);
    expect(await verifyPayment(deps, stranger, pay(a.orderId!))).toMatchObject({
      ok: false,
      status: 404,
    });
    for (const id of [a.paymentId, b.paymentId]) {
      const { booking, payment } = await rows(id);
      expect([booking.status, payment.status]).toEqual(["pending_payment", "created"]);
    }
  });
});

describe("strict signatures", () => {
  it("refuses another spelling of the right signature like a wrong one, and stores none of it", async () => {
    const seeker = await createSeeker(database.db);
    const held = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-16T03:30:00.000Z")),
    );
    const fields = pay(held.orderId!);
    const exact = fields.razorpay_signature;
    for (const signature of [exact.toUpperCase(), `${exact}0`, exact.slice(0, 63)]) {
      expect(
        await verifyPayment(deps, seeker, { ...fields, razorpay_signature: signature }),
      ).toEqual({ ok: false, status: 400, message: M.verificationFailed });
      const { booking, payment } = await rows(held.paymentId);
      expect([booking.status, payment.status]).toEqual(["pending_payment", "created"]);
      expect([payment.razorpayPaymentId, payment.razorpaySignature]).toEqual([null, null]);
    }
    expect(await verifyPayment(deps, seeker, fields)).toMatchObject({ ok: true });
    expect((await rows(held.paymentId)).payment.razorpaySignature).toBe(exact);
  });
});

describe("invitations with hostile names and notes", () => {
  it("a name or note that skipped the forms adds nothing to the .ics", async () => {
    // As an account made before names were checked: the service trusts what is stored.
    const seeker = await createSeeker(database.db, {
      firstName: "Aditya\r\nATTACH:https://evil.example/payload.exe\r\nX-INJ:1",
    });
    const notes = "Hi\rX-INJ:2\r\nEND:VEVENT\nBEGIN:VEVENT";
    const held = created(
      await createBooking(
        deps,
        seeker,
        request(advisorId, "2026-03-17T03:30:00.000Z", { additionalInfo: notes }),
      ),
    );
    expect(await verifyPayment(deps, seeker, pay(held.orderId!))).toMatchObject({ ok: true });
    const mails = await database.db.select().from(emailOutbox);
    const invites = mails
      .map((m) => m.attachments?.[0]?.content ?? "")
      .filter((ics) => ics.includes(held.bookingId));
    expect(invites).toHaveLength(2);
    // Each party's copy names its reader as the one attendee: the seeker's carries the name.
    const attendees = invites.flatMap((ics) =>
      ics
        .replace(/\r\n /g, "")
        .split("\r\n")
        .filter((line) => line.startsWith("ATTENDEE")),
    );
    expect(attendees).toHaveLength(2);
    expect(attendees.join("\n")).toContain(
      'ATTENDEE;CN="Aditya ATTACH:https://evil.example/payload.exe X-INJ:1 Seeker"',
    );
    for (const ics of invites) {
      const names = ics
        .replace(/\r\n /g, "")
        .split("\r\n")
        .map((line) => /^[A-Z-]+/.exec(line)?.[0]);
      expect(names.filter((n) => n === "BEGIN" || n === "END")).toHaveLength(4);
      expect(names).not.toContain("ATTACH");
      expect(names).not.toContain("X-INJ");
      expect(ics.replace(/\r\n /g, "")).toContain(
        ": Aditya\\nATTACH:https://evil.example/payload.exe\\nX-INJ:1 Seeker with ",
      );
      expect(ics.replace(/\r\n /g, "")).toContain(
        "Notes: Hi\\nX-INJ:2\\nEND:VEVENT\\nBEGIN:VEVENT",
      );
    }
  });
});

describe("holds", () => {
  it("a dismissed checkout releases the time at once", async () => {
    const seeker = await createSeeker(database.db);
    const result = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-12T03:30:00.000Z")),
    );
    expect(await offered("2026-03-12")).not.toContain("2026-03-12T03:30:00.000Z");
    expect(await abandonCheckout(deps, seeker, result.paymentId, false)).toBe(true);
    expect((await rows(result.paymentId)).booking.status).toBe("expired");
    expect(await offered("2026-03-12")).toContain("2026-03-12T03:30:00.000Z");
  });

  it("a lapsed hold frees the time; its late payment is refunded when the time was taken", async () => {
    const [late, other] = [await createSeeker(database.db), await createSeeker(database.db)];
    const held = created(
      await createBooking(deps, late, request(advisorId, "2026-03-13T03:30:00.000Z")),
    );
    const later = testDeps(database.db, { config: deps.config });
    later.clock.now = new Date(NOW.getTime() + 16 * MINUTE);
    const taken = created(
      await createBooking(later, other, request(advisorId, "2026-03-13T03:30:00.000Z")),
    );
    expect((await rows(held.paymentId)).booking.status).toBe("expired");

    expect(await verifyPayment(later, late, pay(held.orderId!))).toMatchObject({
      ok: true,
      settlement: "refunded",
    });
    expect((await rows(held.paymentId)).booking.status).toBe("expired");
    expect((await rows(taken.paymentId)).booking.status).toBe("pending_payment");
    const [refund] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.bookingId, (await rows(held.paymentId)).booking.id));
    expect(refund).toMatchObject({ amount: 118_000, status: "pending" });
  });

  it("a late payment for a time still free confirms the booking", async () => {
    const seeker = await createSeeker(database.db);
    const held = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-14T03:30:00.000Z")),
    );
    const later = testDeps(database.db, { config: deps.config });
    later.clock.now = new Date(NOW.getTime() + 60 * MINUTE);
    expect(
      await releaseAllExpiredHolds(database.db, later.events, later.clock.now),
    ).toBeGreaterThan(0);
    expect(await verifyPayment(later, seeker, pay(held.orderId!))).toMatchObject({
      settlement: "confirmed",
    });
    expect((await rows(held.paymentId)).booking.status).toBe("confirmed");
  });

  /** What an account's deletion does to bookings (ADR 91), without the rest of it. */
  const deleteAccountOf = async (userId: string, ownAdvisorId: string | null) => {
    await database.db.transaction(async (tx) => {
      await cancelUpcomingSessionsOf(tx, deps.events, {
        userId,
        advisorId: ownAdvisorId,
        actorUserId: userId,
        byAdmin: false,
        reason: "Account deleted.",
        now: deps.clock.now,
      });
      await tx.update(users).set({ deletedAt: deps.clock.now }).where(eq(users.id, userId));
    });
  };
  const refundOf = async (paymentId: string) =>
    (await database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)))[0];

  it("a payment arriving after the seeker deleted their account is refunded, not confirmed", async () => {
    const seeker = await createSeeker(database.db);
    const held = created(
      await createBooking(deps, seeker, request(advisorId, "2026-03-17T04:30:00.000Z")),
    );
    await deleteAccountOf(seeker, null);
    expect((await rows(held.paymentId)).booking.status).toBe("expired");

    // The time is still free and the hold had not lapsed: only the deletion stops it.
    expect(await verifyPayment(deps, seeker, pay(held.orderId!))).toMatchObject({
      settlement: "refunded",
    });
    expect((await rows(held.paymentId)).booking.status).toBe("expired");
    expect(await refundOf(held.paymentId)).toMatchObject({
      amount: 118_000,
      reason: "Paid after an account in the booking was deleted.",
    });
  });

  it("an advisor's deletion ends other seekers' holds on their time; a late payment is refunded", async () => {
    const leaving = await bookableAdvisor(database.db);
    const [person] = await database.db
      .select({ userId: advisors.userId })
      .from(advisors)
      .where(eq(advisors.id, leaving));
    const seeker = await createSeeker(database.db);
    const held = created(
      await createBooking(deps, seeker, request(leaving, "2026-03-16T03:30:00.000Z")),
    );
    await deleteAccountOf(person!.userId, leaving);
    expect((await rows(held.paymentId)).booking.status).toBe("expired");

    expect(await verifyPayment(deps, seeker, pay(held.orderId!))).toMatchObject({
      settlement: "refunded",
    });
    expect((await rows(held.paymentId)).booking.status).toBe("expired");
    expect((await refundOf(held.paymentId))?.status).toBe("pending");
  });

  it("50 seekers racing for one time leave exactly one hold", async () => {
    const seekers = await Promise.all(Array.from({ length: 50 }, () => createSeeker(database.db)));
    const results = await Promise.all(
      seekers.map((seeker) =>
        createBooking(deps, seeker, request(advisorId, "2026-03-20T03:30:00.000Z")),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect([M.timeTaken, M.timeNotOffered]).toContain(refused.message);
    }
    const live = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.datetime, new Date("2026-03-20T03:30:00.000Z")));
    expect(live.filter((b) => b.status === "pending_payment")).toHaveLength(1);
    expect(live).toHaveLength(1);
  });
});
