import { testEvents } from "../bookings/bookings.test-support";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelSession } from "../bookings/cancel.server";
import { createBooking, createSeeker } from "../db/factories.test-support";
import { createBookableAdvisor, fakeGateway } from "../bookings/factories.test-support";
import { buildConfig } from "../config.server";
import { emailOutbox, payments, refunds } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { applyRefundEvent, processRefunds } from "./refund-job.server";

/*
 * Refunds are queued with the cancellation and sent by a job: a provider outage or a crash
 * after the cancel commits never loses one, and webhooks settle them.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "refund-test-")) });
const logger = pino({ level: "silent" });
// Cancellations are judged at NOW; the job runs on the real clock (refunds are due at once).
const NOW = new Date("2026-03-02T00:00:00Z");
let advisorId: string;
let seekerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  advisorId = await createBookableAdvisor(database.db);
  seekerId = await createSeeker(database.db);
});
afterAll(() => database.destroy());

async function cancelledBooking(day: number) {
  const booking = await createBooking(database.db, {
    advisorId,
    userId: seekerId,
    datetime: new Date(`2026-03-${String(day).padStart(2, "0")}T10:00:00Z`),
    paidPaise: 59000,
  });
  const result = await cancelSession(database.db, {
    actor: { userId: seekerId, advisorId: null, isAdmin: false },
    bookingId: booking.id,
    reason: "Plans changed",
    now: NOW,
    config,
    events: testEvents(config),
  });
  expect(result).toEqual({ ok: true, refundPaise: 59000 });
  return booking;
}
const refundOf = async (bookingId: string) =>
  (await database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)))[0]!;

describe("the refund job", () => {
  it("survives a crash between cancel and refund: the refund waits, then is sent once", async () => {
    // The cancel committed and the process "died" before any refund call: nothing ran since.
    const booking = await cancelledBooking(10);
    expect(await refundOf(booking.id)).toMatchObject({ status: "pending", attempts: 0 });
    const gateway = fakeGateway();
    expect(
      await processRefunds(database.db, { gateway, config, logger, now: () => new Date() }),
    ).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(gateway.calls).toEqual([
      { providerPaymentId: expect.stringMatching(/^pay_/), amountPaise: 59000 },
    ]);
    const refund = await refundOf(booking.id);
    expect(refund).toMatchObject({
      status: "processed",
      attempts: 1,
      razorpayRefundId: expect.stringMatching(/^rfnd_/),
    });
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.id, booking.paymentId!));
    expect(payment!.status).toBe("refunded");
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Your BeenThere refund is on its way"));
    expect(mail!.text).toContain("₹590");
    expect(mail!.text).toContain("7-10 business days");
    // Nothing is sent twice.
    expect(
      await processRefunds(database.db, {
        gateway,
        config,
        logger,
        now: () => new Date(Date.now() + 86_400_000),
      }),
    ).toEqual({ sent: 0, failed: 0 });
    expect(gateway.calls).toHaveLength(1);
  });

  it("keeps a refund pending while the provider fails, and retries it later", async () => {
    const booking = await cancelledBooking(11);
    const gateway = fakeGateway();
    gateway.failing = true;
    expect(
      await processRefunds(database.db, { gateway, config, logger, now: () => new Date() }),
    ).toEqual({
      sent: 0,
      failed: 1,
    });
    const waiting = await refundOf(booking.id);
    expect(waiting).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "Error: provider unavailable",
    });
    // Not due again until its back-off has passed.
    gateway.failing = false;
    expect(
      await processRefunds(database.db, { gateway, config, logger, now: () => new Date() }),
    ).toEqual({
      sent: 0,
      failed: 0,
    });
    const later = new Date(waiting.nextAttemptAt.getTime() + 1);
    expect(
      await processRefunds(database.db, { gateway, config, logger, now: () => later }),
    ).toEqual({ sent: 1, failed: 0 });
    expect(await refundOf(booking.id)).toMatchObject({
      status: "processed",
      attempts: 2,
      lastError: null,
    });
  });

  it("applies refund.processed and refund.failed webhooks; a failed refund is tried again", async () => {
    const booking = await cancelledBooking(12);
    const gateway = fakeGateway({ status: "pending" });
    await processRefunds(database.db, { gateway, config, logger, now: () => new Date() });
    const accepted = await refundOf(booking.id);
    expect(accepted.status).toBe("pending");
    expect(
      await applyRefundEvent(
        database.db,
        {
          event: "refund.failed",
          refundId: accepted.razorpayRefundId!,
        },
        NOW,
      ),
    ).toBe(true);
    expect((await refundOf(booking.id)).status).toBe("failed");
    await processRefunds(database.db, { gateway, config, logger, now: () => new Date() });
    const retried = await refundOf(booking.id);
    expect(retried.razorpayRefundId).not.toBe(accepted.razorpayRefundId);
    expect(
      await applyRefundEvent(
        database.db,
        {
          event: "refund.processed",
          refundId: retried.razorpayRefundId!,
        },
        NOW,
      ),
    ).toBe(true);
    expect((await refundOf(booking.id)).status).toBe("processed");
    // Repeats and unknown ids change nothing.
    expect(
      await applyRefundEvent(
        database.db,
        {
          event: "refund.failed",
          refundId: retried.razorpayRefundId!,
        },
        NOW,
      ),
    ).toBe(false);
    expect(
      await applyRefundEvent(
        database.db,
        { event: "refund.processed", refundId: "rfnd_unknown" },
        NOW,
      ),
    ).toBe(false);
    expect((await refundOf(booking.id)).status).toBe("processed");
  });

  it("hands back, at shutdown, the claimed refunds it has not tried", async () => {
    const bookings = [await cancelledBooking(13), await cancelledBooking(14)];
    const shutdown = new AbortController();
    const gateway = fakeGateway();
    const refund = gateway.refund;
    gateway.refund = (input) => {
      shutdown.abort(); // the signal arrives while the first refund is with the provider
      return refund(input);
    };
    const now = () => new Date();
    expect(
      await processRefunds(database.db, { gateway, config, logger, now, signal: shutdown.signal }),
    ).toEqual({ sent: 1, failed: 0 });
    const [untried] = (await Promise.all(bookings.map((b) => refundOf(b.id)))).filter(
      (r) => r.status === "pending",
    );
    // Due again at once, its attempt not counted: the next run (anywhere) sends it.
    expect(untried).toMatchObject({ attempts: 0, razorpayRefundId: null });
    expect(untried!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    gateway.refund = refund;
    expect(await processRefunds(database.db, { gateway, config, logger, now })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(gateway.calls).toHaveLength(2);
  });

  it("sends a refund once when a slow batch outlasts its lease and another run takes the rest", async () => {
    const bookings = [await cancelledBooking(15), await cancelledBooking(16)];
    const gateway = fakeGateway();
    const refund = gateway.refund;
    const now = () => new Date();
    let tookOver = false;
    gateway.refund = async (input) => {
      const result = await refund(input);
      if (tookOver) return result;
      tookOver = true;
      // The first refund took longer than the lease: the other is free for another run.
      const other = bookings.find((b) => b.id !== input.notes.booking_id)!;
      await database.db
        .update(refunds)
        .set({ nextAttemptAt: new Date(Date.now() - 1) })
        .where(eq(refunds.bookingId, other.id));
      expect(await processRefunds(database.db, { gateway, config, logger, now })).toEqual({
        sent: 1,
        failed: 0,
      });
      return result;
    };
    expect(await processRefunds(database.db, { gateway, config, logger, now })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(gateway.calls).toHaveLength(2);
    for (const b of bookings) expect((await refundOf(b.id)).status).toBe("processed");
  });
});
