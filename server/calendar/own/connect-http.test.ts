import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_CALENDAR_PROVIDER_ID } from "../../auth/auth.server";
import { advisorCalendarConnections, authAccounts } from "../../db/schema";
import { startTestApp, type TestApp } from "../../http/app.test-support";
import { startGoogleServer } from "../google-server.test-support";

/*
 * Connecting over HTTP, through better-auth's account linking, against a local server playing
 * Google: the consent asks for the calendar scopes and offline access, the tokens are stored
 * encrypted, and only the advisor who started the link gets the connection.
 */
let google: Awaited<ReturnType<typeof startGoogleServer>>;
let app: TestApp;

beforeAll(async () => {
  google = await startGoogleServer();
  google.state.autoApprove = true;
  app = await startTestApp(google.oauthEnv);
});
afterAll(async () => {
  await app.close();
  await google.close();
});

/** Follows redirects by hand, carrying the cookies each answer sets, until a page answers. */
async function follow(start: Response, cookie: string) {
  const jar = new Map(cookie.split("; ").map((c) => c.split("=") as [string, string]));
  const hops: string[] = [];
  let response = start;
  for (let i = 0; i < 10 && response.status >= 300 && response.status < 400; i += 1) {
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const [name, ...value] = pair!.split("=");
      jar.set(name!, value.join("="));
    }
    const next = new URL(response.headers.get("location")!, app.baseUrl);
    hops.push(next.pathname + next.search);
    const sameSite = next.origin === app.baseUrl;
    response = await fetch(next, {
      redirect: "manual",
      headers: sameSite
        ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") }
        : {},
    });
  }
  return { response, hops };
}

const connect = (cookie: string) =>
  fetch(`${app.baseUrl}/dashboard/availability/google-calendar`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      origin: app.baseUrl,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "intent=connect",
  });

describe("connecting Google Calendar over HTTP", () => {
  it("links through Google's consent and keeps the tokens encrypted", async () => {
    const advisor = await app.createPerson({ advisor: "approved" });
    const { hops } = await follow(await connect(advisor.cookie), advisor.cookie);
    expect(hops.at(-1)).toBe("/dashboard/availability");
    expect(hops).toContain("/dashboard/availability/google-calendar?result=connected");

    const asked = google.authorizations.at(-1)!;
    expect(asked).toMatchObject({ accessType: "offline", prompt: "consent" });
    expect(asked.scopes).toContain("https://www.googleapis.com/auth/calendar.freebusy");
    expect(asked.scopes).toContain("https://www.googleapis.com/auth/calendar.events");
    expect(asked.redirectUri).toBe(`${app.baseUrl}/api/auth/callback/google-calendar`);

    const [account] = await app.database.db
      .select()
      .from(authAccounts)
      .where(eq(authAccounts.providerId, GOOGLE_CALENDAR_PROVIDER_ID));
    expect(account?.refreshToken).toBeTruthy();
    // Stored encrypted: neither token appears as Google issued it.
    expect(account?.accessToken).not.toMatch(/^ya29\./);
    expect(account?.refreshToken).not.toMatch(/^1\/\//);
    const [connection] = await app.database.db
      .select()
      .from(advisorCalendarConnections)
      .where(eq(advisorCalendarConnections.advisorId, advisor.advisorId!));
    expect(connection).toMatchObject({
      authAccountId: account!.id,
      googleEmail: "advisor.calendar@example.com",
      busyCalendarIds: ["advisor.calendar@example.com"],
    });
  });

  it("someone else arriving at the way back gets no connection", async () => {
    const other = await app.createPerson({ advisor: "approved" });
    const back = await fetch(
      `${app.baseUrl}/dashboard/availability/google-calendar?result=connected`,
      { redirect: "manual", headers: { cookie: other.cookie } },
    );
    expect(back.status).toBe(302);
    expect(decodeURIComponent(back.headers.get("set-cookie") ?? "")).toContain(
      "Google Calendar was not connected",
    );
    const rows = await app.database.db
      .select()
      .from(advisorCalendarConnections)
      .where(eq(advisorCalendarConnections.advisorId, other.advisorId!));
    expect(rows).toEqual([]);
  });

  it("a seeker cannot start a link", async () => {
    const seeker = await app.createPerson();
    expect((await connect(seeker.cookie)).status).toBe(403);
  });
});
