import { testEvents } from "./bookings.test-support";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../config.server";
import { advisors, refunds } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createBooking, createSeeker, createUser } from "../db/factories.test-support";
import type { PaymentGateway } from "../payments/gateway.server";
import { createTestGateway } from "../payments/test-gateway.server";
import { applyRefundEvent, processRefunds } from "../refunds/refund-job.server";
import type { Actor } from "./actor";
import { cancelSession } from "./cancel.server";
import { findSession, listSessions } from "./session-list.server";
import { createBookableAdvisor } from "./factories.test-support";

/*
 * The query behind the Cancelled tab and the session details: who cancelled (as a part, never
 * a person's id), when, the reason, and the refund in each of its states, as cancellations
 * and the refund job leave them.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "cancelled-test-")) });
const logger = pino({ level: "silent" });
// Cancellations are judged at NOW; the refund job runs on the real clock (refunds are due at once).
const NOW = new Date("2026-03-02T00:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

let advisorId: string;
let advisor: Actor;
let admin: Actor;
const seekers: Actor[] = [];
const ids: Record<"seeker" | "advisor" | "late" | "admin" | "free", string> = {
  seeker: "",
  advisor: "",
  late: "",
  admin: "",
  free: "",
};

async function cancel(by: Actor, seeker: Actor, start: Date, reason: string, paidPaise = 236_000) {
  const booking = await createBooking(database.db, {
    advisorId,
    userId: seeker.userId,
    datetime: start,
    paidPaise,
  });
  const result = await cancelSession(database.db, {
    actor: by,
    bookingId: booking.id,
    reason,
    now: NOW,
    config,
    events: testEvents(config),
  });
  expect(result.ok).toBe(true);
  return booking.id;
}

async function cancelledTab() {
  const { rows } = await listSessions(
    database.db,
    { role: "admin" },
    { tab: "cancelled", page: 1 },
  );
  return new Map(rows.map((row) => [row.id, row]));
}

beforeAll(async () => {
  database = await createTestDatabase();
  advisorId = await createBookableAdvisor(database.db);
  const [own] = await database.db
    .select({ userId: advisors.userId })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  advisor = { userId: own!.userId, advisorId, isAdmin: false };
  admin = { userId: await createUser(database.db, { admin: "Y" }), advisorId: null, isAdmin: true };
  for (let i = 0; i < 5; i++)
    seekers.push({ userId: await createSeeker(database.db), advisorId: null, isAdmin: false });
  // Each at its own hour: one advisor's sessions never overlap.
  ids.seeker = await cancel(seekers[0]!, seekers[0]!, at(48), "My interview moved");
  ids.advisor = await cancel(advisor, seekers[1]!, at(49), "Travelling that week");
  ids.late = await cancel(seekers[2]!, seekers[2]!, at(13), "Overslept the booking");
  ids.admin = await cancel(admin, seekers[3]!, at(50), "Advisor unwell");
  ids.free = await cancel(seekers[4]!, seekers[4]!, at(51), "Found an answer", 0);
});
afterAll(() => database.destroy());

describe("the Cancelled tab's rows", () => {
  it("say who cancelled, when and why, for every part", async () => {
    const rows = await cancelledTab();
    const facts = (id: string) => {
      const row = rows.get(id)!;
      return [row.cancelledBy, row.cancelledAt, row.cancellationReason];
    };
    expect(facts(ids.seeker)).toEqual(["seeker", NOW, "My interview moved"]);
    expect(facts(ids.advisor)).toEqual(["advisor", NOW, "Travelling that week"]);
    expect(facts(ids.late)).toEqual(["seeker", NOW, "Overslept the booking"]);
    expect(facts(ids.admin)).toEqual(["admin", NOW, "Advisor unwell"]);
    expect(facts(ids.free)).toEqual(["seeker", NOW, "Found an answer"]);
  });

  it("give the refund owed under the rule, queued and not yet sent", async () => {
    const rows = await cancelledTab();
    const refund = (id: string) => {
      const row = rows.get(id)!;
      return [row.refundPaise, row.refundStatus, row.refundRetrying, row.refundProcessedAt];
    };
    expect(refund(ids.seeker)).toEqual([236_000, "pending", false, null]);
    expect(refund(ids.advisor)).toEqual([236_000, "pending", false, null]);
    expect(refund(ids.admin)).toEqual([236_000, "pending", false, null]);
    // Inside 24 hours a seeker's cancellation refunds nothing; a free session had nothing paid.
    expect(refund(ids.late)).toEqual([null, null, false, null]);
    expect(rows.get(ids.late)!.paymentStatus).toBe("paid");
    expect(refund(ids.free)).toEqual([null, null, false, null]);
    expect(rows.get(ids.free)!.paidPaise).toBeNull();
  });

  it("follow the refund job: retrying after a provider error, then processing, processed with its date, or failed", async () => {
    const gateway: PaymentGateway = {
      ...createTestGateway(),
      name: "test",
      keyId: "rzp_test_double",
      async createOrder() {
        return { orderId: "order_unused" };
      },
      async refund() {
        throw new Error("provider unavailable");
      },
    };
    expect(
      await processRefunds(database.db, { gateway, config, logger, now: () => new Date() }),
    ).toEqual({ sent: 0, failed: 3 });
    let rows = await cancelledTab();
    for (const id of [ids.seeker, ids.advisor, ids.admin])
      expect(rows.get(id)).toMatchObject({ refundStatus: "pending", refundRetrying: true });

    // After the back-off: the provider settles the seeker's refund at once and accepts the others.
    const settled = new Date(Date.now() + 10 * 60_000);
    settled.setMilliseconds(0);
    gateway.refund = async (input) => ({
      refundId: `rfnd_${randomBytes(6).toString("hex")}`,
      status: input.notes.booking_id === ids.seeker ? "processed" : "pending",
    });
    expect(
      await processRefunds(database.db, { gateway, config, logger, now: () => settled }),
    ).toEqual({ sent: 3, failed: 0 });
    // The provider later refuses the advisor's cancellation's refund (a webhook).
    const [advisorRefund] = await database.db
      .select({ providerId: refunds.razorpayRefundId })
      .from(refunds)
      .where(eq(refunds.bookingId, ids.advisor));
    expect(
      await applyRefundEvent(
        database.db,
        { event: "refund.failed", refundId: advisorRefund!.providerId! },
        NOW,
      ),
    ).toBe(true);

    rows = await cancelledTab();
    expect(rows.get(ids.seeker)).toMatchObject({
      refundStatus: "processed",
      refundProcessedAt: settled,
      paymentStatus: "refunded",
    });
    expect(rows.get(ids.advisor)).toMatchObject({ refundStatus: "failed", refundRetrying: true });
    expect(rows.get(ids.admin)).toMatchObject({ refundStatus: "pending", refundRetrying: false });
  });

  it("a processed webhook dates the refund too", async () => {
    const [adminRefund] = await database.db
      .select({ providerId: refunds.razorpayRefundId })
      .from(refunds)
      .where(eq(refunds.bookingId, ids.admin));
    // The webhook's time, from the clock it is handed.
    const processedAt = at(30);
    await applyRefundEvent(
      database.db,
      { event: "refund.processed", refundId: adminRefund!.providerId! },
      processedAt,
    );
    const row = (await cancelledTab()).get(ids.admin)!;
    expect(row.refundStatus).toBe("processed");
    expect(row.refundProcessedAt).toEqual(processedAt);
  });

  it("are each seeker's own: another seeker neither lists nor finds them", async () => {
    const own = { role: "seeker" as const, userId: seekers[0]!.userId };
    const other = { role: "seeker" as const, userId: seekers[1]!.userId };
    const listed = await listSessions(database.db, own, { tab: "cancelled", page: 1 });
    expect(listed.rows.map((r) => r.id)).toEqual([ids.seeker]);
    expect(await findSession(database.db, own, ids.seeker)).toMatchObject({
      cancelledBy: "seeker",
      refundStatus: "processed",
    });
    expect(await findSession(database.db, other, ids.seeker)).toBeNull();
    const otherListed = await listSessions(database.db, other, { tab: "cancelled", page: 1 });
    expect(otherListed.rows.map((r) => r.id)).toEqual([ids.advisor]);
  });
});
