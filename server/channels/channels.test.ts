import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CHANNEL_ATTEMPTS } from "../../core/channels";
import { WHATSAPP_WORDING } from "../../core/consents";
import { advisorDisplayName } from "../../core/format";
import { setChannelOptIn } from "../accounts/phone-verification.server";
import { createBooking } from "../bookings/booking-service.server";
import { bookableAdvisor, request, testDeps, testEvents } from "../bookings/bookings.test-support";
import { cancelSession } from "../bookings/cancel.server";
import { rescheduleSession } from "../bookings/reschedule.server";
import { sendDueReminders, sendStartingNotices } from "../bookings/session-jobs.server";
import { buildConfig, type Config } from "../config.server";
import { recordConsent } from "../consents/consents.server";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker, createUser } from "../db/factories.test-support";
import {
  advisors,
  bookings,
  channelDeliveryDays,
  channelMessages,
  consentEvents,
  emailOutbox,
  users,
} from "../db/schema";
import {
  applyDeliveryStatus,
  deadLetters,
  deliverChannelMessages,
  requeueDeadLetter,
} from "./channel-outbox.server";
import { deliveryFigures } from "./delivery-stats.server";
import {
  type FakeProvider,
  META_VERIFY_TOKEN,
  fakeMeta,
  fakeMsg91,
  providerEnv,
  replyWebhook,
  sign,
  statusWebhook,
} from "./test-providers.test-support";
import { createChannelTransports } from "./transports.server";
import { handleWhatsappWebhook, whatsappHandshake } from "./whatsapp-webhook.server";

/*
 * Issue 41, points 2 and 3: WhatsApp through a local server answering like Meta's Cloud API,
 * SMS through one answering like MSG91's, the outbox's retries, leases and dead letters, signed
 * status webhooks, and the reminders under an injected clock across a reschedule and a cancel.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let meta: FakeProvider;
let msg91: FakeProvider;
let config: Config;
let deps: ReturnType<typeof testDeps>;
let proBonoId: string;
const logger = pino({ level: "silent" });
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  meta = await fakeMeta();
  msg91 = await fakeMsg91();
  config = buildConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "bt-channels-")),
    MEETING_BASE_URL: "https://meet.example/",
    ...providerEnv(meta, msg91),
  });
  deps = testDeps(database.db, { config, events: testEvents(config) });
  proBonoId = await bookableAdvisor(database.db, { hourlyRateInr: 0 });
});
afterAll(async () => {
  await meta.close();
  await msg91.close();
  await database.destroy();
});

const transports = () => createChannelTransports(config);
const deliver = (now: Date, db = database.db) =>
  deliverChannelMessages(db, { transports: transports(), logger, now: () => now });

/** Sends whatever earlier tests left queued, so a scripted failure meets this test's message. */
const drain = async () => {
  await deliver(new Date("2026-12-31T00:00:00Z"));
};

let phoneCounter = 0;
/** A seeker with a verified Indian number, opted in to `channels`. */
async function phoneSeeker(channels: ("whatsapp" | "sms")[], now: Date) {
  phoneCounter++;
  const phone = `+9198${String(Date.now() % 1e6).padStart(6, "0")}${String(phoneCounter).padStart(2, "0")}`;
  const id = await createSeeker(database.db, {
    firstName: "Meera",
    phone,
    timeZone: "Asia/Kolkata",
  });
  await database.db.update(users).set({ phoneVerifiedAt: now }).where(eq(users.id, id));
  for (const channel of channels)
    expect(await setChannelOptIn(database.db, id, channel, true, now)).toEqual({ ok: true });
  return { id, phone };
}

const messagesOf = (userId: string) =>
  database.db
    .select()
    .from(channelMessages)
    .where(eq(channelMessages.userId, userId))
    .orderBy(channelMessages.createdAt);

const emailOf = async (userId: string) =>
  (await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!
    .email;
/** The pro bono advisor's address and name, as the seekers' e-mails name them. */
async function advisorEmail() {
  const [row] = await database.db
    .select({ email: users.email })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.id, proBonoId));
  return row!.email;
}
async function advisorName() {
  const [row] = await database.db
    .select({ firstName: users.firstName, lastName: users.lastName, jobTitle: advisors.jobTitle })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.id, proBonoId));
  return advisorDisplayName(row!);
}
/** The "starts now" e-mails queued to an address. */
const startsNowMails = (address: string) =>
  database.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, address),
        eq(emailOutbox.subject, "Your BeenThere session starts now"),
      ),
    );

