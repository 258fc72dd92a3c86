import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createGoogleUserCalendar,
  GoogleCalendarError,
  googleFailure,
} from "./google-user-calendar.server";
import { startGoogleServer } from "./google-server.test-support";

/*
 * The client of an advisor's own Google Calendar against a local server playing Google: the
 * calendar list, busy times, session events, push channels, the 2 s timeout and how failures
 * are told apart (revoked or unreachable); and the fake's OAuth (code flow with PKCE, refresh,
 * revocation) by plain fetch, as better-auth drives it.
 */
let google: Awaited<ReturnType<typeof startGoogleServer>>;
let listener: Server;
let listenerUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let tokens: Tokens;

const PRIMARY = "advisor.calendar@example.com";
const FAMILY = "family@group.calendar.google.com";
const HOLIDAYS = "holidays@group.v.calendar.google.com";
const REDIRECT_URI = "http://localhost:5173/api/auth/oauth2/callback/google-calendar";
const SCOPES = "openid email https://www.googleapis.com/auth/calendar.events";
const at = (time: string) => new Date(`2026-03-05T${time}:00.000Z`);

beforeAll(async () => {
  google = await startGoogleServer();
  listener = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/notifications`;
});
afterAll(async () => {
  await google.close();
  await new Promise((resolve) => listener.close(resolve));
});
beforeEach(async () => {
  Object.assign(google.state, {
    failCalendar: false,
    quotaExceeded: false,
    calendarDelayMs: 0,
    failToken: false,
    autoApprove: true,
  });
  google.events.clear();
  tokens = await signIn();
  google.requests.length = 0;
  received.length = 0;
});

type Tokens = {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: string;
};

/** The authorization-code flow with PKCE, as better-auth runs it (consent approved at once). */
async function signIn(params: Record<string, string> = { access_type: "offline" }) {
  const verifier = randomBytes(32).toString("base64url");
  const code = await authorizationCode(verifier, params);
  const response = await token({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

function authUrl(verifier: string, params: Record<string, string> = {}) {
  const url = new URL(`${google.origin}/o/oauth2/auth`);
  url.search = new URLSearchParams({
    client_id: "beenthere-test",
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: SCOPES,
    state: "state-123",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...params,
  }).toString();
  return url;
}

async function authorizationCode(verifier: string, params: Record<string, string> = {}) {
  const response = await fetch(authUrl(verifier, params), { redirect: "manual" });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(location.searchParams.get("state")).toBe("state-123");
  return location.searchParams.get("code")!;
}

/** POST /token with the client's credentials in the body (client_secret_post). */
function token(
  form: Record<string, string>,
  client = { id: "beenthere-test", secret: "beenthere-test-secret" },
) {
  return fetch(`${google.origin}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form, client_id: client.id, client_secret: client.secret }),
  });
}

const calendar = (
  accessToken: (refused?: string) => Promise<string> = async () => tokens.access_token,
  timeoutMs = 2_000,
) => createGoogleUserCalendar({ apiUrl: google.apiUrl, accessToken, timeoutMs });

