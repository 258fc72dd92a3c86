import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../config.server";
import { createTestDatabase } from "../db/database.test-support";
import {
  createAdvisor,
  createBooking,
  createSeeker,
  createUserWithLogin,
} from "../db/factories.test-support";
import { advisors, authUsers, emailOutbox, notificationPreferences, users } from "../db/schema";
import { sendDueReminders, sendStartingNotices } from "../bookings/session-jobs.server";
import { listSessions } from "../bookings/session-list.server";
import { queueEmail } from "../mail/mailer.server";
import type { SwitchableKind } from "../../core/notifications";
import { createLocalStorage } from "../storage/local-storage.server";
import { notificationSettings, saveNotificationSettings } from "./notification-preferences.server";
import { profileSettings, replaceProfilePhoto, saveProfileSettings } from "./profile.server";

/*
 * Issue 38, point 1: the Profile and Notifications sections' services, and what they change
 * elsewhere: a reminder turned off is not queued, and a chosen zone is the one an e-mail and
 * the sessions list show.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "settings-test-")) });
const uploads = mkdtempSync(path.join(tmpdir(), "settings-uploads-"));
const storage = createLocalStorage(uploads);
const NOW = new Date("2026-03-02T00:00:00Z");
const HOUR = 3_600_000;
const log = () => {};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** Every kind's e-mail choice, as the settings form saves it. */
const choices = (on: Record<SwitchableKind, boolean>) =>
  (Object.keys(on) as SwitchableKind[]).map((kind) => ({
    kind,
    channel: "email" as const,
    enabled: on[kind],
  }));

const valid = {
  firstName: "Meera",
  lastName: "Iyer",
  phone: "+919876543210",
  timeZone: "America/Toronto",
};

async function advisorUser(advisorId: string) {
  const [row] = await database.db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .innerJoin(advisors, eq(advisors.userId, users.id))
    .where(eq(advisors.id, advisorId));
  return row!;
}