async function book(seeker: string, start: string, now: Date) {
  deps.clock.now = now;
  const result = await createBooking(deps, seeker, request(proBonoId, start));
  if (!result.ok) throw new Error(result.message);
  return result.bookingId;
}

describe("a booking", () => {
  it("sends a WhatsApp confirmation to an opted-in verified number and e-mail to the other party", async () => {
    const now = new Date("2026-03-02T00:00:00Z");
    const seeker = await phoneSeeker(["whatsapp"], now);
    const bookingId = await book(seeker.id, "2026-03-05T03:30:00.000Z", now);

    const queued = await messagesOf(seeker.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      channel: "whatsapp",
      toPhone: seeker.phone,
      name: "session.confirmed",
      bookingId,
      status: "queued",
    });
    expect(queued[0]!.body).toContain("Thu, 5 Mar 2026, 9:00 AM (Asia/Kolkata)");
    expect(queued[0]!.body).toContain("Reply STOP to stop these messages");
    // The advisor has no verified number: e-mail only, as before.
    const [advisor] = await database.db
      .select({ userId: advisors.userId, email: users.email })
      .from(advisors)
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(eq(advisors.id, proBonoId));
    expect(await messagesOf(advisor!.userId)).toEqual([]);
    const mails = await database.db
      .select({ name: emailOutbox.name })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, advisor!.email));
    expect(mails.map((m) => m.name)).toContain("session.confirmed");

    const before = meta.requests.length;
    expect(await deliver(now)).toBeGreaterThanOrEqual(1);
    const sent = meta.requests.slice(before).find((r) => r.body.to === seeker.phone.slice(1))!;
    expect(sent.body).toMatchObject({
      messaging_product: "whatsapp",
      to: seeker.phone.slice(1),
      type: "template",
      template: { name: "booking_confirmed", language: { code: "en" } },
    });
    expect(sent.body.template.components[0].parameters).toEqual([
      { type: "text", text: "Meera" },
      { type: "text", text: expect.any(String) },
      { type: "text", text: "Thu, 5 Mar 2026, 9:00 AM (Asia/Kolkata)" },
      { type: "text", text: `${config.appUrl}/dashboard` },
    ]);
    const [after] = await messagesOf(seeker.id);
    expect(after).toMatchObject({ status: "sent", attempts: 1 });
    expect(after!.providerId).toMatch(/^wamid\./);
  });

  it("sends nothing on a channel a person did not opt in to, or to an unverified number", async () => {
    const now = new Date("2026-03-02T00:00:00Z");
    const unverified = await createSeeker(database.db, { phone: "+919812300001" });
    await recordConsent(database.db, unverified, ["whatsapp"], "granted", "settings", now);
    const notOptedIn = await phoneSeeker([], now);
    await book(unverified, "2026-03-06T03:30:00.000Z", now);
    await book(notOptedIn.id, "2026-03-06T04:00:00.000Z", now);
    expect(await messagesOf(unverified)).toEqual([]);
    expect(await messagesOf(notOptedIn.id)).toEqual([]);
  });

  it("sends SMS through MSG91's Flow API with the template id and VAR1…", async () => {
    const now = new Date("2026-03-02T00:00:00Z");
    const seeker = await phoneSeeker(["sms"], now);
    await book(seeker.id, "2026-03-07T03:30:00.000Z", now);
    const before = msg91.requests.length;
    await deliver(now);
    const sent = msg91.requests
      .slice(before)
      .find((r) => r.body.recipients[0].mobiles === seeker.phone.slice(1))!;
    expect(sent.path).toBe("/api/v5/flow");
    expect(sent.headers.authkey).toBe("test-msg91-key");
    expect(sent.body).toMatchObject({
      template_id: "tpl_confirmed",
      recipients: [
        {
          mobiles: seeker.phone.slice(1),
          VAR1: "Meera",
          VAR3: "Sat, 7 Mar 2026, 9:00 AM (Asia/Kolkata)",
        },
      ],
    });
    expect((await messagesOf(seeker.id))[0]).toMatchObject({ status: "sent", channel: "sms" });
  });
});