/** The rejection of a promise that must reject. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected a rejection"),
    (error: unknown) => error,
  );
}

describe("an advisor's own Google Calendar", () => {
  it("lists the calendars, primary first then by name, writable for owners and writers", async () => {
    const mine = google.calendars.get("g-advisor-1")!;
    const team = {
      id: "team@group.calendar.google.com",
      summary: "Aardvark team",
      accessRole: "writer" as const,
    };
    mine.push(team);
    try {
      expect(await calendar().listCalendars()).toEqual([
        { id: PRIMARY, name: "Test Advisor", primary: true, writable: true },
        { id: team.id, name: "Aardvark team", primary: false, writable: true },
        { id: FAMILY, name: "Family", primary: false, writable: true },
        { id: HOLIDAYS, name: "Holidays in India", primary: false, writable: false },
      ]);
    } finally {
      mine.pop();
    }
    expect(google.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        path: "/calendar/v3/users/me/calendarList",
        token: tokens.access_token,
      }),
    ]);
  });

  it("merges the busy times of several calendars, clipped, without free or cancelled events", async () => {
    google.addBusy(PRIMARY, { start: at("08:00"), end: at("09:30") });
    google.addBusy(PRIMARY, { start: at("10:00"), end: at("11:00") });
    google.addBusy(FAMILY, { start: at("10:30"), end: at("12:00") });
    google.addBusy(PRIMARY, { start: at("13:00"), end: at("14:00"), transparency: "transparent" });
    google.addBusy(FAMILY, { start: at("17:00"), end: at("19:00") });
    const client = calendar();
    const { eventId } = await client.createEvent(
      PRIMARY,
      session({ start: at("15:00"), end: at("16:00") }),
    );
    const cancelled = await client.createEvent(
      FAMILY,
      session({ start: at("16:00"), end: at("17:00") }),
    );
    await client.cancelEvent(FAMILY, cancelled.eventId);
    google.requests.length = 0;

    const gone = "gone@group.calendar.google.com";
    const answer = await client.freeBusy([PRIMARY, FAMILY, gone], {
      from: at("09:00"),
      to: at("18:00"),
    });
    expect(answer).toEqual({
      busy: [
        { start: at("09:00"), end: at("09:30") },
        { start: at("10:00"), end: at("12:00") },
        { start: at("15:00"), end: at("16:00") },
        { start: at("17:00"), end: at("18:00") },
      ],
      missing: [gone],
    });
    expect(google.events.get(eventId)!.calendarId).toBe(PRIMARY);
    expect(google.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/calendar/v3/freeBusy",
        body: {
          timeMin: "2026-03-05T09:00:00.000Z",
          timeMax: "2026-03-05T18:00:00.000Z",
          items: [{ id: PRIMARY }, { id: FAMILY }, { id: gone }],
        },
      }),
    ]);
    // No calendar chosen: nothing to ask Google.
    expect(await client.freeBusy([], { from: at("09:00"), to: at("18:00") })).toEqual({
      busy: [],
      missing: [],
    });
    expect(google.requests).toHaveLength(1);
  });

  it("writes a session into the chosen calendar, moves it and cancels it, inviting and e-mailing nobody", async () => {
    const client = calendar();
    const { eventId } = await client.createEvent(PRIMARY, session());
    const [insert] = google.requests;
    expect(insert).toMatchObject({
      method: "POST",
      path: "/calendar/v3/calendars/advisor.calendar%40example.com/events",
    });
    // The advisor's own copy: Google sends no invitation from the advisor's account to anyone.
    expect(insert!.query.get("sendUpdates")).toBe("none");
    expect(insert!.body).toEqual({
      id: eventId,
      summary: "BeenThere First Call with Sam Seeker",
      description: "First Call, 30 minutes.",
      location: "https://meet.example/BeenThere-room",
      start: { dateTime: "2026-03-05T10:00:00.000Z" },
      end: { dateTime: "2026-03-05T10:30:00.000Z" },
      reminders: { useDefault: true },
      extendedProperties: { private: { bookingId: "booking-1" } },
    });
    expect(google.events.get(eventId)).not.toHaveProperty("hangoutLink");

    await client.updateEvent(PRIMARY, eventId, { start: at("11:00"), end: at("11:30") });
    await client.cancelEvent(PRIMARY, eventId);
    const [, patch, cancel] = google.requests;
    expect(patch).toMatchObject({
      method: "PATCH",
      path: `/calendar/v3/calendars/advisor.calendar%40example.com/events/${eventId}`,
      body: {
        start: { dateTime: "2026-03-05T11:00:00.000Z" },
        end: { dateTime: "2026-03-05T11:30:00.000Z" },
      },
    });
    expect(cancel).toMatchObject({ method: "PATCH", body: { status: "cancelled" } });
    expect([patch, cancel].map((r) => r!.query.get("sendUpdates"))).toEqual(["none", "none"]);
    expect(google.events.get(eventId)!.status).toBe("cancelled");

    // Without a location the field is left out.
    const second = await client.createEvent(FAMILY, session({ location: null }));
    expect(google.requests.at(-1)!.body).not.toHaveProperty("location");
    // The advisor deleted it in Google Calendar (410), or it never was (404): cancelled already.
    google.removeBusy(FAMILY, second.eventId);
    await expect(client.cancelEvent(FAMILY, second.eventId)).resolves.toBeUndefined();
    await expect(client.cancelEvent(FAMILY, "no-such-event")).resolves.toBeUndefined();
    // Moving it is another matter.
    const moved = await failureOf(
      client.updateEvent(FAMILY, second.eventId, { start: at("12:00"), end: at("12:30") }),
    );
    expect(moved).toMatchObject({ status: 410 });
    // A read-only calendar takes no sessions.
    expect(await failureOf(client.createEvent(HOLIDAYS, session()))).toMatchObject({ status: 403 });
  });

  it("moves an event, its id kept, to another of the advisor's calendars", async () => {
    const client = calendar();
    const { eventId } = await client.createEvent(PRIMARY, session());
    await client.moveEvent(PRIMARY, eventId, FAMILY);
    const move = google.requests.at(-1)!;
    expect(move).toMatchObject({
      method: "POST",
      path: `/calendar/v3/calendars/advisor.calendar%40example.com/events/${eventId}/move`,
      body: undefined,
    });
    expect(Object.fromEntries(move.query)).toEqual({ destination: FAMILY, sendUpdates: "none" });
    expect(google.events.get(eventId)).toMatchObject({ calendarId: FAMILY, status: "confirmed" });
    // Moved already (or never there): Google knows no such event in that calendar.
    expect(await failureOf(client.moveEvent(PRIMARY, eventId, FAMILY))).toMatchObject({
      status: 404,
    });
    // A read-only calendar takes no sessions.
    expect(await failureOf(client.moveEvent(FAMILY, eventId, HOLIDAYS))).toMatchObject({
      status: 403,
    });
  });

  it("makes an event with the id it chose once: a second create with that id changes nothing", async () => {
    const client = calendar();
    const first = session({ start: at("09:00"), end: at("09:30") });
    expect(await client.createEvent(PRIMARY, first)).toEqual({ eventId: first.id });
    const again = await client.createEvent(PRIMARY, { ...first, summary: "Made twice?" });
    expect(again).toEqual({ eventId: first.id });
    expect(google.requests.at(-1)).toMatchObject({ method: "POST", body: { id: first.id } });
    const made = [...google.events.values()].filter((e) => e.id === first.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ summary: first.summary });
    // An id Google would refuse is an error, not a success.
    expect(
      await failureOf(client.createEvent(PRIMARY, session({ id: "Not-Base32" }))),
    ).toMatchObject({ status: 400 });
  });

  it("watches a calendar: a sync message, then one per change, until the channel is stopped", async () => {
    const client = calendar();
    const asked = new Date(Date.now() + 30 * 24 * 60 * 60_000);
    const channel = {
      id: "channel-1",
      token: "channel-secret",
      address: listenerUrl,
      expiresAt: asked,
    };
    const watched = await client.watch(PRIMARY, channel);
    // Google caps a channel's life (a week for calendar events).
    const cap = Date.now() + google.state.maxChannelMs;
    expect(watched.expiresAt.getTime()).toBeLessThanOrEqual(cap);
    expect(watched.expiresAt.getTime()).toBeGreaterThan(cap - 60_000);
    await google.flushNotifications();
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe("");
    expect(received[0]!.headers).toMatchObject({
      "x-goog-channel-id": "channel-1",
      "x-goog-channel-token": "channel-secret",
      "x-goog-channel-expiration": watched.expiresAt.toUTCString(),
      "x-goog-resource-id": watched.resourceId,
      "x-goog-resource-uri": expect.stringContaining(
        "/calendars/advisor.calendar%40example.com/events",
      ),
      "x-goog-resource-state": "sync",
      "x-goog-message-number": "1",
    });

    const busy = google.addBusy(PRIMARY, { start: at("10:00"), end: at("11:00") });
    google.addBusy(FAMILY, { start: at("10:00"), end: at("11:00") }); // not watched
    google.removeBusy(PRIMARY, busy);
    await google.flushNotifications();
    expect(received.map((r) => r.headers["x-goog-resource-state"])).toEqual([
      "sync",
      "exists",
      "exists",
    ]);
    expect(received.map((r) => r.headers["x-goog-message-number"])).toEqual(["1", "2", "3"]);
    expect(google.notifications.map((n) => n.status)).toEqual([200, 200, 200]);

    // The resource id is the calendar's: a second channel on it shares it.
    const again = await client.watch(PRIMARY, { ...channel, id: "channel-2" });
    expect(again.resourceId).toBe(watched.resourceId);
    await client.stopChannel({ id: "channel-1", resourceId: watched.resourceId });
    await client.stopChannel({ id: "channel-2", resourceId: watched.resourceId });
    await google.flushNotifications();
    received.length = 0;
    google.addBusy(PRIMARY, { start: at("12:00"), end: at("13:00") });
    await google.flushNotifications();
    expect(received).toEqual([]);
    // A channel Google no longer knows is stopped already.
    await expect(
      client.stopChannel({ id: "channel-1", resourceId: watched.resourceId }),
    ).resolves.toBeUndefined();
  });

  it("gives up after the timeout, even while Google is still answering: unreachable", async () => {
    google.state.calendarDelayMs = 3_000;
    const started = Date.now();
    const error = await failureOf(calendar(undefined, 200).listCalendars());
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(GoogleCalendarError);
    expect(error).toMatchObject({
      message: expect.stringMatching(/timed out after 200 ms/),
      status: undefined,
    });
    expect(googleFailure(error)).toBe("unreachable");

    // A token that never comes is bounded by the same deadline.
    google.state.calendarDelayMs = 0;
    const stuck = calendar(() => new Promise<string>(() => {}), 200);
    expect(
      await failureOf(stuck.freeBusy([PRIMARY], { from: at("09:00"), to: at("18:00") })),
    ).toMatchObject({
      message: expect.stringMatching(/timed out/),
    });
  });

  it("tells a revoked grant (401, invalid_grant) from a Google that is down or out of quota", async () => {
    google.state.quotaExceeded = true;
    const quota = await failureOf(calendar().listCalendars());
    expect(quota).toMatchObject({
      status: 403,
      message: expect.stringMatching(/rateLimitExceeded/),
    });
    expect(googleFailure(quota)).toBe("unreachable");
    google.state.quotaExceeded = false;

    google.state.failCalendar = true;
    expect(googleFailure(await failureOf(calendar().listCalendars()))).toBe("unreachable");
    google.state.failCalendar = false;

    const nowhere = createGoogleUserCalendar({
      apiUrl: "http://127.0.0.1:1/calendar/v3",
      accessToken: async () => tokens.access_token,
      timeoutMs: 2_000,
    });
    const network = await failureOf(nowhere.listCalendars());
    expect(network).toMatchObject({ name: "GoogleCalendarError", status: undefined });
    expect(googleFailure(network)).toBe("unreachable");

    // The advisor removes the app's access at Google.
    expect(google.revokeGrant("advisor.calendar@example.com")).toBeGreaterThan(0);
    const refused = await failureOf(calendar().listCalendars());
    expect(refused).toMatchObject({ status: 401 });
    expect(googleFailure(refused)).toBe("revoked");
    // The caller's refresh is refused too, and says so.
    const refreshing = calendar(async (stale) =>
      stale ? refreshOrThrow(tokens.refresh_token!) : tokens.access_token,
    );
    expect(googleFailure(await failureOf(refreshing.listCalendars()))).toBe("revoked");
    expect(googleFailure(new Error("nothing to do with Google"))).toBe("unreachable");
  });

  it("retries once with a refreshed token when Google drops the current one early", async () => {
    google.expireAccessTokens();
    let current = tokens.access_token;
    const client = calendar(async (refused) => {
      if (refused === current) current = await refreshOrThrow(tokens.refresh_token!);
      return current;
    });
    expect(await client.listCalendars()).toHaveLength(3);
    expect(google.requests.map((r) => r.token)).toEqual([tokens.access_token, current]);
    expect(current).not.toBe(tokens.access_token);
  });
});

async function refreshOrThrow(refreshToken: string): Promise<string> {
  const response = await token({ grant_type: "refresh_token", refresh_token: refreshToken });
  const body = (await response.json()) as { access_token?: string; error?: string };
  if (!body.access_token) throw new Error(`token refresh failed: ${body.error}`);
  return body.access_token;
}

let sessions = 0;
function session(
  overrides: Partial<Parameters<ReturnType<typeof calendar>["createEvent"]>[1]> = {},
) {
  return {
    id: `btsession${++sessions}`,
    summary: "BeenThere First Call with Sam Seeker",
    description: "First Call, 30 minutes.",
    location: "https://meet.example/BeenThere-room",
    start: at("10:00"),
    end: at("10:30"),
    bookingId: "booking-1",
    ...overrides,
  };
}

describe("the fake Google's OAuth", () => {
  it("serves discovery without jwks_uri, so better-auth reads the user from userinfo", async () => {
    const response = await fetch(google.oauthEnv.GOOGLE_DISCOVERY_URL);
    expect(await response.json()).toEqual({
      issuer: google.origin,
      authorization_endpoint: `${google.origin}/o/oauth2/auth`,
      token_endpoint: `${google.origin}/token`,
      userinfo_endpoint: `${google.origin}/userinfo`,
      revocation_endpoint: `${google.origin}/revoke`,
    });
    expect(google.oauthEnv).toMatchObject({
      GOOGLE_CLIENT_ID: "beenthere-test",
      GOOGLE_CLIENT_SECRET: "beenthere-test-secret",
      GOOGLE_CALENDAR_API_URL: google.apiUrl,
    });
  });

  it("shows a consent page whose Allow gives a code and Deny an error, recording the request", async () => {
    google.state.autoApprove = false;
    const verifier = randomBytes(32).toString("base64url");
    const url = authUrl(verifier, { access_type: "offline", prompt: "consent" });
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain("<title>Sign in with Google (test)</title>");
    expect(html).toContain("advisor.calendar@example.com");
    expect(html).toContain("https://www.googleapis.com/auth/calendar.events");
    expect(html).toMatch(/<form method="post"/);
    expect(google.authorizations.at(-1)).toMatchObject({
      accessType: "offline",
      prompt: "consent",
      scopes: ["openid", "email", "https://www.googleapis.com/auth/calendar.events"],
      outcome: "pending",
    });

    const decide = (decision: string) =>
      fetch(`${google.origin}/o/oauth2/auth`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision }),
        redirect: "manual",
      });
    const denied = new URL((await decide("deny")).headers.get("location")!);
    expect(Object.fromEntries(denied.searchParams)).toEqual({
      error: "access_denied",
      state: "state-123",
    });
    expect(google.authorizations.at(-1)!.outcome).toBe("denied");
    const allowed = new URL((await decide("allow")).headers.get("location")!);
    expect(`${allowed.origin}${allowed.pathname}`).toBe(REDIRECT_URI);
    expect(allowed.searchParams.get("code")).toBeTruthy();
  });

  it("trades a code with PKCE for tokens, refreshes them, and revocation ends both", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const code = await authorizationCode(verifier, { access_type: "offline", prompt: "consent" });
    const form = { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };
    const wrongVerifier = await token({ ...form, code_verifier: "not-the-verifier" });
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });
    const wrongSecret = await token(
      { ...form, code_verifier: verifier },
      { id: "beenthere-test", secret: "nope" },
    );
    expect(wrongSecret.status).toBe(401);

    // client_secret_basic works as well as the body.
    const exchanged = await fetch(`${google.origin}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from("beenthere-test:beenthere-test-secret").toString("base64")}`,
      },
      body: new URLSearchParams({ ...form, code_verifier: verifier }),
    });
    const issued = (await exchanged.json()) as Tokens;
    expect(issued).toEqual({
      access_token: expect.stringMatching(/^ya29\.user-\d+$/),
      expires_in: 3600,
      refresh_token: expect.any(String),
      scope: SCOPES,
      token_type: "Bearer",
    });
    // A code serves once.
    expect((await token({ ...form, code_verifier: verifier })).status).toBe(400);

    const userinfo = await fetch(`${google.origin}/userinfo`, {
      headers: { authorization: `Bearer ${issued.access_token}` },
    });
    expect(await userinfo.json()).toEqual({
      sub: "g-advisor-1",
      id: "g-advisor-1",
      email: "advisor.calendar@example.com",
      email_verified: true,
      name: "Test Advisor",
    });

    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: issued.refresh_token!,
    });
    const renewed = (await refreshed.json()) as Tokens;
    expect(renewed).toMatchObject({
      access_token: expect.any(String),
      expires_in: 3600,
      token_type: "Bearer",
    });
    expect(renewed).not.toHaveProperty("refresh_token");

    const revoke = (t: string) =>
      fetch(`${google.origin}/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: t }),
      });
    const revoked = await revoke(issued.refresh_token!);
    expect([revoked.status, await revoked.json()]).toEqual([200, {}]);
    expect(google.revocations.at(-1)).toMatchObject({ sub: "g-advisor-1", by: "client" });
    const again = await token({
      grant_type: "refresh_token",
      refresh_token: issued.refresh_token!,
    });
    expect([again.status, await again.json()]).toEqual([
      400,
      { error: "invalid_grant", error_description: "Token has been expired or revoked." },
    ]);
    // Every access token of the grant goes with it.
    for (const accessToken of [issued.access_token, renewed.access_token]) {
      const list = await fetch(`${google.apiUrl}/users/me/calendarList`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(list.status).toBe(401);
      expect(await list.json()).toMatchObject({
        error: { code: 401, message: "Invalid Credentials", status: "UNAUTHENTICATED" },
      });
    }
    expect((await revoke(issued.access_token)).status).toBe(400);
  });

  it("gives no refresh token without offline access, and answers 503 while its token endpoint is down", async () => {
    expect(await signIn({})).not.toHaveProperty("refresh_token");
    google.state.failToken = true;
    const down = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(down.status).toBe(503);
  });
});
