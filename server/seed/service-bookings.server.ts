import pino from "pino";
import { createBooking, createDiscoveryBooking } from "../bookings/booking-service.server";
import type { BookingDeps } from "../bookings/context.server";
import { verifyPayment } from "../bookings/payment-service.server";
import { bookingEvents } from "../compose.server";
import type { Config } from "../config.server";
import { paymentSecrets } from "../payments/create-gateway.server";
import { paymentSignature } from "../payments/signature.server";
import { createTestGateway } from "../payments/test-gateway.server";
import { datesFor, slotsFor } from "../scheduling/slots.server";
import type { Tx } from "../db/client.server";

/**
 * Upcoming demo bookings made through the booking service itself, as a seeker would make
 * them: a paid First Call (ordered, paid through the test provider, verified), a pro bono
 * session and a discovery call, each confirmed with its meeting link and invitations.
 * Demo data never creates real provider orders, so it always pays through the test provider.
 */
export async function seedServiceBookings(
  tx: Tx,
  config: Config,
  now: Date,
  people: {
    paidSeeker: string;
    paidAdvisor: string;
    freeSeeker: string;
    freeAdvisor: string;
    discoverySeeker: string;
  },
) {
  const logger = pino({ level: "silent" });
  const deps: BookingDeps = {
    db: tx,
    gateway: createTestGateway(),
    config,
    logger,
    // Demo people have example.com addresses: no Google event is made for them.
    events: bookingEvents({ config, logger, calendar: null }),
    now: () => now,
  };
  const zone = "Asia/Kolkata";
  const startWith = async (advisorId: string, duration: 15 | 30) => {
    const query = { viewerTimeZone: zone, duration, now };
    const dates = (await datesFor(tx, advisorId, query))?.dates ?? [];
    // A few days out, so the demo sessions stay upcoming for a while.
    const date = dates[Math.min(3, dates.length - 1)];
    const slot = date ? (await slotsFor(tx, advisorId, { ...query, date }))?.slots[0] : undefined;
    if (!slot) throw new Error(`Demo advisor ${advisorId} has no time to book`);
    return slot.start;
  };
  const must = <T extends { ok: boolean }>(result: T, what: string) => {
    if (!result.ok) throw new Error(`Demo ${what} refused: ${JSON.stringify(result)}`);
    return result as Extract<T, { ok: true }>;
  };

  const request = {
    topics: ["Career change", "Interview preparation"],
    additionalInfo: "I'd like a concrete plan for the next six months.",
    seekerTimezone: zone,
  };
  const paid = must(
    await createBooking(deps, people.paidSeeker, {
      ...request,
      advisorId: people.paidAdvisor,
      sessionType: "First Call",
      duration: 30,
      datetime: await startWith(people.paidAdvisor, 30),
    }),
    "paid booking",
  );
  const providerPaymentId = `pay_demo${paid.bookingId.replace(/-/g, "").slice(0, 12)}`;
  must(
    await verifyPayment(deps, people.paidSeeker, {
      razorpay_order_id: paid.orderId!,
      razorpay_payment_id: providerPaymentId,
      razorpay_signature: paymentSignature(
        paymentSecrets(config).keySecret,
        paid.orderId!,
        providerPaymentId,
      ),
    }),
    "payment",
  );
  must(
    await createBooking(deps, people.freeSeeker, {
      ...request,
      advisorId: people.freeAdvisor,
      sessionType: "First Call",
      duration: 30,
      datetime: await startWith(people.freeAdvisor, 30),
    }),
    "pro bono booking",
  );
  must(
    await createDiscoveryBooking(deps, people.discoverySeeker, {
      adviceSought: "I'm weighing a master's in Germany against a job offer here.",
      datetime: await startWith(config.discoveryAdvisorId, 15),
      seekerTimezone: zone,
    }),
    "discovery call",
  );
}