describe("reminders under an injected clock", () => {
  it("fire at 24 h and 1 h, move with a reschedule and vanish with a cancel", async () => {
    const bookedAt = new Date("2026-03-02T00:00:00Z");
    const seeker = await phoneSeeker(["whatsapp"], bookedAt);
    const first = "2026-03-10T03:30:00.000Z";
    const bookingId = await book(seeker.id, first, bookedAt);
    const reminders = async () =>
      (await messagesOf(seeker.id)).filter(
        (m) => m.name.startsWith("session.reminder") || m.name === "session.starting",
      );
    const at = (iso: string, hours: number) => new Date(Date.parse(iso) - hours * HOUR);

    await sendDueReminders(database.db, config, at(first, 25));
    expect(await reminders()).toEqual([]);
    await sendDueReminders(database.db, config, at(first, 24));
    expect((await reminders()).map((m) => m.name)).toEqual(["session.reminder-24h"]);
    expect((await reminders())[0]!.body).toContain("Join, reschedule or cancel");
    // The e-mail reminder a day ahead says where to reschedule or cancel while the rules allow.
    const [reader] = await database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, seeker.id));
    const dayAhead = await database.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, reader!.email), eq(emailOutbox.name, "session.reminder")),
      );
    expect(dayAhead).toHaveLength(1);
    expect(dayAhead[0]!.text).toContain(
      `Reschedule or cancel it from your dashboard until 12 hours before the start: ${config.appUrl}/dashboard`,
    );

    // Moved two days later before its 1-hour reminder: that one follows the new time.
    const moved = "2026-03-12T03:30:00.000Z";
    const actor = { userId: seeker.id, advisorId: null, isAdmin: false };
    const result = await rescheduleSession(database.db, {
      actor,
      bookingId,
      newStart: new Date(moved),
      now: at(first, 20),
      config,
      events: testEvents(config),
    });
    expect(result.ok).toBe(true);
    expect((await messagesOf(seeker.id)).map((m) => m.name)).toContain("session.rescheduled");
    await sendDueReminders(database.db, config, at(first, 1));
    await sendStartingNotices(database.db, config, new Date(first));
    expect((await reminders()).map((m) => m.name)).toEqual(["session.reminder-24h"]);
    expect(await startsNowMails(reader!.email)).toEqual([]);

    await sendDueReminders(database.db, config, at(moved, 24));
    await sendDueReminders(database.db, config, at(moved, 1));
    expect((await reminders()).map((m) => m.name)).toEqual([
      "session.reminder-24h",
      "session.reminder-24h",
      "session.reminder-1h",
    ]);
    const oneHour = (await reminders())[2]!;
    expect(oneHour.sessionStart).toEqual(new Date(moved));
    expect(oneHour.body).toContain("https://meet.example/");

    // Cancelled (by an admin: past the parties' cutoff) while its 1-hour reminder waits in the
    // outbox (a provider outage): withdrawn, never sent, and no "starts now" follows.
    const admin = await createUser(database.db, { admin: "Y" });
    const cancelled = await cancelSession(database.db, {
      actor: { userId: admin, advisorId: null, isAdmin: true },
      bookingId,
      reason: "Something came up",
      now: at(moved, 0.5),
      config,
      events: testEvents(config),
    });
    expect(cancelled.ok).toBe(true);
    await sendStartingNotices(database.db, config, new Date(moved));
    const before = meta.requests.length;
    await deliver(at(moved, 0.5));
    const after = await messagesOf(seeker.id);
    expect(after.find((m) => m.id === oneHour.id)).toMatchObject({
      status: "withdrawn",
      lastError: "the session was moved or cancelled",
    });
    expect(after.some((m) => m.name === "session.starting")).toBe(false);
    expect(await startsNowMails(reader!.email)).toEqual([]);
    expect(after.map((m) => m.name)).toContain("session.cancelled");
    const sentNames = meta.requests.slice(before).map((r) => r.body.template.name);
    expect(sentNames).not.toContain("session_reminder_1h");
    expect(sentNames).toContain("booking_cancelled");
  });

  it('send "your session starts now" at the start, once, with the join link, by SMS and e-mail', async () => {
    const bookedAt = new Date("2026-03-02T00:00:00Z");
    const seeker = await phoneSeeker(["sms"], bookedAt);
    const start = "2026-03-11T04:00:00.000Z";
    const bookingId = await book(seeker.id, start, bookedAt);
    expect(
      await sendStartingNotices(database.db, config, new Date(Date.parse(start) - 60_000)),
    ).toBe(0);
    // Two runs at once (two instances) send it once.
    const runs = await Promise.all([
      sendStartingNotices(database.db, config, new Date(Date.parse(start) + 30_000)),
      sendStartingNotices(database.db, config, new Date(Date.parse(start) + 30_000)),
    ]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(
      await sendStartingNotices(database.db, config, new Date(Date.parse(start) + 60_000)),
    ).toBe(0);
    const starting = (await messagesOf(seeker.id)).filter((m) => m.name === "session.starting");
    expect(starting).toHaveLength(1);
    expect(starting[0]!.body).toMatch(/starts now\. Join: https:\/\/meet\.example\//);

    // E-mail stays the default: both parties get it once, in their own zone, with the link.
    const [session] = await database.db
      .select({ videoCallLink: bookings.videoCallLink })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const videoCallLink = session!.videoCallLink;
    const seekerMails = await startsNowMails(await emailOf(seeker.id));
    expect(seekerMails).toHaveLength(1);
    expect(seekerMails[0]!.text).toBe(
      [
        "Starting now",
        "",
        "Your First Call with " +
          `${await advisorName()} starts now, at Wed, 11 Mar 2026, 9:30 AM (Asia/Kolkata).`,
        "",
        "The meeting is open until the session ends.",
        "",
        `Join Meeting: ${videoCallLink}`,
        "",
        "— BeenThere",
      ].join("\n"),
    );
    const advisorMails = await startsNowMails(await advisorEmail());
    const forThis = advisorMails.filter((m) => m.text.includes(videoCallLink!));
    expect(forThis).toHaveLength(1);
    expect(forThis[0]!.text).toContain("with Meera");
  });

  it('"starts now" follows a reschedule and is never sent for a cancelled session', async () => {
    const bookedAt = new Date("2026-03-02T00:00:00Z");
    const seeker = await phoneSeeker([], bookedAt);
    const first = "2026-03-18T03:30:00.000Z";
    const moved = "2026-03-19T04:00:00.000Z";
    const bookingId = await book(seeker.id, first, bookedAt);
    const actor = { userId: seeker.id, advisorId: null, isAdmin: false };
    expect(
      await rescheduleSession(database.db, {
        actor,
        bookingId,
        newStart: new Date(moved),
        now: bookedAt,
        config,
        events: testEvents(config),
      }),
    ).toMatchObject({ ok: true });
    const email = await emailOf(seeker.id);
    await sendStartingNotices(database.db, config, new Date(first));
    expect(await startsNowMails(email)).toEqual([]);
    await sendStartingNotices(database.db, config, new Date(Date.parse(moved) + 5_000));
    const mails = await startsNowMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("starts now, at Thu, 19 Mar 2026, 9:30 AM (Asia/Kolkata).");

    const cancelledStart = "2026-03-20T03:30:00.000Z";
    const other = await phoneSeeker([], bookedAt);
    const cancelledId = await book(other.id, cancelledStart, bookedAt);
    expect(
      await cancelSession(database.db, {
        actor: { userId: other.id, advisorId: null, isAdmin: false },
        bookingId: cancelledId,
        reason: "Something came up",
        now: bookedAt,
        config,
        events: testEvents(config),
      }),
    ).toMatchObject({ ok: true });
    expect(await sendStartingNotices(database.db, config, new Date(cancelledStart))).toBe(0);
    expect(await startsNowMails(await emailOf(other.id))).toEqual([]);
  });
});

