import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessionEventId } from "../../../core/advisor-calendar";
import { BOOKING_MESSAGES } from "../../../core/messages/booking";
import { GOOGLE_CALENDAR_PROVIDER_ID, createAuth } from "../../auth/auth.server";
import { createBooking } from "../../bookings/booking-service.server";
import { cancelSession } from "../../bookings/cancel.server";
import { rescheduleSession } from "../../bookings/reschedule.server";
import { bookableAdvisor, request, testDeps } from "../../bookings/bookings.test-support";
import { buildConfig } from "../../config.server";
import {
  advisorCalendarBusy,
  advisorCalendarConnections,
  advisorCalendarEvents,
  advisors,
  authAccounts,
  authUsers,
  users,
} from "../../db/schema";
import { createTestDatabase } from "../../db/database.test-support";
import { createBooking as insertBooking, createSeeker } from "../../db/factories.test-support";
import { slotsFor } from "../../scheduling/slots.server";
import { startGoogleServer } from "../google-server.test-support";
import { createOwnCalendars, type OwnCalendars } from "./own-calendars.server";

/*
 * Advisors' own Google Calendars against a local server playing Google (OAuth, calendar list,
 * freeBusy, events, push channels): busy times block slots and bookings, a failing Google
 * leaves the last known busy times in force, sessions land in the advisor's calendar, and
 * disconnecting revokes the grant and frees the slots.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let google: Awaited<ReturnType<typeof startGoogleServer>>;
let own: OwnCalendars;
let deps: ReturnType<typeof testDeps>;
let pushServer: Server;
let advisorId: string;
let seekerId: string;
const SEEKER_EMAIL = "own.calendar.seeker@example.com";
const PRIMARY = "advisor.calendar@example.com";
const FAMILY = "family@group.calendar.google.com";
// Real time: Google's channels expire by the real clock. Every morning 09:00-12:00 Kolkata
// (test-support) is 03:30-06:30 UTC; SLOT is the first slot three days ahead.
const TODAY = new Date();
const day = (n: number) =>
  new Date(Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth(), TODAY.getUTCDate() + n))
    .toISOString()
    .slice(0, 10);
const SLOT = `${day(3)}T03:30:00.000Z`;
const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * 60_000);

beforeAll(async () => {
  google = await startGoogleServer();
  google.state.autoApprove = true;
  pushServer = createServer((req, res) => {
    const headers = new Headers(req.headers as Record<string, string>);
    own.notified(headers).then(
      (known) => res.writeHead(known ? 200 : 404).end(),
      () => res.writeHead(500).end(), // a notification after the test closed the database
    );
  });
  await new Promise<void>((resolve) => pushServer.listen(0, "127.0.0.1", resolve));
  const pushUrl = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}/push`;
  database = await createTestDatabase();
  const config = {
    ...buildConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bt-own-calendars-")),
      ...google.oauthEnv,
      GOOGLE_CALENDAR_PUSH_URL: pushUrl,
    }),
  };
  deps = testDeps(database.db, { config });
  const auth = createAuth(database.db, config, deps.logger);
  own = createOwnCalendars({ db: database.db, auth, config, logger: deps.logger, now: deps.now })!;
  deps.ownCalendars = own;
  deps.clock.now = TODAY;
  // Pro bono: every booking is confirmed at once, so its event follows straight away.
  advisorId = await bookableAdvisor(database.db, { hourlyRateInr: 0 });
  seekerId = await createSeeker(database.db, { email: SEEKER_EMAIL });
});
afterAll(async () => {
  await database.destroy();
  await google.close();
  await new Promise((resolve) => pushServer.close(resolve));
});

/** Google's consent and token exchange as better-auth does them, then the account it stores. */
async function linkGoogleAccount() {
  const verifier = randomBytes(32).toString("base64url");
  const auth = new URL(`${google.origin}/o/oauth2/auth`);
  const redirectUri = "http://localhost/api/auth/callback/google-calendar";
  auth.search = new URLSearchParams({
    client_id: "beenthere-test",
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email https://www.googleapis.com/auth/calendar.events",
    state: "s",
    access_type: "offline",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const consent = await fetch(auth, { redirect: "manual" });
  const code = new URL(consent.headers.get("location")!).searchParams.get("code")!;
  const tokens = (await (
    await fetch(`${google.origin}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: "beenthere-test",
        client_secret: "beenthere-test-secret",
      }),
    })
  ).json()) as { access_token: string; refresh_token: string; expires_in: number };
  const [advisor] = await database.db
    .select({ userId: advisors.userId })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  let [user] = await database.db
    .select({ authUserId: users.authUserId })
    .from(users)
    .where(eq(users.id, advisor!.userId));
  if (!user?.authUserId) {
    const authUserId = randomUUID();
    await database.db
      .insert(authUsers)
      .values({ id: authUserId, name: "Test Advisor", email: `${authUserId}@example.com` });
    await database.db.update(users).set({ authUserId }).where(eq(users.id, advisor!.userId));
    user = { authUserId };
  }
  await database.db.insert(authAccounts).values({
    id: randomUUID(),
    accountId: "g-advisor-1",
    providerId: GOOGLE_CALENDAR_PROVIDER_ID,
    userId: user.authUserId!,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    accessTokenExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
  });
  expect(await own.completeConnect({ advisorId, authUserId: user.authUserId! })).toBe(true);
  await settled(); // connecting starts a refresh without waiting for it
  return user.authUserId!;
}

const offered = async () =>
  (
    await slotsFor(database.db, advisorId, {
      date: day(3),
      viewerTimeZone: "UTC",
      duration: 30,
      now: deps.now(),
    })
  )?.slots.map((s) => s.start) ?? [];

const connection = async () =>
  (
    await database.db
      .select()
      .from(advisorCalendarConnections)
      .where(eq(advisorCalendarConnections.advisorId, advisorId))
  )[0];

/** The events Google holds for a session (each names its booking), in any calendar. */
const eventsOf = (bookingId: string) =>
  [...google.events.values()].filter((e) =>
    JSON.stringify(e.extendedProperties ?? {}).includes(bookingId),
  );
const eventRow = async (bookingId: string) =>
  (
    await database.db
      .select()
      .from(advisorCalendarEvents)
      .where(eq(advisorCalendarEvents.bookingId, bookingId))
  )[0];
const syncEvents = () => own.jobs()[1]!.run();

/** Google's notifications answered, and the refreshes they started done. */
async function settled() {
  await google.flushNotifications();
  await own.idle();
}

/** Makes the advisor due and runs the refresh job, once a refresh already running is done. */
async function refreshNow() {
  await settled();
  await database.db
    .update(advisorCalendarConnections)
    .set({ nextRefreshAt: deps.now() })
    .where(eq(advisorCalendarConnections.advisorId, advisorId));
  await own.jobs()[0]!.run();
  await settled();
}

describe("an advisor's own Google Calendar", () => {
  let busyId: string;

  beforeEach(() => {
    google.state.failCalendar = false;
    google.state.calendarDelayMs = 0;
    google.state.loseCalendarAnswers = false;
  });

  it("connects: lists the calendars, the primary blocks and receives sessions", async () => {
    await linkGoogleAccount();
    expect(await own.view(advisorId)).toMatchObject({
      googleEmail: PRIMARY,
      busyCalendarIds: [PRIMARY],
      eventCalendarId: PRIMARY,
      status: "ok",
    });
    const view = await own.view(advisorId);
    expect(view?.calendars.map((c) => [c.name, c.writable])).toEqual([
      ["Test Advisor", true],
      ["Family", true],
      ["Holidays in India", false],
    ]);
    expect(google.authorizations.at(-1)).toMatchObject({ accessType: "offline" });
  });

  it("a busy time in Google removes its slot; an unchanged calendar writes nothing", async () => {
    expect(await offered()).toContain(SLOT);
    busyId = google.addBusy(PRIMARY, { start: at(SLOT), end: at(SLOT, 30) });
    await refreshNow();
    expect(await offered()).not.toContain(SLOT);
    expect(await offered()).toContain(`${day(3)}T04:00:00.000Z`);
    const before = await database.db.select().from(advisorCalendarBusy);
    await refreshNow();
    expect(await database.db.select().from(advisorCalendarBusy)).toEqual(before);
    expect((await connection())?.busyCheckedAt).toEqual(deps.now());
  });

  it("watches the busy calendar and a notification with its token brings a change in", async () => {
    await google.flushNotifications();
    expect([...google.channels.values()].map((c) => c.calendarId)).toContain(PRIMARY);
    google.removeBusy(PRIMARY, busyId);
    await google.flushNotifications();
    await expect.poll(offered, { timeout: 5_000 }).toContain(SLOT);
    // A forged notification (right channel, wrong token) is refused and changes nothing.
    const channel = [...google.channels.values()].find((c) => c.calendarId === PRIMARY)!;
    const forged = new Headers({ "x-goog-channel-id": channel.id, "x-goog-channel-token": "x" });
    expect(await own.notified(forged)).toBe(false);
    expect(await own.notified(new Headers({ "x-goog-channel-id": "nope" }))).toBe(false);
  });

  it("the booking asks Google again and refuses a time that just became busy", async () => {
    const id = google.addBusy(PRIMARY, { start: at(SLOT, 30), end: at(SLOT, 60) });
    const start = at(SLOT, 30).toISOString();
    const refused = await createBooking(deps, seekerId, request(advisorId, start));
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      message: BOOKING_MESSAGES.timeNotOffered,
    });
    google.removeBusy(PRIMARY, id);
  });

  it("when Google does not answer in 2 s the last known busy times still hold", async () => {
    google.addBusy(PRIMARY, { start: at(SLOT, 60), end: at(SLOT, 90) });
    await refreshNow();
    const blocked = at(SLOT, 60).toISOString();
    expect(await offered()).not.toContain(blocked);
    google.state.calendarDelayMs = 3_000;
    const started = Date.now();
    await refreshNow();
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(await connection()).toMatchObject({ status: "unreachable" });
    expect(await offered()).not.toContain(blocked);
    // The booking does not wait on Google either, and still refuses the known busy time.
    const refused = await createBooking(deps, seekerId, request(advisorId, blocked));
    expect(refused).toMatchObject({ ok: false, message: BOOKING_MESSAGES.timeNotOffered });
    google.state.calendarDelayMs = 0;
    await refreshNow();
    expect(await connection()).toMatchObject({ status: "ok" });
  });

  it("busy times last fetched a day ago are forgotten, and come back with Google", async () => {
    const blocked = at(SLOT, 60).toISOString();
    expect(await offered()).not.toContain(blocked);
    const dayAgo = new Date(deps.now().getTime() - 24 * 60 * 60_000);
    await database.db
      .update(advisorCalendarConnections)
      .set({ busyCheckedAt: new Date(dayAgo.getTime() + 1), nextRefreshAt: at(SLOT) })
      .where(eq(advisorCalendarConnections.advisorId, advisorId));
    await own.jobs()[0]!.run();
    expect(await offered()).not.toContain(blocked); // a millisecond short of a day: still kept
    await database.db
      .update(advisorCalendarConnections)
      .set({ busyCheckedAt: dayAgo })
      .where(eq(advisorCalendarConnections.advisorId, advisorId));
    await own.jobs()[0]!.run();
    expect(await offered()).toContain(blocked);
    await refreshNow();
    expect(await offered()).not.toContain(blocked);
  });

  it("a confirmed session becomes an event in the chosen calendar, moved and cancelled with it", async () => {
    const start = `${day(4)}T03:30:00.000Z`;
    const booked = await createBooking(deps, seekerId, request(advisorId, start));
    if (!booked.ok || !booked.free) return expect.fail(`not confirmed: ${JSON.stringify(booked)}`);
    await own.jobs()[1]!.run();
    const [row] = await database.db
      .select()
      .from(advisorCalendarEvents)
      .where(eq(advisorCalendarEvents.bookingId, booked.bookingId));
    expect(row).toMatchObject({ calendarId: PRIMARY, syncedVersion: 1 });
    const event = google.events.get(row!.eventId!) as Record<string, unknown>;
    expect(event).toMatchObject({ calendarId: PRIMARY, start: { dateTime: start } });
    // The advisor's own copy names the seeker in its title, never by address.
    expect(event).not.toHaveProperty("attendees");
    expect(JSON.stringify(event)).not.toContain(SEEKER_EMAIL);
    // Its own event makes the session's time busy in Google, but not for moving the session.
    const shifted = [at(start, 15), at(start, 45)] as const;
    expect(await own.confirmFree(advisorId, ...shifted)).toBe(false);
    expect(
      await own.confirmFree(advisorId, ...shifted, { start: at(start), end: at(start, 30) }),
    ).toBe(true);

    const seeker = { userId: seekerId, advisorId: null, isAdmin: false };
    const moved = await rescheduleSession(database.db, {
      actor: seeker,
      bookingId: booked.bookingId,
      newStart: new Date(`${day(4)}T04:30:00.000Z`),
      now: deps.now(),
      config: deps.config,
      events: deps.events,
      ownCalendars: own,
    });
    expect(moved.ok).toBe(true);
    await own.jobs()[1]!.run();
    expect(google.events.get(row!.eventId!)).toMatchObject({
      start: { dateTime: `${day(4)}T04:30:00.000Z` },
    });
    const cancelled = await cancelSession(database.db, {
      actor: seeker,
      bookingId: booked.bookingId,
      reason: "Plans changed",
      now: deps.now(),
      config: deps.config,
      events: deps.events,
    });
    expect(cancelled.ok).toBe(true);
    await own.jobs()[1]!.run();
    expect(google.events.get(row!.eventId!)).toMatchObject({ status: "cancelled" });
  });

  it("a create whose answer was lost is not made twice when it is tried again", async () => {
    const another = await createSeeker(database.db);
    const start = `${day(5)}T05:00:00.000Z`;
    const booked = await createBooking(deps, another, request(advisorId, start));
    if (!booked.ok || !booked.free) return expect.fail(`not confirmed: ${JSON.stringify(booked)}`);
    const eventsOfBooking = () => eventsOf(booked.bookingId);
    const row = async () =>
      (
        await database.db
          .select()
          .from(advisorCalendarEvents)
          .where(eq(advisorCalendarEvents.bookingId, booked.bookingId))
      )[0]!;

    // Google makes the event, but its answer never arrives: the sync counts a failure.
    google.state.loseCalendarAnswers = true;
    await own.jobs()[1]!.run();
    expect(eventsOfBooking()).toHaveLength(1);
    expect(await row()).toMatchObject({
      syncedVersion: 0,
      attempts: 1,
      eventId: sessionEventId(booked.bookingId, 1),
    });

    // The retry finds that event and keeps it: one event, no second invitation.
    google.state.loseCalendarAnswers = false;
    google.requests.length = 0;
    await database.db
      .update(advisorCalendarEvents)
      .set({ nextAttemptAt: deps.now() })
      .where(eq(advisorCalendarEvents.bookingId, booked.bookingId));
    await own.jobs()[1]!.run();
    expect(eventsOfBooking()).toHaveLength(1);
    expect(await row()).toMatchObject({ syncedVersion: 1, lastError: null });
    expect(
      google.requests.filter((r) => r.method === "POST" && r.path.endsWith("/events")),
    ).toEqual([]);
    expect(eventsOfBooking()[0]).toMatchObject({ start: { dateTime: start }, status: "confirmed" });
  });

  it("a token Google dropped before its time is refreshed, not taken for a revoked grant", async () => {
    google.expireAccessTokens();
    await refreshNow();
    expect(await connection()).toMatchObject({ status: "ok" });
  });

  it("a grant revoked at Google shows as revoked and is not asked again", async () => {
    google.revokeGrant(PRIMARY);
    await refreshNow();
    expect(await connection()).toMatchObject({ status: "revoked" });
    expect((await own.view(advisorId))?.status).toBe("revoked");
  });

  it("disconnect revokes at Google, deletes the tokens and frees the slots", async () => {
    await database.db
      .delete(authAccounts)
      .where(eq(authAccounts.providerId, GOOGLE_CALENDAR_PROVIDER_ID));
    await linkGoogleAccount();
    await refreshNow();
    const blocked = at(SLOT, 60).toISOString();
    expect(await offered()).not.toContain(blocked);
    const revoked = google.revocations.length;
    expect(await own.disconnect(advisorId)).toBe(true);
    await expect.poll(() => google.revocations.length).toBe(revoked + 1);
    expect(await own.view(advisorId)).toBeNull();
    expect(
      await database.db
        .select()
        .from(authAccounts)
        .where(eq(authAccounts.providerId, GOOGLE_CALENDAR_PROVIDER_ID)),
    ).toEqual([]);
    expect(await database.db.select().from(advisorCalendarBusy)).toEqual([]);
    expect(await offered()).toContain(blocked);
    expect(await own.disconnect(advisorId)).toBe(false);
  });

  it("a choice naming a calendar the advisor does not have is refused", async () => {
    await linkGoogleAccount();
    expect(
      await own.saveChoice(advisorId, {
        busyCalendarIds: ["someone@else.com"],
        eventCalendarId: null,
      }),
    ).toBe("invalid");
    expect(
      await own.saveChoice(advisorId, {
        busyCalendarIds: [PRIMARY],
        eventCalendarId: "holidays@group.v.calendar.google.com",
      }),
    ).toBe("invalid");
    expect(
      await own.saveChoice(advisorId, {
        busyCalendarIds: [PRIMARY, FAMILY],
        eventCalendarId: null,
      }),
    ).toBe("saved");
    expect(await own.view(advisorId)).toMatchObject({
      busyCalendarIds: [PRIMARY, FAMILY],
      eventCalendarId: null,
    });
  });

  describe("choosing another calendar for sessions", () => {
    /** Upcoming sessions: one whose event was written in the primary calendar, one queued only. */
    const upcoming: string[] = [];
    const inCalendars = (bookingId: string) =>
      eventsOf(bookingId).map((e) => [e.calendarId, e.status]);
    const book = async (start: string) => {
      const seeker = await createSeeker(database.db);
      const booked = await createBooking(deps, seeker, request(advisorId, start));
      if (!booked.ok || !booked.free)
        return expect.fail(`not confirmed: ${JSON.stringify(booked)}`);
      return { bookingId: booked.bookingId, seeker };
    };
    const choose = async (eventCalendarId: string) => {
      await settled(); // a refresh still running from an earlier test
      const choice = { busyCalendarIds: [PRIMARY], eventCalendarId };
      expect(await own.saveChoice(advisorId, choice)).toBe("saved");
      await settled(); // saving starts a refresh without waiting for it
    };

    it("moves the upcoming sessions there, written or only queued, and leaves the rest", async () => {
      await choose(PRIMARY);
      const written = await book(`${day(6)}T03:30:00.000Z`);
      const cancelled = await book(`${day(6)}T04:30:00.000Z`);
      await syncEvents();
      const seeker = { userId: cancelled.seeker, advisorId: null, isAdmin: false };
      const cancel = { actor: seeker, bookingId: cancelled.bookingId, reason: "Plans changed" };
      const common = { now: deps.now(), config: deps.config, events: deps.events };
      expect((await cancelSession(database.db, { ...cancel, ...common })).ok).toBe(true);
      await syncEvents();
      const queued = await book(`${day(6)}T05:30:00.000Z`);
      // A past session whose event was written: not moved.
      const pastStart = `${day(-2)}T03:30:00.000Z`;
      const past = await insertBooking(database.db, {
        advisorId,
        userId: written.seeker,
        datetime: new Date(pastStart),
        status: "confirmed",
      });
      await database.db.insert(advisorCalendarEvents).values({
        bookingId: past.id,
        advisorId,
        calendarId: PRIMARY,
        eventId: sessionEventId(past.id, 1),
        syncedVersion: 1,
      });
      expect(inCalendars(written.bookingId)).toEqual([[PRIMARY, "confirmed"]]);
      expect(inCalendars(queued.bookingId)).toEqual([]);

      await choose(FAMILY);
      await syncEvents();
      for (const { bookingId } of [written, queued]) {
        expect(inCalendars(bookingId)).toEqual([[FAMILY, "confirmed"]]);
        const row = await eventRow(bookingId);
        expect(row).toMatchObject({ calendarId: FAMILY, syncedVersion: row!.wantedVersion });
        upcoming.push(bookingId);
      }
      expect(eventsOf(written.bookingId)[0]?.id).toBe(sessionEventId(written.bookingId, 1));
      expect(inCalendars(cancelled.bookingId)).toEqual([[PRIMARY, "cancelled"]]);
      expect(await eventRow(past.id)).toMatchObject({ calendarId: PRIMARY, wantedVersion: 1 });
    });

    it("a move whose answer was lost is neither made twice nor left behind", async () => {
      expect(upcoming).toHaveLength(2);
      await choose(PRIMARY);
      google.state.loseCalendarAnswers = true;
      await syncEvents();
      google.state.loseCalendarAnswers = false;
      for (const bookingId of upcoming)
        expect(inCalendars(bookingId)).toEqual([[PRIMARY, "confirmed"]]);
      await database.db
        .update(advisorCalendarEvents)
        .set({ nextAttemptAt: deps.now() })
        .where(eq(advisorCalendarEvents.advisorId, advisorId));
      await syncEvents();
      for (const bookingId of upcoming) {
        expect(inCalendars(bookingId)).toEqual([[PRIMARY, "confirmed"]]);
        expect(await eventRow(bookingId)).toMatchObject({ calendarId: PRIMARY, lastError: null });
      }
    });

    it("a choice saved while a refresh is under way is not undone by it", async () => {
      await settled();
      await database.db
        .update(advisorCalendarConnections)
        .set({ nextRefreshAt: deps.now() })
        .where(eq(advisorCalendarConnections.advisorId, advisorId));
      google.state.calendarDelayMs = 300;
      const asked = google.requests.length;
      const refreshing = own.jobs()[0]!.run();
      // The refresh has read the connection once it asks Google.
      await expect.poll(() => google.requests.length).toBeGreaterThan(asked);
      await choose(FAMILY);
      await refreshing;
      expect(await own.view(advisorId)).toMatchObject({
        busyCalendarIds: [PRIMARY],
        eventCalendarId: FAMILY,
      });
    });

    it("calendars Google did not list when connecting are listed by a refresh, with the first choice", async () => {
      await database.db
        .update(advisorCalendarConnections)
        .set({ calendars: [], busyCalendarIds: [], eventCalendarId: null })
        .where(eq(advisorCalendarConnections.advisorId, advisorId));
      await refreshNow();
      const view = await own.view(advisorId);
      expect(view).toMatchObject({ busyCalendarIds: [PRIMARY], eventCalendarId: PRIMARY });
      expect(view?.calendars).toHaveLength(3);
    });
  });
});
