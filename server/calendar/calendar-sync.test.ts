import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import type { Actor } from "../bookings/actor";
import { createBooking } from "../bookings/booking-service.server";
import { cancelSession } from "../bookings/cancel.server";
import { rescheduleSession } from "../bookings/reschedule.server";
import { bookableAdvisor, NOW, request, testDeps } from "../bookings/bookings.test-support";
import { buildConfig } from "../config.server";
import { bookings, emailOutbox, users } from "../db/schema";
import { createSeeker } from "../db/factories.test-support";
import { createTestDatabase } from "../db/database.test-support";
import type { Logger } from "../logger.server";
import { createCalendar } from "./calendar.server";
import { startGoogleServer } from "./google-server.test-support";

/*
 * With Google Calendar configured: a confirmed session gets one Google event with a Meet link,
 * a reschedule moves that event (same link), a cancel cancels it, and when Google fails the
 * booking change stands and the caller gets the warning.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let google: Awaited<ReturnType<typeof startGoogleServer>>;
let deps: ReturnType<typeof testDeps>;
let advisorId: string;
const logger = { error: vi.fn() };

beforeAll(async () => {
  google = await startGoogleServer();
  database = await createTestDatabase();
  const config = buildConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "calendar-sync-")),
    MEETING_BASE_URL: "https://meet.example/",
    ...google.env,
  });
  deps = testDeps(database.db, {
    config,
    logger: logger as unknown as Logger,
    calendar: createCalendar(config),
  });
  // Pro bono: the booking is confirmed at once, through the same confirmation as a payment.
  advisorId = await bookableAdvisor(database.db, { hourlyRateInr: 0 });
});
afterAll(async () => {
  await database.destroy();
  await google.close();
});
beforeEach(() => {
  google.requests.length = 0;
  google.state.failCalendar = false;
  logger.error.mockClear();
});

async function confirmedSession(datetime: string) {
  const userId = await createSeeker(database.db);
  const result = await createBooking(deps, userId, request(advisorId, datetime));
  if (!result.ok) throw new Error(result.message);
  const actor: Actor = { userId, advisorId: null, isAdmin: false };
  return { actor, booking: await load(result.bookingId) };
}
const load = async (id: string) =>
  (await database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailsAbout = async (userId: string) => {
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user!.email));
};
const reschedule = (actor: Actor, bookingId: string, newStart: string) =>
  rescheduleSession(database.db, {
    actor,
    bookingId,
    newStart: new Date(newStart),
    now: NOW,
    config: deps.config,
    events: deps.events,
  });
const cancel = (actor: Actor, bookingId: string) =>
  cancelSession(database.db, {
    actor,
    bookingId,
    reason: "Something came up",
    now: NOW,
    config: deps.config,
    events: deps.events,
  });

describe("sessions with Google Calendar", () => {
  it("confirmation creates one event with a Meet link for both parties and stores it", async () => {
    const { actor, booking } = await confirmedSession("2026-03-04T04:00:00.000Z");
    expect(google.requests).toHaveLength(1);
    const [insert] = google.requests;
    expect(insert!.query.get("conferenceDataVersion")).toBe("1");
    expect(insert!.body).toMatchObject({
      start: { dateTime: "2026-03-04T04:00:00.000Z" },
      end: { dateTime: "2026-03-04T04:30:00.000Z" },
      conferenceData: { createRequest: { requestId: booking.id } },
    });
    expect((insert!.body as { attendees: unknown[] }).attendees).toHaveLength(2);
    const event = google.events.get(booking.calendarEventId!);
    expect(event).toBeDefined();
    expect(booking.googleMeetLink).toBe(event!.hangoutLink);
    // The fallback room is kept; the Meet link is the one the parties are sent.
    expect(booking.videoCallLink).toMatch(/^https:\/\/meet\.example\/BeenThere-[0-9a-f]{32}$/);
    const [mail] = await mailsAbout(actor.userId);
    expect(mail!.text).toContain(`Meeting link: ${booking.googleMeetLink}`);
    // Our own .ics invitation still goes out, with its stable UID.
    expect(mail!.attachments![0]!.content).toContain(`UID:booking-${booking.id}@beenthere`);
  });

  it("a reschedule patches the same event, keeping the Meet link", async () => {
    const { actor, booking } = await confirmedSession("2026-03-05T04:00:00.000Z");
    google.requests.length = 0;
    const result = await reschedule(actor, booking.id, "2026-03-06T05:00:00.000Z");
    expect(result).toEqual({ ok: true, datetime: new Date("2026-03-06T05:00:00.000Z") });
    expect(google.requests).toHaveLength(1);
    expect(google.requests[0]).toMatchObject({
      method: "PATCH",
      path: `/calendar/v3/calendars/primary/events/${booking.calendarEventId}`,
      body: {
        start: { dateTime: "2026-03-06T05:00:00.000Z" },
        end: { dateTime: "2026-03-06T05:30:00.000Z" },
      },
    });
    expect(await load(booking.id)).toMatchObject({
      calendarEventId: booking.calendarEventId,
      googleMeetLink: booking.googleMeetLink,
    });
  });

  it("a cancel cancels the event", async () => {
    const { actor, booking } = await confirmedSession("2026-03-07T04:00:00.000Z");
    google.requests.length = 0;
    const result = await cancel(actor, booking.id);
    expect(result).toEqual({ ok: true, refundPaise: 0 });
    expect(google.requests).toEqual([
      expect.objectContaining({ method: "PATCH", body: { status: "cancelled" } }),
    ]);
    expect(google.events.get(booking.calendarEventId!)!.status).toBe("cancelled");
  });

  it("when Google fails, the reschedule and the cancel stand and return the warnings", async () => {
    const { actor, booking } = await confirmedSession("2026-03-08T04:00:00.000Z");
    google.state.failCalendar = true;

    const moved = await reschedule(actor, booking.id, "2026-03-09T05:00:00.000Z");
    expect(moved).toEqual({
      ok: true,
      datetime: new Date("2026-03-09T05:00:00.000Z"),
      warning: "Session rescheduled but calendar update failed. You may need to update manually.",
    });
    expect(moved.ok && moved.warning).toBe(SESSION_MESSAGES.rescheduleCalendarWarning);
    expect((await load(booking.id)).datetime).toEqual(new Date("2026-03-09T05:00:00.000Z"));

    const cancelled = await cancel(actor, booking.id);
    expect(cancelled).toEqual({
      ok: true,
      refundPaise: 0,
      warning: "Session cancelled but calendar update failed. You may need to remove manually.",
    });
    expect(await load(booking.id)).toMatchObject({ status: "cancelled" });
    // Both e-mails (with their .ics) went out all the same.
    const mails = await mailsAbout(actor.userId);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        "Your BeenThere session has been rescheduled",
        "Your BeenThere session has been cancelled",
      ]),
    );
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it("when Google fails at confirmation, the session is confirmed with the MEETING_BASE_URL room", async () => {
    google.state.failCalendar = true;
    const { actor, booking } = await confirmedSession("2026-03-10T04:00:00.000Z");
    expect(booking).toMatchObject({
      status: "confirmed",
      googleMeetLink: null,
      calendarEventId: `booking-${booking.id}@beenthere`,
    });
    expect(booking.videoCallLink).toMatch(/^https:\/\/meet\.example\/BeenThere-[0-9a-f]{32}$/);
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [mail] = await mailsAbout(actor.userId);
    expect(mail!.text).toContain(`Meeting link: ${booking.videoCallLink}`);

    // Without a Google event there is nothing to move: the reschedule warns about nothing.
    google.state.failCalendar = false;
    google.requests.length = 0;
    const moved = await reschedule(actor, booking.id, "2026-03-11T05:00:00.000Z");
    expect(moved).toEqual({ ok: true, datetime: new Date("2026-03-11T05:00:00.000Z") });
    expect(google.requests).toHaveLength(0);
    const rows = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "confirmed")));
    expect(rows).toHaveLength(1);
  });
});