describe("the outbox", () => {
  it("retries a provider outage with back-off and then delivers once, even with two runs at once", async () => {
    const now = new Date("2026-03-02T00:00:00Z");
    await drain();
    const seeker = await phoneSeeker(["whatsapp"], now);
    await book(seeker.id, "2026-03-13T03:30:00.000Z", now);
    const mine = () => meta.requests.filter((r) => r.body?.to === seeker.phone.slice(1));

    meta.script.push({ status: 503, body: { error: { message: "Service unavailable", code: 2 } } });
    await deliver(now);
    let [message] = await messagesOf(seeker.id);
    expect(message).toMatchObject({ status: "queued", attempts: 1 });
    expect(message!.nextAttemptAt).toEqual(new Date(now.getTime() + 30_000));
    expect(message!.lastError).toContain("WhatsApp 503");

    // A rate limit with Retry-After waits at least that long.
    meta.script.push({
      status: 429,
      body: { error: { message: "Rate limit hit", code: 130429 } },
      headers: { "retry-after": "120" },
    });
    await deliver(new Date(now.getTime() + 10_000)); // not due yet: nothing sent
    expect(mine()).toHaveLength(1);
    const second = new Date(now.getTime() + 30_000);
    await deliver(second);
    [message] = await messagesOf(seeker.id);
    expect(message).toMatchObject({ status: "queued", attempts: 2 });
    expect(message!.nextAttemptAt).toEqual(new Date(second.getTime() + 120_000));

    const third = new Date(second.getTime() + 120_000);
    await Promise.all([deliver(third), deliver(third)]);
    [message] = await messagesOf(seeker.id);
    expect(message).toMatchObject({ status: "sent", attempts: 3 });
    expect(mine()).toHaveLength(3);
    expect(mine().filter((r) => r.body.template.name === "booking_confirmed")).toHaveLength(3);
  });

  it("dead-letters after the last attempt, or at once when refused for good; an admin's retry sends it", async () => {
    const now = new Date("2026-03-02T00:00:00Z");
    await drain();
    const seeker = await phoneSeeker(["whatsapp"], now);
    await book(seeker.id, "2026-03-14T03:30:00.000Z", now);
    let clock = now;
    for (let i = 0; i < MAX_CHANNEL_ATTEMPTS; i++) {
      meta.script.push({ status: 500, body: { error: { message: "Internal error", code: 1 } } });
      await deliver(clock);
      clock = new Date(clock.getTime() + 2 * HOUR);
    }
    let [message] = await messagesOf(seeker.id);
    expect(message).toMatchObject({ status: "failed", attempts: MAX_CHANNEL_ATTEMPTS });
    expect((await deadLetters(database.db)).map((d) => d.id)).toContain(message!.id);

    expect(await requeueDeadLetter(database.db, message!.id, clock)).toMatchObject({
      id: message!.id,
    });
    expect(await requeueDeadLetter(database.db, message!.id, clock)).toBeNull();
    await deliver(clock);
    [message] = await messagesOf(seeker.id);
    expect(message).toMatchObject({ status: "sent", attempts: 1 });

    await drain();
    const other = await phoneSeeker(["whatsapp"], now);
    await book(other.id, "2026-03-15T03:30:00.000Z", now);
    meta.script.push({
      status: 400,
      body: {
        error: {
          message: "(#132001) Template name does not exist in the translation",
          code: 132001,
        },
      },
    });
    await deliver(now);
    expect((await messagesOf(other.id))[0]).toMatchObject({ status: "failed", attempts: 1 });
  });
});