describe("the Profile section", () => {
  it("saves names, phone and zone, and the sign-in account's name with them", async () => {
    const userId = await createUserWithLogin(database.db, "Secret#123");
    expect(await profileSettings(database.db, userId)).toMatchObject({
      firstName: "Test",
      phone: null,
      timeZone: null,
      photoUrl: null,
      advisor: null,
    });
    expect(await saveProfileSettings(database.db, userId, valid, NOW)).toBe(true);
    expect(await profileSettings(database.db, userId)).toMatchObject(valid);
    const [auth] = await database.db
      .select({ name: authUsers.name })
      .from(authUsers)
      .innerJoin(users, eq(users.authUserId, authUsers.id))
      .where(eq(users.id, userId));
    expect(auth!.name).toBe("Meera Iyer");
    // A phone may be taken away again.
    await saveProfileSettings(database.db, userId, { ...valid, phone: null }, NOW);
    expect((await profileSettings(database.db, userId))!.phone).toBeNull();
  });

  it("keeps a phone the database would not take out, whoever writes it", async () => {
    const userId = await createSeeker(database.db);
    await expect(
      database.db.update(users).set({ phone: "98765 43210" }).where(eq(users.id, userId)),
    ).rejects.toThrow();
  });

  it("stores a seeker's photo re-encoded, replaces it, refuses what is no picture, removes it", async () => {
    const userId = await createSeeker(database.db);
    const deps = { db: database.db, storage, log };
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#1e5f59" },
    })
      .png()
      .toBuffer();
    const first = await replaceProfilePhoto(deps, userId, png, NOW);
    expect(first).toMatchObject({ ok: true, url: expect.stringMatching(/\/uploads\/photos\//) });
    const second = await replaceProfilePhoto(deps, userId, png, NOW);
    expect(second.ok && second.url).not.toBe(first.ok && first.url);
    // Only the newest file is kept, as WebP.
    const files = readdirSync(path.join(uploads, "photos"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^${userId}-.*\\.webp$`));
    expect((await sharp(path.join(uploads, "photos", files[0]!)).metadata()).format).toBe("webp");

    const refused = await replaceProfilePhoto(deps, userId, Buffer.from("<svg/>"), NOW);
    expect(refused).toEqual({
      ok: false,
      status: 400,
      message: "Please select a valid image file",
    });
    expect((await profileSettings(database.db, userId))!.photoUrl).toBe(second.ok && second.url);

    expect(await replaceProfilePhoto(deps, userId, null, NOW)).toEqual({ ok: true, url: null });
    expect((await profileSettings(database.db, userId))!.photoUrl).toBeNull();
    expect(readdirSync(path.join(uploads, "photos"))).toHaveLength(0);
  });

  it("sends an advisor to their advisor profile for a photo", async () => {
    const advisorId = await createAdvisor(database.db);
    const row = await advisorUser(advisorId);
    const result = await replaceProfilePhoto(
      { db: database.db, storage, log },
      row!.userId,
      Buffer.from("x"),
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      status: 403,
      message: "Your photo is the headshot in your advisor profile.",
    });
    expect((await profileSettings(database.db, row!.userId))!.advisor).toEqual({
      id: advisorId,
      headshotUrl: null,
    });
  });
});

describe("the Notifications section", () => {
  it("starts from the defaults and keeps each choice", async () => {
    const userId = await createSeeker(database.db);
    expect(await notificationSettings(database.db, userId)).toEqual({
      booking_changes: { email: true, whatsapp: true, sms: true },
      reminders: { email: true, whatsapp: true, sms: true },
      review_requests: { email: true, whatsapp: true, sms: true },
      messages: { email: true, whatsapp: true, sms: true },
    });
    const chosen = {
      booking_changes: false,
      reminders: true,
      review_requests: false,
      messages: false,
    };
    await saveNotificationSettings(database.db, userId, choices(chosen), NOW);
    expect(await notificationSettings(database.db, userId)).toEqual({
      booking_changes: { email: false, whatsapp: true, sms: true },
      reminders: { email: true, whatsapp: true, sms: true },
      review_requests: { email: false, whatsapp: true, sms: true },
      messages: { email: false, whatsapp: true, sms: true },
    });
    // A page that showed one box changes that one only.
    await saveNotificationSettings(
      database.db,
      userId,
      [{ kind: "reminders", channel: "email", enabled: false }],
      NOW,
    );
    expect(await notificationSettings(database.db, userId)).toEqual({
      booking_changes: { email: false, whatsapp: true, sms: true },
      reminders: { email: false, whatsapp: true, sms: true },
      review_requests: { email: false, whatsapp: true, sms: true },
      messages: { email: false, whatsapp: true, sms: true },
    });
    expect(
      await database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId)),
    ).toHaveLength(4);
  });
});

describe("what the choices change", () => {
  async function sessionInAnHour(seekerZone: string | null) {
    const seekerId = await createSeeker(database.db, { timeZone: seekerZone });
    const advisorId = await createAdvisor(database.db);
    const booking = await createBooking(database.db, {
      advisorId,
      userId: seekerId,
      datetime: new Date(NOW.getTime() + HOUR - 5 * 60_000),
      seekerTimezone: "Europe/London",
      advisorTimezone: "Asia/Kolkata",
    });
    const [seeker] = await database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, seekerId));
    return { seekerId, advisorId, booking, seekerEmail: seeker!.email };
  }
  const remindersTo = (addresses: string[]) =>
    database.db
      .select({
        to: emailOutbox.toAddress,
        name: emailOutbox.name,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
      })
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, addresses))
      .orderBy(emailOutbox.createdAt, emailOutbox.id);

  it("queues no reminder for a person who turned reminders off, and one when on", async () => {
    const off = await sessionInAnHour(null);
    await saveNotificationSettings(
      database.db,
      off.seekerId,
      choices({
        booking_changes: true,
        reminders: false,
        review_requests: true,
        messages: true,
      }),
      NOW,
    );
    const on = await sessionInAnHour(null);
    await saveNotificationSettings(
      database.db,
      on.seekerId,
      choices({
        booking_changes: false,
        reminders: true,
        review_requests: false,
        messages: false,
      }),
      NOW,
    );
    await sendDueReminders(database.db, config, NOW);
    expect(await remindersTo([off.seekerEmail])).toEqual([]);
    expect(await remindersTo([on.seekerEmail])).toEqual([
      expect.objectContaining({ name: "session.reminder" }),
    ]);
    // The advisors of both sessions chose nothing: they get theirs.
    const advisorAddresses = [
      (await advisorUser(off.advisorId)).email,
      (await advisorUser(on.advisorId)).email,
    ];
    expect(await remindersTo(advisorAddresses)).toHaveLength(2);

    // "Your session starts now" is a reminder too: the same choice holds at the start.
    await sendStartingNotices(database.db, config, off.booking.datetime);
    await sendStartingNotices(database.db, config, on.booking.datetime);
    expect(await remindersTo([off.seekerEmail])).toEqual([]);
    expect((await remindersTo([on.seekerEmail])).map((m) => m.subject)).toEqual([
      "Your BeenThere session starts in 1 hour",
      "Your BeenThere session starts now",
    ]);
    expect(await remindersTo(advisorAddresses)).toHaveLength(4);
  });

  it("still sends what nobody may refuse to a person who turned everything off", async () => {
    const person = await sessionInAnHour(null);
    await saveNotificationSettings(
      database.db,
      person.seekerId,
      choices({
        booking_changes: false,
        reminders: false,
        review_requests: false,
        messages: false,
      }),
      NOW,
    );
    const base = { to: person.seekerEmail.toUpperCase(), heading: "x", paragraphs: [] };
    expect(
      await queueEmail(database.db, { ...base, name: "session.reminder", subject: "r" }),
    ).toBeNull();
    expect(
      await queueEmail(database.db, { ...base, name: "session.rescheduled", subject: "m" }),
    ).toBeNull();
    expect(
      await queueEmail(database.db, { ...base, name: "session.cancelled", subject: "c" }),
    ).toEqual(expect.any(String));
    expect(await queueEmail(database.db, { ...base, name: "refund.sent", subject: "f" })).toEqual(
      expect.any(String),
    );
  });

  it("writes a session's time in the zone the person chose, in the e-mail and the list", async () => {
    const chosen = await sessionInAnHour("America/Toronto");
    const recorded = await sessionInAnHour(null);
    await sendDueReminders(database.db, config, NOW);
    const [mine] = await remindersTo([chosen.seekerEmail]);
    expect(mine!.text).toContain("(America/Toronto)");
    expect(mine!.text).not.toContain("Europe/London");
    const [theirs] = await remindersTo([recorded.seekerEmail]);
    expect(theirs!.text).toContain("(Europe/London)");

    const list = await listSessions(
      database.db,
      { role: "seeker", userId: chosen.seekerId },
      { tab: "upcoming", page: 1 },
    );
    expect(list.rows[0]).toMatchObject({
      seekerTimezone: "America/Toronto",
      advisorTimezone: "Asia/Kolkata",
    });
  });
});
