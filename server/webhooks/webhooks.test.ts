import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking, type BookingCreated } from "../bookings/booking-service.server";
import { bookableAdvisor, MINUTE, NOW, request, testDeps } from "../bookings/bookings.test-support";
import { bookings, emailOutbox, payments, refunds, webhookEvents } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import { hmacHex } from "../payments/signature.server";
import type { RazorpayEvent } from "./webhook-types";
import { handleRazorpayWebhook } from "./webhooks.server";

/*
 * Webhooks are signed over the raw body, stored once per event id, and settle payments in
 * any order: a repeat or a late failure never undoes or doubles a confirmation.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof testDeps>;
let advisorId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testDeps(database.db);
  advisorId = await bookableAdvisor(database.db);
});
afterAll(() => database.destroy());

async function hold(start: string, d = deps): Promise<BookingCreated> {
  const seeker = await createSeeker(database.db);
  const result = await createBooking(d, seeker, request(advisorId, start));
  if (!result.ok) throw new Error(result.message);
  return result;
}

function paymentEvent(
  event: string,
  orderId: string,
  options: { paymentId?: string; amount?: number } = {},
): RazorpayEvent {
  return {
    event,
    payload: {
      payment: {
        entity: {
          id: options.paymentId ?? "pay_webhook1",
          order_id: orderId,
          amount: options.amount ?? 118_000,
          status: event === "payment.failed" ? "failed" : "captured",
        },
      },
    },
  };
}

function deliver(
  event: RazorpayEvent,
  { eventId = randomUUID() as string, secret = deps.config.testPaymentSecret!, d = deps } = {},
) {
  const body = JSON.stringify(event);
  const headers = new Headers({
    "x-razorpay-signature": hmacHex(secret, body),
    "x-razorpay-event-id": eventId,
  });
  return handleRazorpayWebhook(d, body, headers);
}

const bookingOf = async (paymentId: string) =>
  (await database.db.select().from(bookings).where(eq(bookings.paymentId, paymentId)))[0]!;
const mailCount = async () => (await database.db.select().from(emailOutbox)).length;

describe("POST /api/webhooks/razorpay", () => {
  it("refuses a bad signature and stores nothing", async () => {
    const held = await hold("2026-03-04T03:30:00.000Z");
    const answer = await deliver(paymentEvent("payment.captured", held.orderId!), {
      secret: "not-the-secret",
    });
    expect(answer).toEqual({ status: 400, body: { error: "Invalid signature" } });
    expect(await database.db.select().from(webhookEvents)).toHaveLength(0);
    expect((await bookingOf(held.paymentId)).status).toBe("pending_payment");
  });

  it("refuses the right signature upper-cased, padded or cut short, and stores nothing", async () => {
    const held = await hold("2026-03-09T03:30:00.000Z");
    const body = JSON.stringify(paymentEvent("payment.captured", held.orderId!));
    const exact = hmacHex(deps.config.testPaymentSecret!, body);
    for (const signature of [exact.toUpperCase(), `${exact}0`, exact.slice(0, 63)]) {
      const headers = new Headers({
        "x-razorpay-signature": signature,
        "x-razorpay-event-id": randomUUID(),
      });
      expect(await handleRazorpayWebhook(deps, body, headers)).toEqual({
        status: 400,
        body: { error: "Invalid signature" },
      });
    }
    expect(await database.db.select().from(webhookEvents)).toHaveLength(0);
    expect((await bookingOf(held.paymentId)).status).toBe("pending_payment");
  });

  it("payment.captured confirms a booking whose browser never came back, once per event id", async () => {
    const held = await hold("2026-03-04T04:30:00.000Z");
    const event = paymentEvent("payment.captured", held.orderId!, { paymentId: "pay_cap1" });
    const before = await mailCount();
    expect(await deliver(event, { eventId: "evt_1" })).toEqual({ status: 200, body: { ok: true } });
    expect((await bookingOf(held.paymentId)).status).toBe("confirmed");
    expect(await mailCount()).toBe(before + 2);

    expect(await deliver(event, { eventId: "evt_1" })).toEqual({
      status: 200,
      body: { ok: true, duplicate: true },
    });
    // order.paid for the same payment, under another event id: settled already.
    await deliver({ ...event, event: "order.paid" }, { eventId: "evt_2" });
    expect(await mailCount()).toBe(before + 2);
  });

  it("a failure arriving after the capture changes nothing", async () => {
    const held = await hold("2026-03-05T03:30:00.000Z");
    await deliver(paymentEvent("payment.captured", held.orderId!, { paymentId: "pay_cap2" }));
    await deliver(paymentEvent("payment.failed", held.orderId!, { paymentId: "pay_fail2" }));
    expect((await bookingOf(held.paymentId)).status).toBe("confirmed");
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.id, held.paymentId));
    expect(payment).toMatchObject({ status: "paid", razorpayPaymentId: "pay_cap2" });
  });

  it("payment.failed releases the hold; a capture after it still confirms a free time", async () => {
    const held = await hold("2026-03-05T04:30:00.000Z");
    await deliver(paymentEvent("payment.failed", held.orderId!, { paymentId: "pay_f3" }));
    expect((await bookingOf(held.paymentId)).status).toBe("expired");
    await deliver(paymentEvent("payment.captured", held.orderId!, { paymentId: "pay_c3" }));
    expect((await bookingOf(held.paymentId)).status).toBe("confirmed");
  });

  it("confirms nothing when the captured amount differs from the order", async () => {
    const held = await hold("2026-03-06T03:30:00.000Z");
    await deliver(paymentEvent("payment.captured", held.orderId!, { amount: 100 }));
    expect((await bookingOf(held.paymentId)).status).toBe("pending_payment");
  });

  it("refunds a late capture whose time was taken meanwhile, and never confirms it", async () => {
    const held = await hold("2026-03-07T03:30:00.000Z");
    const later = testDeps(database.db, { config: deps.config });
    later.clock.now = new Date(NOW.getTime() + 20 * MINUTE);
    const taker = await hold("2026-03-07T03:30:00.000Z", later);
    await deliver(paymentEvent("payment.captured", held.orderId!, { paymentId: "pay_late" }), {
      d: later,
    });
    const booking = await bookingOf(held.paymentId);
    expect(booking.status).toBe("expired");
    expect((await bookingOf(taker.paymentId)).status).toBe("pending_payment");
    const [refund] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.bookingId, booking.id));
    expect(refund).toMatchObject({ status: "pending", amount: 118_000 });
  });

  it("refund.processed marks a sent refund processed and its payment refunded, once", async () => {
    const held = await hold("2026-03-08T03:30:00.000Z");
    const later = testDeps(database.db, { config: deps.config });
    later.clock.now = new Date(NOW.getTime() + 20 * MINUTE);
    await hold("2026-03-08T03:30:00.000Z", later);
    await deliver(paymentEvent("payment.captured", held.orderId!, { paymentId: "pay_rf" }), {
      d: later,
    });
    const booking = await bookingOf(held.paymentId);
    // The refund job has sent it to the provider, which answered with its refund id.
    await database.db
      .update(refunds)
      .set({ razorpayRefundId: "rfnd_1" })
      .where(eq(refunds.bookingId, booking.id));
    const event = {
      event: "refund.processed",
      payload: { refund: { entity: { id: "rfnd_1" } } },
    };
    expect((await deliver(event, { eventId: "evt_refund" })).status).toBe(200);
    expect((await deliver(event, { eventId: "evt_refund" })).body).toMatchObject({
      duplicate: true,
    });
    const [refund] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.bookingId, booking.id));
    expect(refund?.status).toBe("processed");
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.id, held.paymentId));
    expect(payment?.status).toBe("refunded");
    const [stored] = await database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, "evt_refund"));
    expect(stored?.eventType).toBe("refund.processed");
  });

  it("refuses an event without an id", async () => {
    const body = JSON.stringify({ event: "payment.captured" });
    const headers = new Headers({
      "x-razorpay-signature": hmacHex(deps.config.testPaymentSecret!, body),
    });
    expect((await handleRazorpayWebhook(deps, body, headers)).status).toBe(400);
  });
});
