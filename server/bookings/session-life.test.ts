import { createBookingEvents } from "../events/booking-events.server";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewSchema } from "../../core/forms/sessions";
import { buildConfig } from "../config.server";
import { type Database, openDatabase } from "../db/client.server";
import { bookingReminders, bookings, emailOutbox, reviews } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { deliverOutbox } from "../mail/mailer.server";
import type { Actor } from "./actor";
import { ratingsFor } from "../repositories/advisor-ratings.server";
import { submitReview } from "./review.server";
import {
  completeFinishedSessions,
  sendDueReminders,
  sendStartingNotices,
} from "./session-jobs.server";
import { createBooking, createSeeker } from "../db/factories.test-support";
import { createBookableAdvisor } from "./factories.test-support";

/*
 * Reviews of completed sessions, and the completion and reminder jobs — run by two app
 * instances at once against one database, each session completes and each reminder goes once.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "life-test-")) });
const logger = pino({ level: "silent" });
const HOUR = 3_600_000;
let advisorId: string;
let seeker: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  advisorId = await createBookableAdvisor(database.db);
  seeker = { userId: await createSeeker(database.db), advisorId: null, isAdmin: false };
});
afterAll(() => database.destroy());

const review = reviewSchema.parse({
  ratingHelpfulness: 5,
  ratingActionability: 4,
  recommendAdvisor: "yes",
  writtenFeedback: "Clear next steps.",
});

describe("submitReview", () => {
  it("records the review and marks the session reviewed; the advisor's rating follows", async () => {
    const booking = await createBooking(database.db, {
      advisorId,
      userId: seeker.userId,
      datetime: new Date("2026-01-05T10:00:00Z"),
      status: "completed",
    });
    expect(await ratingsFor(database.db, [advisorId])).toEqual(new Map());
    expect(
      await submitReview(database.db, { actor: seeker, bookingId: booking.id, review }),
    ).toEqual({ ok: true });
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.reviewSubmitted).toBe(true);
    expect((await ratingsFor(database.db, [advisorId])).get(advisorId)).toMatchObject({
      average: 4.5,
      count: 1,
      recommendPercent: 100,
      latest: { feedback: "Clear next steps.", firstName: "Test" },
    });
    // A second review of the same session is refused and changes nothing.
    expect(
      await submitReview(database.db, { actor: seeker, bookingId: booking.id, review }),
    ).toMatchObject({
      ok: false,
      code: "not-allowed",
    });
    expect(
      await database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id)),
    ).toHaveLength(1);
  });

  it("refuses someone else's session as not found and an unfinished one as not allowed", async () => {
    const other: Actor = {
      userId: await createSeeker(database.db),
      advisorId: null,
      isAdmin: false,
    };
    const done = await createBooking(database.db, {
      advisorId,
      userId: seeker.userId,
      datetime: new Date("2026-01-06T10:00:00Z"),
      status: "completed",
    });
    expect(
      await submitReview(database.db, { actor: other, bookingId: done.id, review }),
    ).toMatchObject({
      code: "not-found",
    });
    for (const status of ["confirmed", "cancelled"] as const) {
      const booking = await createBooking(database.db, {
        advisorId,
        userId: seeker.userId,
        datetime: new Date(`2026-01-0${status === "confirmed" ? 7 : 8}T10:00:00Z`),
        status,
      });
      expect(
        await submitReview(database.db, { actor: seeker, bookingId: booking.id, review }),
      ).toMatchObject({
        code: "not-allowed",
      });
    }
    // An admin may submit it for the seeker; the review stays the seeker's.
    const admin: Actor = { userId: other.userId, advisorId: null, isAdmin: true };
    expect(await submitReview(database.db, { actor: admin, bookingId: done.id, review })).toEqual({
      ok: true,
    });
    const [row] = await database.db.select().from(reviews).where(eq(reviews.bookingId, done.id));
    expect(row!.userId).toBe(seeker.userId);
  });

  it("the database refuses out-of-range stars", async () => {
    const booking = await createBooking(database.db, {
      advisorId,
      userId: seeker.userId,
      datetime: new Date("2026-01-09T10:00:00Z"),
      status: "completed",
    });
    await expect(
      submitReview(database.db, {
        actor: seeker,
        bookingId: booking.id,
        review: { ...review, ratingHelpfulness: 6 },
      }),
    ).rejects.toThrow();
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.reviewSubmitted).toBe(false);
  });
});

describe("the session jobs", () => {
  it("complete finished sessions and send each reminder once, even on two instances at once", async () => {
    const now = new Date(Date.UTC(2026, 5, 1, 8, 0));
    const make = (offsetHours: number, status: "confirmed" | "cancelled" = "confirmed") =>
      createBooking(database.db, {
        advisorId,
        userId: seeker.userId,
        datetime: new Date(now.getTime() + offsetHours * HOUR),
        status,
      });
    const ended = await make(-1);
    const running = await make(-0.25); // still in progress: ends at +15 min
    // Another pair's session, started 3 minutes ago: its "starts now" is due.
    const startingNow = await createBooking(database.db, {
      advisorId: await createBookableAdvisor(database.db),
      userId: await createSeeker(database.db),
      datetime: new Date(now.getTime() - 3 * 60_000),
    });
    const inAnHour = await make(0.75);
    const tomorrow = await make(20);
    const later = await make(30);
    const cancelled = await make(10, "cancelled");

    // A second app instance: its own connection pool on a real server, the same PGlite otherwise.
    const second: Database = database.url ? await openDatabase({ url: database.url }) : database;
    try {
      const [a, b] = await Promise.all([
        completeFinishedSessions(database.db, now, createBookingEvents([])),
        completeFinishedSessions(second.db, now, createBookingEvents([])),
      ]);
      const completed = [...a, ...b];
      expect(new Set(completed).size).toBe(completed.length); // none completed twice
      expect(completed).toContain(ended.id);
      expect(completed).not.toContain(running.id);
      const [r1, r2] = await Promise.all([
        sendDueReminders(database.db, config, now),
        sendDueReminders(second.db, config, now),
      ]);
      expect(r1 + r2).toBe(2);
      const sent = await database.db
        .select({ bookingId: bookingReminders.bookingId, hours: bookingReminders.hoursBefore })
        .from(bookingReminders);
      expect(sent.sort((x, y) => x.hours - y.hours)).toEqual([
        { bookingId: inAnHour.id, hours: 1 },
        { bookingId: tomorrow.id, hours: 24 },
      ]);
      // Running again sends nothing more.
      expect(await sendDueReminders(second.db, config, now)).toBe(0);

      // "Starts now" by e-mail: once per session for both parties, however many run it.
      const [s1, s2] = await Promise.all([
        sendStartingNotices(database.db, config, now),
        sendStartingNotices(second.db, config, now),
      ]);
      expect(s1 + s2).toBe(1);
      expect(await sendStartingNotices(second.db, config, now)).toBe(0);
      const startsNow = await database.db
        .select({ to: emailOutbox.toAddress, text: emailOutbox.text })
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, "Your BeenThere session starts now"));
      expect(startsNow).toHaveLength(2);
      expect(new Set(startsNow.map((m) => m.to)).size).toBe(2);
      expect(startsNow.every((m) => m.text.includes(startingNow.videoCallLink!))).toBe(true);
      const statuses = await database.db
        .select({ id: bookings.id, status: bookings.status })
        .from(bookings)
        .where(inArray(bookings.id, [running.id, later.id, cancelled.id]));
      expect(statuses.every((s) => s.status !== "completed")).toBe(true);

      // Each queued reminder e-mail is delivered once by the two instances together.
      const reminderMails = await database.db
        .select({ id: emailOutbox.id, text: emailOutbox.text })
        .from(emailOutbox)
        .where(
          inArray(emailOutbox.subject, [
            "Your BeenThere session starts in 1 hour",
            "Your BeenThere session is tomorrow",
          ]),
        );
      expect(reminderMails).toHaveLength(4); // both parties, two sessions
      expect(reminderMails.some((m) => m.text.includes(inAnHour.videoCallLink!))).toBe(true);
      const delivered: string[] = [];
      const transport = {
        sendMail: async (m: { subject: string; to: string }) =>
          void delivered.push(`${m.to} ${m.subject}`),
      };
      await Promise.all([
        deliverOutbox(database.db, { config, logger, transport: transport as never }),
        deliverOutbox(second.db, { config, logger, transport: transport as never }),
      ]);
      const allQueued = await database.db.select({ id: emailOutbox.id }).from(emailOutbox);
      expect(delivered).toHaveLength(allQueued.length);
      expect(new Set(delivered).size).toBeGreaterThan(0);
      const unsent = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.status, "queued"));
      expect(unsent).toEqual([]);
    } finally {
      if (second !== database) await second.close();
    }
  });
});
