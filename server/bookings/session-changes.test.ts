import { testEvents } from "./bookings.test-support";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../config.server";
import { listAudit } from "../audit/audit.server";
import { auditLog, bookings, emailOutbox, refunds } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { saveSchedule } from "../scheduling/schedule.server";
import { datesFor, slotsFor } from "../scheduling/slots.server";
import type { Actor } from "./actor";
import { cancelSession } from "./cancel.server";
import { calendarUid } from "../../core/session-links";
import { rescheduleSession } from "./reschedule.server";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import { createBookableAdvisor } from "./factories.test-support";

/*
 * Reschedule and cancel: only a party or an admin, only confirmed future sessions, 12 hours'
 * notice for parties, only offered free times; the same record moves; refunds follow the rule.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "sessions-test-")) });
const NOW = new Date("2026-03-02T00:00:00Z");
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

let advisorId: string;
let advisorUserId: string;
let seeker: Actor;
const stranger: Actor = {
  userId: "00000000-0000-4000-8000-000000000001",
  advisorId: null,
  isAdmin: false,
};
let admin: Actor;
let advisor: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  advisorId = await createBookableAdvisor(database.db);
  const [row] = await database.db.query.advisors.findMany({
    where: (a, { eq }) => eq(a.id, advisorId),
  });
  advisorUserId = row!.userId;
  advisor = { userId: advisorUserId, advisorId, isAdmin: false };
  seeker = { userId: await createSeeker(database.db), advisorId: null, isAdmin: false };
  admin = { userId: await createSeeker(database.db), advisorId: null, isAdmin: true };
});
afterAll(() => database.destroy());

const book = (
  datetime: Date,
  extra: Parameters<typeof createBooking>[1] extends infer T ? Partial<T> : never = {},
) => createBooking(database.db, { advisorId, userId: seeker.userId, datetime, ...extra });
const events = testEvents(config);
const reschedule = (actor: Actor, bookingId: string, newStart: Date, now = NOW) =>
  rescheduleSession(database.db, { actor, bookingId, newStart, now, config, events });
const cancel = (actor: Actor, bookingId: string, now = NOW, reason = "Something came up") =>
  cancelSession(database.db, { actor, bookingId, reason, now, config, events });
const mailsTo = (address: string) =>
  database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
const auditOf = (bookingId: string) =>
  database.db.select().from(auditLog).where(eq(auditLog.targetId, bookingId));
const load = async (id: string) =>
  (await database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe("rescheduleSession", () => {
  it("moves the same record to an offered time, keeps the link, raises the sequence and mails both", async () => {
    const booking = await book(at("2026-03-05T10:00:00Z"));
    const result = await reschedule(seeker, booking.id, at("2026-03-06T11:30:00Z"));
    expect(result).toEqual({ ok: true, datetime: at("2026-03-06T11:30:00Z") });
    const moved = await load(booking.id);
    expect(moved).toMatchObject({
      id: booking.id,
      status: "confirmed",
      datetime: at("2026-03-06T11:30:00Z"),
      endsAt: at("2026-03-06T12:00:00Z"),
      calendarSequence: 1,
      videoCallLink: booking.videoCallLink,
    });
    const seekerMail = (
      await mailsTo(
        (await database.db.query.users.findFirst({
          where: (u, { eq }) => eq(u.id, seeker.userId),
        }))!.email,
      )
    ).find((m) => m.subject.includes("rescheduled"));
    expect(seekerMail?.text).toContain(booking.videoCallLink!);
    const ics = seekerMail?.attachments?.[0]?.content ?? "";
    expect(ics).toContain(`UID:${calendarUid(booking.id)}`);
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("DTSTART:20260306T113000Z");
    const advisorMails = await database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.id, advisorUserId),
    });
    expect(
      (await mailsTo(advisorMails!.email)).some((m) => m.subject.includes("rescheduled")),
    ).toBe(true);
  });

  it("frees the session's own time for its new time, but does not offer its current start", async () => {
    const offGrid = await book(at("2026-03-07T10:15:00Z"));
    const date = { viewerTimeZone: "UTC", duration: 30 as const, now: NOW, date: "2026-03-07" };
    const starts = async (rescheduling?: { bookingId: string; start: Date }) =>
      (await slotsFor(database.db, advisorId, { ...date, rescheduling }))?.slots.map((s) =>
        s.start.slice(11, 16),
      );
    expect(await starts()).toEqual(expect.not.arrayContaining(["10:00", "10:30"]));
    const own = { bookingId: offGrid.id, start: offGrid.datetime };
    expect(await starts(own)).toEqual(expect.arrayContaining(["10:00", "10:30"]));

    await database.db.delete(bookings).where(eq(bookings.id, offGrid.id));
    const onGrid = await book(at("2026-03-07T10:00:00Z"));
    const moving = await starts({ bookingId: onGrid.id, start: onGrid.datetime });
    expect(moving).toEqual(expect.arrayContaining(["09:30", "10:30"]));
    expect(moving).not.toContain("10:00");
  });

  it("leaves out of the dates a date whose only time is the session's own", async () => {
    const narrow = await createAdvisor(database.db, { sessionTimezone: "UTC" });
    const monday = [{ start: "09:00", end: "09:30" }];
    const saved = await saveSchedule(database.db, narrow, {
      timeZone: "UTC",
      windows: { 1: monday },
    });
    if (!saved.ok) throw new Error(saved.message);
    const booking = await createBooking(database.db, {
      advisorId: narrow,
      userId: seeker.userId,
      datetime: at("2026-03-09T09:00:00Z"),
    });
    const query = { viewerTimeZone: "UTC", duration: 30 as const, now: NOW };
    const rescheduling = { bookingId: booking.id, start: booking.datetime };
    const dates = (await datesFor(database.db, narrow, { ...query, rescheduling }))!.dates;
    expect(dates).toContain("2026-03-16");
    expect(dates).not.toContain("2026-03-09");
  });

  it("refuses a move to the session's current time, writing and sending nothing", async () => {
    const booking = await book(at("2026-03-07T14:00:00Z"));
    const mailsBefore = await database.db.select().from(emailOutbox);
    const auditBefore = await auditOf(booking.id);
    for (const actor of [seeker, advisor, admin]) {
      expect(await reschedule(actor, booking.id, at("2026-03-07T14:00:00Z"))).toEqual({
        ok: false,
        code: "unchanged",
        message: "Please choose a different time: the session is already at this time.",
      });
    }
    expect(await load(booking.id)).toEqual(booking);
    expect(await database.db.select().from(emailOutbox)).toEqual(mailsBefore);
    expect(await auditOf(booking.id)).toEqual(auditBefore);
  });

  it("refuses someone who is neither party nor admin as not found, and changes nothing", async () => {
    const booking = await book(at("2026-03-08T10:00:00Z"));
    expect(await reschedule(stranger, booking.id, at("2026-03-08T12:00:00Z"))).toMatchObject({
      ok: false,
      code: "not-found",
      message: "Session not found",
    });
    expect((await load(booking.id)).datetime).toEqual(at("2026-03-08T10:00:00Z"));
  });

  it("refuses a party inside 12 hours with the hours remaining, but lets an admin move it", async () => {
    const booking = await book(at("2026-03-09T10:00:00Z"));
    const now = new Date(at("2026-03-09T10:00:00Z").getTime() - 5.5 * HOUR);
    expect(await reschedule(seeker, booking.id, at("2026-03-10T12:00:00Z"), now)).toEqual({
      ok: false,
      code: "cutoff",
      message:
        "Sessions cannot be rescheduled within 12 hours of start time. Please contact support (support@beenthere.example).",
      hoursRemaining: 5,
    });
    expect(await reschedule(advisor, booking.id, at("2026-03-10T12:00:00Z"), now)).toMatchObject({
      code: "cutoff",
    });
    expect(await reschedule(admin, booking.id, at("2026-03-10T12:00:00Z"), now)).toMatchObject({
      ok: true,
    });
  });

  it("refuses past, cancelled and completed sessions", async () => {
    const past = await book(at("2026-03-11T10:00:00Z"));
    expect(
      await reschedule(admin, past.id, at("2026-03-20T10:00:00Z"), at("2026-03-11T10:05:00Z")),
    ).toMatchObject({ code: "past", message: "This session has already started." });
    for (const status of ["cancelled", "completed"] as const) {
      const booking = await book(at("2026-03-12T10:00:00Z"), { status });
      expect(await reschedule(seeker, booking.id, at("2026-03-13T10:00:00Z"))).toMatchObject({
        code: "not-confirmed",
        message: "Only confirmed sessions can be rescheduled or cancelled.",
      });
    }
  });

  it("refuses a taken time and a time the advisor does not offer", async () => {
    const other = await createSeeker(database.db);
    await createBooking(database.db, {
      advisorId,
      userId: other,
      datetime: at("2026-03-14T10:00:00Z"),
    });
    const booking = await book(at("2026-03-14T12:00:00Z"));
    for (const time of [
      "2026-03-14T10:00:00Z",
      "2026-03-14T20:00:00Z",
      "2026-03-14T12:10:00Z",
      "2026-05-14T10:00:00Z",
    ]) {
      expect(await reschedule(seeker, booking.id, at(time))).toMatchObject({
        ok: false,
        code: "slot-unavailable",
        message: "That time is no longer available. Please choose another time.",
      });
    }
    expect((await load(booking.id)).datetime).toEqual(at("2026-03-14T12:00:00Z"));
  });

  it("lets only one of two reschedules racing for one time win", async () => {
    const otherSeeker: Actor = {
      userId: await createSeeker(database.db),
      advisorId: null,
      isAdmin: false,
    };
    const first = await book(at("2026-03-15T09:00:00Z"));
    const second = await createBooking(database.db, {
      advisorId,
      userId: otherSeeker.userId,
      datetime: at("2026-03-15T14:00:00Z"),
    });
    const target = at("2026-03-16T11:00:00Z");
    const results = await Promise.all([
      reschedule(seeker, first.id, target),
      reschedule(otherSeeker, second.id, target),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: "slot-unavailable" });
  });
});

describe("cancelSession", () => {
  it("cancels with the reason, frees the time, queues a full refund 24 h ahead and mails a CANCEL", async () => {
    const booking = await book(at("2026-03-20T10:00:00Z"), { paidPaise: 59000 });
    expect(await cancel(seeker, booking.id, NOW, "Interview moved")).toEqual({
      ok: true,
      refundPaise: 59000,
    });
    expect(await load(booking.id)).toMatchObject({
      status: "cancelled",
      cancellationReason: "Interview moved",
      cancelledBy: seeker.userId,
      cancelledAt: NOW,
    });
    const [refund] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.bookingId, booking.id));
    expect(refund).toMatchObject({ amount: 59000, status: "pending", razorpayRefundId: null });
    const offered = await slotsFor(database.db, advisorId, {
      viewerTimeZone: "UTC",
      duration: 30,
      now: NOW,
      date: "2026-03-20",
    });
    expect(offered?.slots.map((s) => s.start)).toContain("2026-03-20T10:00:00.000Z");
    const mails = await database.db.select().from(emailOutbox);
    const cancelMails = mails.filter((m) =>
      m.attachments?.[0]?.content.includes(`UID:${calendarUid(booking.id)}`),
    );
    expect(cancelMails).toHaveLength(2);
    expect(cancelMails[0]!.attachments![0]!.content).toContain("METHOD:CANCEL");
  });

  it("a second cancel changes nothing and refunds nothing", async () => {
    const booking = await book(at("2026-03-21T10:00:00Z"));
    expect(await cancel(seeker, booking.id)).toMatchObject({ ok: true });
    expect(await cancel(seeker, booking.id, NOW, "again")).toMatchObject({
      ok: false,
      code: "not-confirmed",
    });
    expect((await load(booking.id)).cancellationReason).toBe("Something came up");
    expect(
      await database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id)),
    ).toHaveLength(1);
  });

  it("refunds nothing when the seeker cancels under 24 hours ahead, in full when the advisor does", async () => {
    const late = await book(at("2026-03-22T10:00:00Z"));
    const now = new Date(at("2026-03-22T10:00:00Z").getTime() - 20 * HOUR);
    expect(await cancel(seeker, late.id, now)).toEqual({ ok: true, refundPaise: 0 });
    const byAdvisor = await book(at("2026-03-23T10:00:00Z"));
    const now2 = new Date(at("2026-03-23T10:00:00Z").getTime() - 20 * HOUR);
    expect(await cancel(advisor, byAdvisor.id, now2)).toEqual({ ok: true, refundPaise: 118000 });
  });

  it("refuses strangers and the 12-hour window, but an admin can still cancel", async () => {
    const booking = await book(at("2026-03-24T10:00:00Z"));
    expect(await cancel(stranger, booking.id)).toMatchObject({ code: "not-found" });
    const now = new Date(at("2026-03-24T10:00:00Z").getTime() - 3 * HOUR);
    expect(await cancel(seeker, booking.id, now)).toEqual({
      ok: false,
      code: "cutoff",
      message:
        "Sessions cannot be cancelled within 12 hours of start time. Please contact support (support@beenthere.example).",
      hoursRemaining: 3,
    });
    expect((await load(booking.id)).status).toBe("confirmed");
    expect(await cancel(admin, booking.id, now)).toEqual({ ok: true, refundPaise: 118000 });
  });

  it("writes nothing when a step fails half-way", async () => {
    const booking = await book(at("2026-03-25T10:00:00Z"));
    const before = (await database.db.select().from(emailOutbox)).length;
    // A reason the database refuses (NUL byte) fails the update inside the transaction.
    await expect(cancel(seeker, booking.id, NOW, "bad\u0000reason")).rejects.toThrow();
    expect((await load(booking.id)).status).toBe("confirmed");
    expect(
      await database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id)),
    ).toEqual([]);
    expect((await database.db.select().from(emailOutbox)).length).toBe(before);
  });
});

describe("the audit log of admins' session changes", () => {
  it("an admin's cancel writes one entry with the status and reason before and after", async () => {
    const booking = await book(at("2026-03-26T10:00:00Z"));
    expect(await cancel(admin, booking.id, NOW, "Advisor unwell")).toMatchObject({ ok: true });
    expect(await auditOf(booking.id)).toMatchObject([
      {
        actorUserId: admin.userId,
        action: "booking.cancel",
        targetType: "booking",
        details: {
          targetLabel: expect.stringMatching(/^.+ <.+@.+> with .+ <.+@.+>$/),
          before: { status: "confirmed", cancellation_reason: null },
          after: { status: "cancelled", cancellation_reason: "Advisor unwell" },
        },
      },
    ]);
    const listed = await listAudit(database.db, { target: booking.id });
    expect(listed.entries.map((e) => e.action)).toEqual(["booking.cancel"]);
  });

  it("a party's own cancel or reschedule writes none, even when the party is an admin", async () => {
    const bySeeker = await book(at("2026-03-27T10:00:00Z"));
    expect(await cancel(seeker, bySeeker.id)).toMatchObject({ ok: true });
    const byAdvisor = await book(at("2026-03-27T11:00:00Z"));
    expect(await reschedule(advisor, byAdvisor.id, at("2026-03-28T11:00:00Z"))).toMatchObject({
      ok: true,
    });
    const bySeekingAdmin = await createBooking(database.db, {
      advisorId,
      userId: admin.userId,
      datetime: at("2026-03-27T12:00:00Z"),
    });
    expect(await cancel(admin, bySeekingAdmin.id)).toMatchObject({ ok: true });
    for (const id of [bySeeker.id, byAdvisor.id, bySeekingAdmin.id])
      expect(await auditOf(id)).toEqual([]);
  });

  it("an admin's reschedule writes one entry with the old and new time", async () => {
    const booking = await book(at("2026-03-29T10:00:00Z"));
    expect(await reschedule(admin, booking.id, at("2026-03-30T11:30:00Z"))).toMatchObject({
      ok: true,
    });
    expect(await auditOf(booking.id)).toMatchObject([
      {
        actorUserId: admin.userId,
        action: "booking.reschedule",
        targetType: "booking",
        details: {
          before: { datetime: "2026-03-29T10:00:00.000Z" },
          after: { datetime: "2026-03-30T11:30:00.000Z" },
        },
      },
    ]);
  });

  it("a refused or failed admin change writes no entry", async () => {
    const booking = await book(at("2026-03-31T10:00:00Z"));
    await expect(cancel(admin, booking.id, NOW, "bad\u0000reason")).rejects.toThrow();
    expect(await reschedule(admin, booking.id, at("2026-03-31T23:00:00Z"))).toMatchObject({
      ok: false,
      code: "slot-unavailable",
    });
    expect(await auditOf(booking.id)).toEqual([]);
  });
});
