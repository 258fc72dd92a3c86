import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingSubscribers } from "../compose.server";
import { buildConfig } from "../config.server";
import { bookings, emailOutbox, refunds } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import {
  type BookingEvent,
  createBookingEvents,
  type Subscriber,
} from "../events/booking-events.server";
import type { Actor } from "./actor";
import { cancelSession } from "./cancel.server";
import { releaseAllExpiredHolds } from "./holds.server";
import { rescheduleSession } from "./reschedule.server";
import { createBooking, createSeeker } from "../db/factories.test-support";
import { createBookableAdvisor } from "./factories.test-support";

/*
 * The booking lifecycle as events (ADR 87): what a change publishes, that subscribers write in
 * the change's own transaction (a failure anywhere undoes all of it), and that after-commit
 * work runs once the change is committed.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "events-test-")) });
const logger = pino({ level: "silent" });
const NOW = new Date("2026-03-02T00:00:00Z");
const DAY = 86_400_000;
let advisorId: string;
let seeker: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  advisorId = await createBookableAdvisor(database.db);
  seeker = { userId: await createSeeker(database.db), advisorId: null, isAdmin: false };
});
afterAll(() => database.destroy());

/** The app's subscribers, then one that records what it heard (and may fail or defer). */
function withRecorder(extra: Partial<Subscriber["on"]> = {}) {
  const heard: BookingEvent[] = [];
  const record = async (_tx: unknown, event: BookingEvent) => void heard.push(event);
  const recorder: Subscriber = {
    name: "recorder",
    on: {
      "booking.released": record,
      "booking.cancelled": record,
      "booking.rescheduled": record,
      "refund.requested": record,
      "refund.queued": record,
      ...extra,
    },
  };
  const app = bookingSubscribers({ config, logger, calendar: null });
  return { events: createBookingEvents([...app, recorder]), heard };
}

/** At 10:00 UTC, inside the advisor's 09:00-17:00 hours. */
const session = (daysAhead: number) =>
  createBooking(database.db, {
    advisorId,
    userId: seeker.userId,
    datetime: new Date(NOW.getTime() + daysAhead * DAY + 10 * 3_600_000),
  });
const cancel = (bookingId: string, events: ReturnType<typeof withRecorder>["events"]) =>
  cancelSession(database.db, {
    actor: seeker,
    bookingId,
    reason: "Plans changed",
    now: NOW,
    config,
    events,
  });
const statusOf = async (id: string) =>
  (await database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
const refundsOf = (id: string) =>
  database.db.select().from(refunds).where(eq(refunds.bookingId, id));
const cancelMails = async () => {
  const [row] = await database.db.query.users.findMany({
    where: (u, { eq }) => eq(u.id, seeker.userId),
  });
  return database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, row!.email),
        eq(emailOutbox.subject, "Your BeenThere session has been cancelled"),
      ),
    );
};

describe("booking events", () => {
  it("a refunded cancellation publishes booking.cancelled, then the refund asked and queued", async () => {
    const booking = await session(3);
    const { events, heard } = withRecorder();
    const result = await cancel(booking.id, events);
    expect(result).toEqual({ ok: true, refundPaise: 118000 });
    // In causal order for every subscriber: a consequence waits for its cause to be heard.
    expect(heard.map((e) => e.type)).toEqual([
      "booking.cancelled",
      "refund.requested",
      "refund.queued",
    ]);
    const [refund] = await refundsOf(booking.id);
    expect(heard[0]).toEqual({
      type: "booking.cancelled",
      bookingId: booking.id,
      actor: { userId: seeker.userId, role: "seeker" },
      reason: "Plans changed",
      refundPaise: 118000,
    });
    expect(heard[2]).toEqual({
      type: "refund.queued",
      bookingId: booking.id,
      refundId: refund!.id,
      amount: 118000,
    });
  });

  it("a subscriber that fails undoes the whole change: status, refund and e-mails", async () => {
    const booking = await session(4);
    const mailsBefore = (await cancelMails()).length;
    const { events } = withRecorder({
      "refund.queued": async () => {
        throw new Error("ledger down");
      },
    });
    await expect(cancel(booking.id, events)).rejects.toThrow("ledger down");
    expect(await statusOf(booking.id)).toBe("confirmed");
    expect(await refundsOf(booking.id)).toEqual([]);
    expect((await cancelMails()).length).toBe(mailsBefore);
  });

  it("after-commit work sees the committed change, and its warning reaches the caller", async () => {
    const booking = await session(5);
    let seen: string | null = null;
    const { events } = withRecorder({
      "booking.cancelled": async () => async () => {
        seen = await statusOf(booking.id);
        return "The calendar could not be told";
      },
    });
    const result = await cancel(booking.id, events);
    expect(seen).toBe("cancelled");
    expect(result).toMatchObject({ ok: true, warning: "The calendar could not be told" });
  });

  it("a reschedule publishes where the session was and who moved it", async () => {
    const booking = await session(6);
    const { events, heard } = withRecorder();
    const to = new Date(booking.datetime.getTime() + DAY);
    const moved = await rescheduleSession(database.db, {
      actor: seeker,
      bookingId: booking.id,
      newStart: to,
      now: NOW,
      config,
      events,
    });
    if (!moved.ok) return expect.fail(moved.message);
    expect(heard).toEqual([
      {
        type: "booking.rescheduled",
        bookingId: booking.id,
        from: booking.datetime,
        actor: { userId: seeker.userId, role: "seeker" },
      },
    ]);
  });

  it("a hold that lapses is released by the job and published like one its seeker let go", async () => {
    const hold = await createBooking(database.db, {
      advisorId,
      userId: seeker.userId,
      datetime: new Date(NOW.getTime() + 9 * DAY + 10 * 3_600_000),
      status: "pending_payment",
      holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
    });
    const { events, heard } = withRecorder();
    // A minute before it lapses nothing moves; at the minute it lapses it is released once.
    expect(
      await releaseAllExpiredHolds(database.db, events, new Date(NOW.getTime() + 14 * 60_000)),
    ).toBe(0);
    expect(
      await releaseAllExpiredHolds(database.db, events, new Date(NOW.getTime() + 15 * 60_000)),
    ).toBe(1);
    expect(
      await releaseAllExpiredHolds(database.db, events, new Date(NOW.getTime() + 16 * 60_000)),
    ).toBe(0);
    expect(heard).toEqual([{ type: "booking.released", bookingId: hold.id }]);
    expect(await statusOf(hold.id)).toBe("expired");
  });
});
