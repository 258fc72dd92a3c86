import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildConfig } from "../config.server";
import { createCalendar } from "./calendar.server";
import { createGoogleCalendar } from "./google-calendar.server";
import { startGoogleServer } from "./google-server.test-support";

/*
 * The Google Calendar client against a local server playing Google: the signed service-account
 * assertion, the token reuse, the event bodies (Meet conference, attendees, sendUpdates) and
 * failures surfacing as errors.
 */
let google: Awaited<ReturnType<typeof startGoogleServer>>;
beforeAll(async () => {
  google = await startGoogleServer();
});
afterAll(() => google.close());
beforeEach(() => {
  google.requests.length = 0;
  google.assertions.length = 0;
  google.state.failCalendar = false;
});

const clock = { now: new Date("2026-03-02T00:00:00Z") };
const client = () =>
  createGoogleCalendar({
    key: google.key,
    calendarId: "primary",
    apiUrl: google.apiUrl,
    now: () => clock.now,
  });
const event = {
  requestId: "7d0c3f4e-1111-4222-8333-444455556666",
  summary: "BeenThere First Call: Sam Seeker with Ada Advisor",
  description: "First Call, 30 minutes.",
  start: new Date("2026-03-05T10:00:00Z"),
  end: new Date("2026-03-05T10:30:00Z"),
  attendees: [
    { name: "Sam Seeker", email: "sam@example.com" },
    { name: "Ada Advisor", email: "ada@example.com" },
  ],
};

describe("Google Calendar client", () => {
  it("signs an RS256 assertion Google's token endpoint accepts and reuses the token until expiry", async () => {
    const calendar = client();
    await calendar.createEvent(event);
    await calendar.updateEvent("evt1", { start: event.start, end: event.end });
    expect(google.assertions).toHaveLength(1);
    const [{ header, claims }] = google.assertions as [(typeof google.assertions)[0]];
    expect(header).toEqual({ alg: "RS256", typ: "JWT" });
    const iat = clock.now.getTime() / 1000;
    expect(claims).toEqual({
      iss: google.key.client_email,
      scope: "https://www.googleapis.com/auth/calendar",
      aud: google.key.token_uri,
      iat,
      exp: iat + 3600,
    });

    clock.now = new Date(clock.now.getTime() + 3600_000);
    await calendar.cancelEvent("evt1");
    expect(google.assertions).toHaveLength(2);
    expect(google.requests.map((r) => r.method)).toEqual(["POST", "PATCH", "PATCH"]);
  });

  it("creates one event for both parties with a Meet conference and returns its link", async () => {
    const created = await client().createEvent(event);
    expect(created.meetLink).toMatch(/^https:\/\/meet\.google\.com\//);
    const [request] = google.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/calendar/v3/calendars/primary/events");
    expect(request!.query.get("conferenceDataVersion")).toBe("1");
    expect(request!.query.get("sendUpdates")).toBe("all");
    expect(request!.body).toEqual({
      summary: event.summary,
      description: event.description,
      start: { dateTime: "2026-03-05T10:00:00.000Z" },
      end: { dateTime: "2026-03-05T10:30:00.000Z" },
      attendees: [
        { email: "sam@example.com", displayName: "Sam Seeker" },
        { email: "ada@example.com", displayName: "Ada Advisor" },
      ],
      // Invited, but neither party sees (or can pass on) the other's address.
      guestsCanSeeOtherGuests: false,
      guestsCanInviteOthers: false,
      conferenceData: {
        createRequest: {
          requestId: event.requestId,
          conferenceSolutionKey: { type: "hangoutsMeet" },
        },
      },
    });
    expect(created).toEqual({
      eventId: expect.any(String),
      meetLink: google.events.get(created.eventId)!.hangoutLink,
    });
  });

  it("moves an event by patching only its times, and cancels it, both with sendUpdates=all", async () => {
    const calendar = client();
    const { eventId, meetLink } = await calendar.createEvent(event);
    await calendar.updateEvent(eventId, {
      start: new Date("2026-03-06T11:30:00Z"),
      end: new Date("2026-03-06T12:00:00Z"),
    });
    const patch = google.requests[1]!;
    expect(patch.method).toBe("PATCH");
    expect(patch.path).toBe(`/calendar/v3/calendars/primary/events/${eventId}`);
    expect(patch.query.get("sendUpdates")).toBe("all");
    expect(patch.body).toEqual({
      start: { dateTime: "2026-03-06T11:30:00.000Z" },
      end: { dateTime: "2026-03-06T12:00:00.000Z" },
    });
    expect(google.events.get(eventId)!.hangoutLink).toBe(meetLink);

    await calendar.cancelEvent(eventId);
    expect(google.requests[2]).toMatchObject({ method: "PATCH", body: { status: "cancelled" } });
    expect(google.requests[2]!.query.get("sendUpdates")).toBe("all");
    expect(google.events.get(eventId)!.status).toBe("cancelled");
  });

  it("reports Google's failures and a key Google does not accept as errors", async () => {
    google.state.failCalendar = true;
    await expect(client().createEvent(event)).rejects.toThrow(/POST failed \(503\)/);
    await expect(
      client().updateEvent("nope", { start: event.start, end: event.end }),
    ).rejects.toThrow(/503/);
    google.state.failCalendar = false;
    await expect(client().cancelEvent("unknown-event")).rejects.toThrow(/404/);

    const other = await startGoogleServer();
    try {
      const wrongKey = createGoogleCalendar({
        key: { ...other.key, token_uri: google.key.token_uri },
        calendarId: "primary",
        apiUrl: google.apiUrl,
      });
      await expect(wrongKey.createEvent(event)).rejects.toThrow(/token request failed \(400/);
    } finally {
      await other.close();
    }
  });
});

describe("calendar configuration", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), "calendar-config-"));

  it("has no calendar without credentials", () => {
    expect(createCalendar(buildConfig({ DATA_DIR: dataDir() }))).toBeNull();
  });

  it("takes the key as JSON text or as a path, with the calendar id defaulting to primary", () => {
    const dir = dataDir();
    const file = path.join(dir, "key.json");
    writeFileSync(file, JSON.stringify(google.key));
    for (const credentials of [JSON.stringify(google.key), file]) {
      const config = buildConfig({ DATA_DIR: dir, GOOGLE_CALENDAR_CREDENTIALS: credentials });
      expect(config.googleCalendar).toMatchObject({
        key: { client_email: google.key.client_email, token_uri: google.key.token_uri },
        calendarId: "primary",
        apiUrl: "https://www.googleapis.com/calendar/v3",
      });
      expect(createCalendar(config)).not.toBeNull();
    }
  });

  it("refuses credentials that are not a service-account key", () => {
    expect(() =>
      buildConfig({ DATA_DIR: dataDir(), GOOGLE_CALENDAR_CREDENTIALS: "/no/such/key.json" }),
    ).toThrow(/GOOGLE_CALENDAR_CREDENTIALS: not a service-account JSON key/);
    expect(() =>
      buildConfig({
        DATA_DIR: dataDir(),
        GOOGLE_CALENDAR_CREDENTIALS: JSON.stringify({ client_email: "x@example.com" }),
      }),
    ).toThrow(/GOOGLE_CALENDAR_CREDENTIALS: private_key/);
  });
});