describe("WhatsApp's status webhooks", () => {
  const deps2 = () => ({
    db: database.db,
    config,
    logger,
    now: () => new Date("2026-03-02T01:00:00Z"),
  });

  it("move a message to delivered and read, counted once per step; a forged signature is refused", async () => {
    const now = new Date("2026-03-02T00:00:00Z");
    const seeker = await phoneSeeker(["whatsapp"], now);
    await book(seeker.id, "2026-03-16T03:30:00.000Z", now);
    await deliver(now);
    const [sent] = await messagesOf(seeker.id);
    const wamid = sent!.providerId!;

    const forged = statusWebhook(wamid, "read", now, "not-the-app-secret");
    expect(
      await handleWhatsappWebhook(
        deps2(),
        forged.body,
        new Headers({ "x-hub-signature-256": forged.signature }),
      ),
    ).toEqual({ status: 401, body: { error: "Invalid signature" } });
    expect(await handleWhatsappWebhook(deps2(), forged.body, new Headers())).toMatchObject({
      status: 401,
    });
    // The right signature over other bytes is as forged.
    const delivered = statusWebhook(wamid, "delivered", new Date(now.getTime() + 5000));
    expect(
      await handleWhatsappWebhook(
        deps2(),
        delivered.body + " ",
        new Headers({ "x-hub-signature-256": delivered.signature }),
      ),
    ).toMatchObject({ status: 401 });
    expect((await messagesOf(seeker.id))[0]!.status).toBe("sent");

    const ok = await handleWhatsappWebhook(
      deps2(),
      delivered.body,
      new Headers({ "x-hub-signature-256": delivered.signature }),
    );
    expect(ok).toEqual({ status: 200, body: { received: true, applied: 1 } });
    const read = statusWebhook(wamid, "read", new Date(now.getTime() + 9000));
    await handleWhatsappWebhook(
      deps2(),
      read.body,
      new Headers({ "x-hub-signature-256": read.signature }),
    );
    // Sent again late (out of order), and "read" repeated: neither moves it back or counts twice.
    const late = statusWebhook(wamid, "delivered", new Date(now.getTime() + 10_000));
    expect(
      await handleWhatsappWebhook(
        deps2(),
        late.body,
        new Headers({ "x-hub-signature-256": late.signature }),
      ),
    ).toEqual({ status: 200, body: { received: true, applied: 0 } });
    const [final] = await messagesOf(seeker.id);
    expect(final).toMatchObject({ status: "read" });
    expect(final!.deliveredAt).toEqual(new Date(Math.floor((now.getTime() + 5000) / 1000) * 1000));
  });

  it("answer Meta's GET handshake with the challenge only for our verify token", () => {
    const params = (token: string) =>
      new URLSearchParams({
        "hub.mode": "subscribe",
        "hub.verify_token": token,
        "hub.challenge": "1158201444",
      });
    expect(whatsappHandshake(config.channels.whatsapp, params(META_VERIFY_TOKEN))).toEqual({
      status: 200,
      body: "1158201444",
    });
    expect(whatsappHandshake(config.channels.whatsapp, params("wrong"))).toEqual({
      status: 403,
      body: "Forbidden",
    });
    expect(whatsappHandshake(undefined, params(META_VERIFY_TOKEN))).toMatchObject({ status: 404 });
  });

  it("a reply STOP withdraws the sender's WhatsApp opt-in, and queued messages are withdrawn", async () => {
    const now = new Date("2026-03-02T00:00:00Z");
    const seeker = await phoneSeeker(["whatsapp"], now);
    await book(seeker.id, "2026-03-17T03:30:00.000Z", now);
    const stop = replyWebhook(seeker.phone.slice(1), " stop ");
    expect(
      await handleWhatsappWebhook(
        deps2(),
        stop.body,
        new Headers({ "x-hub-signature-256": stop.signature }),
      ),
    ).toMatchObject({ status: 200 });
    const log = await database.db
      .select({ action: consentEvents.action, source: consentEvents.source })
      .from(consentEvents)
      .where(and(eq(consentEvents.userId, seeker.id), eq(consentEvents.kind, "whatsapp")))
      .orderBy(consentEvents.id);
    expect(log).toEqual([
      { action: "granted", source: "settings" },
      { action: "withdrawn", source: "reply" },
    ]);
    await deliver(new Date("2026-03-02T01:00:00Z"));
    expect((await messagesOf(seeker.id))[0]).toMatchObject({
      status: "withdrawn",
      lastError: "the reader opted out or changed number",
    });
  });
});

