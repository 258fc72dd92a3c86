import { createSign } from "node:crypto";
import type { CalendarClient, CalendarEventInput } from "./calendar-client";
import { GoogleCalendarError } from "./google-error.server";

// Still exported from here: the callers that know it by this module keep working.
export { GoogleCalendarError };

/** The fields of a Google service-account JSON key this client uses. */
export type ServiceAccountKey = {
  client_email: string;
  private_key: string;
  token_uri: string;
};

export type GoogleCalendarOptions = {
  key: ServiceAccountKey;
  /** "primary" (the service account's own calendar, or the impersonated user's). */
  calendarId: string;
  /** https://www.googleapis.com/calendar/v3 unless a test points it at a local server. */
  apiUrl: string;
  /** A Workspace user to act as (domain-wide delegation): needed to invite attendees. */
  subject?: string;
  /** Every call gives up after this long, so a slow Google never stalls a booking. */
  timeoutMs?: number;
  now?: () => Date;
};

const SCOPE = "https://www.googleapis.com/auth/calendar";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The OAuth 2.0 JWT-bearer assertion a service account trades for an access token. */
export function signAssertion(key: ServiceAccountKey, issuedAt: Date, subject?: string): string {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = base64url(
    JSON.stringify({
      iss: key.client_email,
      scope: SCOPE,
      aud: key.token_uri,
      iat,
      exp: iat + 3600,
      ...(subject ? { sub: subject } : {}),
    }),
  );
  const signature = createSign("RSA-SHA256")
    .update(`${header}.${claims}`)
    .sign(key.private_key)
    .toString("base64url");
  return `${header}.${claims}.${signature}`;
}

/**
 * Google Calendar API v3 over fetch, authenticated as a service account: events with a
 * Google Meet conference, moved and cancelled with `sendUpdates=all` so Google e-mails the
 * attendees too.
 */
export function createGoogleCalendar(options: GoogleCalendarOptions): CalendarClient {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const apiUrl = options.apiUrl.replace(/\/$/, "");
  const eventsUrl = `${apiUrl}/calendars/${encodeURIComponent(options.calendarId)}/events`;
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    // A minute's margin so a token never expires between here and Google.
    if (token && token.expiresAt - 60_000 > now().getTime()) return token.value;
    const response = await fetch(options.key.token_uri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion: signAssertion(options.key, now(), options.subject),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!response.ok || !body.access_token) {
      throw new GoogleCalendarError(
        `Google token request failed (${response.status} ${body.error ?? ""})`.trim(),
        response.status,
      );
    }
    token = {
      value: body.access_token,
      expiresAt: now().getTime() + (body.expires_in ?? 3600) * 1000,
    };
    return token.value;
  }

  async function call(method: string, url: string, body?: object) {
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new GoogleCalendarError(
        `Google Calendar ${method} failed (${response.status}): ${detail.slice(0, 300)}`,
        response.status,
      );
    }
    return response.status === 204 ? null : ((await response.json()) as GoogleEvent);
  }

  const eventUrl = (eventId: string, query: string) =>
    `${eventsUrl}/${encodeURIComponent(eventId)}?${query}`;

  return {
    async createEvent(event: CalendarEventInput) {
      const query = new URLSearchParams({ conferenceDataVersion: "1", sendUpdates: "all" });
      const created = await call("POST", `${eventsUrl}?${query}`, {
        summary: event.summary,
        description: event.description,
        start: { dateTime: event.start.toISOString() },
        end: { dateTime: event.end.toISOString() },
        attendees: event.attendees.map((a) => ({ email: a.email, displayName: a.name })),
        // Both parties are invited (so each joins the Meet without knocking) but neither sees
        // the other's address: the guest list is hidden and cannot be forwarded.
        guestsCanSeeOtherGuests: false,
        guestsCanInviteOthers: false,
        conferenceData: {
          // The booking id: a retried request never makes a second conference.
          createRequest: {
            requestId: event.requestId,
            conferenceSolutionKey: { type: "hangoutsMeet" },
          },
        },
      });
      if (!created?.id) throw new GoogleCalendarError("Google Calendar returned no event id");
      return { eventId: created.id, meetLink: created.hangoutLink ?? videoEntryPoint(created) };
    },
    async updateEvent(eventId, times) {
      // A patch touches only the times: the conference, and so the Meet link, stays.
      await call("PATCH", eventUrl(eventId, "sendUpdates=all"), {
        start: { dateTime: times.start.toISOString() },
        end: { dateTime: times.end.toISOString() },
      });
    },
    async cancelEvent(eventId) {
      // Cancelled rather than deleted: the attendees get a cancellation, the record stays.
      await call("PATCH", eventUrl(eventId, "sendUpdates=all"), { status: "cancelled" });
    },
  };
}

type GoogleEvent = {
  id?: string;
  hangoutLink?: string;
  conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] };
};

function videoEntryPoint(event: GoogleEvent): string | null {
  return event.conferenceData?.entryPoints?.find((e) => e.entryPointType === "video")?.uri ?? null;
}
