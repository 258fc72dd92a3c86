import { performance } from "node:perf_hooks";
import { createBooking } from "../server/bookings/booking-service.server";
import { verifyPayment } from "../server/bookings/payment-service.server";
import { EVERY_MORNING, testDeps } from "../server/bookings/bookings.test-support";
import { createTestDatabase } from "../server/db/database.test-support";
import { paymentSignature } from "../server/payments/signature.server";
import { saveSchedule } from "../server/scheduling/schedule.server";
import { createAdvisor, createSeeker } from "../server/db/factories.test-support";
import { say, summarize, type Summary } from "./stats";

/**
 * The booking service on one database: create-and-confirm (hold, order through the test
 * provider, signed verification, confirmation with meeting link and two invitation e-mails)
 * for distinct seekers and times, some in flight at once; then 50 seekers racing for one time.
 */
export type BookingBench = {
  database: string;
  bookings: number;
  concurrency: number;
  perSecond: number;
  latency: Summary;
  race: { attempts: number; holds: number; ms: number };
};

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 200);
export const BOOKING_CONCURRENCY = [10, 50] as const;
const NOW = new Date("2026-03-02T00:00:00Z");

export async function benchBooking(label: string, concurrency: number): Promise<BookingBench> {
  const database = await createTestDatabase();
  try {
    const deps = testDeps(database.db);
    const secret = deps.config.testPaymentSecret!;
    // Round-the-clock availability gives 48 half-hour starts a day for 30 days.
    const advisorId = await createAdvisor(database.db, { hourlyRateInr: 2000 });
    const allDay = { ...EVERY_MORNING, windows: { ...EVERY_MORNING.windows } };
    for (const day of [1, 2, 3, 4, 5, 6, 7] as const)
      allDay.windows[day] = [{ start: "00:00", end: "24:00" }];
    const saved = await saveSchedule(database.db, advisorId, allDay);
    if (!saved.ok) throw new Error(saved.message);

    const starts = Array.from({ length: BOOKINGS }, (_, i) =>
      new Date(NOW.getTime() + 86_400_000 + i * 30 * 60_000).toISOString(),
    );
    const seekers = await Promise.all(starts.map(() => createSeeker(database.db)));
    const latencies: number[] = [];
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < starts.length) {
          const i = next++;
          const t0 = performance.now();
          const order = await createBooking(deps, seekers[i]!, {
            advisorId,
            topics: ["Careers"],
            additionalInfo: undefined,
            sessionType: "First Call",
            duration: 30,
            datetime: starts[i]!,
            seekerTimezone: "Asia/Kolkata",
          });
          if (!order.ok) throw new Error(order.message);
          const paymentId = `pay_bench${i}`;
          const verified = await verifyPayment(deps, seekers[i]!, {
            razorpay_order_id: order.orderId!,
            razorpay_payment_id: paymentId,
            razorpay_signature: paymentSignature(secret, order.orderId!, paymentId),
          });
          if (!verified.ok || verified.settlement !== "confirmed") throw new Error("not confirmed");
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = performance.now() - began;

    const racers = await Promise.all(Array.from({ length: 50 }, () => createSeeker(database.db)));
    const raceStart = performance.now();
    const results = await Promise.all(
      racers.map((seeker) =>
        createBooking(deps, seeker, {
          advisorId,
          topics: ["Careers"],
          additionalInfo: undefined,
          sessionType: "First Call",
          duration: 30,
          datetime: new Date(NOW.getTime() + 20 * 86_400_000).toISOString(),
          seekerTimezone: "Asia/Kolkata",
        }),
      ),
    );
    const race = {
      attempts: racers.length,
      holds: results.filter((r) => r.ok).length,
      ms: performance.now() - raceStart,
    };
    const result = {
      database: label,
      bookings: BOOKINGS,
      concurrency,
      perSecond: (BOOKINGS / elapsed) * 1000,
      latency: summarize(latencies),
      race,
    };
    say(
      `  ${label}, ${concurrency} in flight: ${result.perSecond.toFixed(1)} bookings/s, p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms; race: ${race.holds} hold of ${race.attempts} in ${race.ms.toFixed(0)} ms`,
    );
    return result;
  } finally {
    await database.destroy();
  }
}

/**
 * PGlite always; PostgreSQL too when `postgres` names a server to create databases on. Each at
 * 10 and 50 in flight.
 */
export async function benchBookings(postgres?: { url: string; label: string }) {
  const saved = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  const results: BookingBench[] = [];
  for (const concurrency of BOOKING_CONCURRENCY)
    results.push(await benchBooking("PGlite (embedded)", concurrency));
  if (postgres) {
    // The test databases' helper creates (and drops) a database per run on this server.
    process.env.TEST_DATABASE_URL = postgres.url;
    for (const concurrency of BOOKING_CONCURRENCY)
      results.push(await benchBooking(`${postgres.label} (node-postgres pool of 10)`, concurrency));
  }
  if (saved) process.env.TEST_DATABASE_URL = saved;
  else delete process.env.TEST_DATABASE_URL;
  return results;
}

// Alone: `node --import tsx bench/booking.ts`, with BENCH_POSTGRES_URL for PostgreSQL too.
if (process.argv[1]?.endsWith("booking.ts")) {
  const url = process.env.BENCH_POSTGRES_URL;
  await benchBookings(url ? { url, label: "PostgreSQL" } : undefined);
}