describe("delivery figures", () => {
  it("count sent, delivered, read and failed per channel from a year of days, not from messages", async () => {
    const since = new Date("2026-01-01T00:00:00Z");
    const figures = await deliveryFigures(database.db, ["session.confirmed"], since);
    const whatsapp = figures.find((f) => f.channel === "whatsapp")!;
    const rows = await database.db
      .select()
      .from(channelMessages)
      .where(
        and(eq(channelMessages.channel, "whatsapp"), eq(channelMessages.name, "session.confirmed")),
      );
    const reachedSent = rows.filter((r) => r.sentAt !== null).length;
    expect(whatsapp.sent).toBe(reachedSent);
    expect(whatsapp.read).toBe(rows.filter((r) => r.status === "read").length);
    expect(whatsapp.delivered).toBe(rows.filter((r) => r.deliveredAt !== null).length);
    expect(whatsapp.failed).toBe(1); // the template refused for good (the retried one was sent)
    const days = await database.db.select().from(channelDeliveryDays);
    expect(days.length).toBeLessThan(rows.length + 10);
  });

  it("a status for an unknown message changes nothing", async () => {
    expect(
      await applyDeliveryStatus(database.db, {
        channel: "whatsapp",
        providerId: "wamid.unknown",
        status: "read",
        at: new Date(),
      }),
    ).toBe(false);
  });
});

describe("the opt-in", () => {
  it("is refused without a verified number, and recorded with its wording and time when given", async () => {
    const now = new Date("2026-03-02T00:00:00Z");
    const id = await createSeeker(database.db, { phone: "+919812300077" });
    expect(await setChannelOptIn(database.db, id, "whatsapp", true, now)).toMatchObject({
      ok: false,
      status: 400,
    });
    await database.db.update(users).set({ phoneVerifiedAt: now }).where(eq(users.id, id));
    await setChannelOptIn(database.db, id, "whatsapp", true, now);
    await setChannelOptIn(database.db, id, "whatsapp", true, now); // no second record
    const log = await database.db.select().from(consentEvents).where(eq(consentEvents.userId, id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      kind: "whatsapp",
      action: "granted",
      wording: WHATSAPP_WORDING,
      at: now,
    });
    expect(sign("x", "y")).toMatch(/^sha256=/);
  });
});
