import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES } from "../../core/messages/booking";
import { advisors } from "../db/schema";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import { type TestApp, startTestApp } from "./app.test-support";

/*
 * Visitors' public reads answered from memory (server/http/public-cache.server.ts) over the
 * production build, with the database's change feed: reuse, validators, what is never
 * shared, and that a change in the database is served as soon as the database reports it.
 * Each test starts with nothing kept, and changes only advisors of its own.
 */
let app: TestApp;
/** An advisor no test changes. */
let advisorId: string;

const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${path}`, { headers });

/** Resolves once the change feed hears of a change to `table` (the notification's first word). */
function notified(table: string): Promise<void> {
  const feed = app.changes!;
  const changed = feed.changed;
  return new Promise((resolve) => {
    feed.changed = (changedTable) => {
      changed.call(feed, changedTable);
      if (changedTable.split(" ")[0] !== table) return;
      feed.changed = changed;
      resolve();
    };
  });
}

beforeAll(async () => {
  app = await startTestApp({}, { changeFeed: true });
  const listed = notified("advisors");
  advisorId = await createAdvisor(
    app.database.db,
    { jobTitle: "Glassblower", hourlyRateInr: 2000, shortIntro: "Blown glass in Murano." },
    { firstName: "Lucia", lastName: "Vetro" },
  );
  await listed;
});

afterAll(() => app?.close());
// Listening (again) moves every version on: nothing kept by an earlier test is served.
beforeEach(() => app.changes!.setListening(true));

describe("visitors' public reads", () => {
  it("rest on a change feed that /healthz reports as listening", async () => {
    const health = await (await visit("/healthz")).json();
    expect(health).toMatchObject({ status: "ok", database: true });
    expect(health.changeFeed).toMatchObject({
      listening: true,
      drops: app.changes!.status().drops,
    });
  });

  it("are rendered once and then served from memory, with a validator and a CDN policy", async () => {
    const first = await visit("/api/advisors?search=glassblower");
    expect(first.headers.get("x-cache")).toBe("miss");
    expect((await first.json()).total).toBe(1);
    const second = await visit("/api/advisors?search=glassblower");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1");
    // The same for everyone, signed in or not: nothing for a CDN to tell apart.
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("etag")).toBe(etag);
    // Each answer still has its own request id.
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));

    const revalidated = await visit("/api/advisors?search=glassblower", {
      "if-none-match": etag,
    });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("are sent with the same headers whether Express handles the request or not", async () => {
    await visit("/advisors?search=glass");
    // A hit skips Express; one whose HTTPS-ness Express must judge goes through it.
    const direct = await visit("/advisors?search=glass", { "accept-encoding": "gzip" });
    const viaExpress = await visit("/advisors?search=glass", {
      "accept-encoding": "gzip",
      "x-forwarded-proto": "http",
    });
    const named = (res: Response) =>
      [...res.headers].filter(([name]) => !["date", "x-request-id"].includes(name));
    expect(direct.headers.get("x-cache")).toBe("hit");
    expect(named(direct)).toEqual(named(viaExpress));
    expect(direct.headers.get("x-content-type-options")).toBe("nosniff");
    expect(direct.headers.get("x-frame-options")).toBe("DENY");
    expect(direct.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(direct.headers.get("x-request-id")).toMatch(/^[\da-f-]{36}$/);
    expect(await direct.text()).toBe(await viaExpress.text());
  });

  it("keep a page's scripts and its Content-Security-Policy nonce together", async () => {
    await visit("/terms");
    const page = await visit("/terms");
    expect(page.headers.get("x-cache")).toBe("hit");
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy")!)![1]!;
    const html = await page.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.match(/<script\b[^>]*>/g)!.every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(
      true,
    );
  });

  it("are gzipped for browsers that accept it", async () => {
    await visit("/advisors");
    const res = await visit("/advisors", { "accept-encoding": "gzip" });
    expect(res.headers.get("x-cache")).toBe("hit");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toContain("Lucia");
  });

  it("show a profile change as soon as the database reports it", async () => {
    const listed = notified("advisors");
    const changing = await createAdvisor(
      app.database.db,
      { jobTitle: "Lampworker", hourlyRateInr: 1500, shortIntro: "Beads at the flame." },
      { firstName: "Paolo", lastName: "Perla" },
    );
    await listed;
    const profile = `/advisor/${changing}`;
    expect(await (await visit(profile)).text()).toContain("Lampworker");
    expect((await visit(profile)).headers.get("x-cache")).toBe("hit");
    const reported = notified("advisors");
    await app.database.db
      .update(advisors)
      .set({ jobTitle: "Master Lampworker", updatedAt: new Date() })
      .where(eq(advisors.id, changing));
    await reported;
    const changed = await visit(profile);
    expect(changed.headers.get("x-cache")).toBe("miss");
    expect(await changed.text()).toContain("Master Lampworker");
  });

  it("drop offered times at a booking, and keep the directory's answers through it and a sign-up", async () => {
    const feed = app.changes!;
    const listed = notified("advisors");
    const booked = await createAdvisor(app.database.db, { jobTitle: "Glass engraver" });
    await listed;
    const calendar = feed.stamp(["calendar"]);
    const directory = feed.stamp(["directory"]);
    const reported = notified("bookings");
    // A seeker signing up is not public: it moves nothing.
    const seekerId = await createSeeker(app.database.db);
    await createBooking(app.database.db, {
      advisorId: booked,
      userId: seekerId,
      datetime: new Date(Date.now() + 3 * 86_400_000),
      status: "confirmed",
    });
    await reported;
    expect(feed.stamp(["calendar"])).not.toBe(calendar);
    expect(feed.stamp(["directory"])).toBe(directory);
  });

  it("render once for any unknown parameters, in any order, and are not evicted by them", async () => {
    const first = await visit("/advisors?search=murano&page=1");
    expect(first.headers.get("x-cache")).toBe("miss");
    const body = await first.text();
    for (let i = 0; i < 20; i++) {
      const res = await visit(
        `/advisors?utm_source=news${i}&page=1&r=${Math.random()}&search=murano`,
      );
      expect(res.headers.get("x-cache"), `request ${i}`).toBe("hit");
      expect(await res.text()).toBe(body);
    }
    const json = await visit("/api/advisors?search=murano&fbclid=1");
    expect(json.headers.get("x-cache")).toBe("miss");
    expect((await visit("/api/advisors?fbclid=2&search=murano")).headers.get("x-cache")).toBe(
      "hit",
    );
  });

  it("are served to a cookie that merely contains the session cookie's name", async () => {
    await visit("/advisors?search=glass");
    for (const cookie of [
      "x=bt.session_token=abc",
      "notbt.session_token=abc",
      "bt.session_token=",
    ]) {
      const res = await visit("/advisors?search=glass", { cookie });
      expect(res.headers.get("x-cache"), cookie).toBe("hit");
    }
    // The session cookie itself (here made up) is rendered for the person, never shared.
    const res = await visit("/advisors?search=glass", { cookie: "bt.session_token=abc.def" });
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("never let a shared cache keep a page that shows who is signed in", async () => {
    for (const path of ["/", "/advisors", `/advisor/${advisorId}`, "/terms", "/advisors.data"]) {
      await visit(path);
      const res = await visit(path);
      expect(res.headers.get("x-cache"), path).toBe("hit");
      expect(res.headers.get("cache-control"), path).toBe("private, no-cache");
      expect(res.headers.get("vary"), path).toBe("Accept-Encoding, Cookie");
    }
  });

  // The booking steps' parameters are the browser's own (ADR 72).
  it("keep a bare profile page, and render one whose URL holds booking choices for each request", async () => {
    const profile = `/advisor/${advisorId}`;
    await visit(profile);
    expect((await visit(profile)).headers.get("x-cache")).toBe("hit");
    // The server renders the step the URL names (ADR 85): its times follow the calendar and a
    // plain form's notes are the person's own, so no such answer is kept or shared.
    const booking = `${profile}?step=3&topics=9&additionalInfo=private+notes`;
    for (const _ of [1, 2]) {
      const answer = await visit(booking);
      expect(answer.headers.get("x-cache")).toBeNull();
      const html = await answer.text();
      // The server read the URL: the topic this advisor does not offer is dropped and said.
      expect(html).toContain(BOOKING_MESSAGES.linkTopicsDropped);
    }
    expect((await visit(profile)).headers.get("x-cache")).toBe("hit");
  });

  it("serve what is the same for everyone to a signed-in person too", async () => {
    const person = await app.createPerson();
    await visit("/api/advisors?search=glass");
    const res = await visit("/api/advisors?search=glass", { cookie: person.cookie });
    expect(res.headers.get("x-cache")).toBe("hit");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1");
    // A party's reschedule (`exclude`) depends on who asks: never kept nor shared.
    const slots = `/api/advisors/${advisorId}/slots?date=2026-12-01&exclude=${advisorId}`;
    for (const _ of [1, 2]) {
      const own = await visit(slots, { cookie: person.cookie });
      expect(own.headers.get("x-cache")).toBeNull();
      expect(own.headers.get("cache-control")).toBe("private, no-cache");
    }
  });

  it("never share what a signed-in person sees", async () => {
    const person = await app.createPerson();
    await visit("/advisors");
    const signedIn = await visit("/advisors", { cookie: person.cookie });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect(await signedIn.text()).toContain("Account menu for");
    const visitor = await visit("/advisors");
    expect(visitor.headers.get("x-cache")).toBe("hit");
    expect(await visitor.text()).not.toContain("Account menu for");
  });

  it("are not kept when they are not a plain success", async () => {
    const missing = "/advisor/00000000-0000-4000-8000-000000000000";
    expect((await visit(missing)).status).toBe(404);
    const again = await visit(missing);
    expect(again.status).toBe(404);
    expect(again.headers.get("x-cache")).toBe("miss");
    expect(again.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("are rendered for every request while the change feed is not listening", async () => {
    const feed = app.changes!;
    await visit("/advisors");
    feed.setListening(false);
    try {
      const res = await visit("/advisors");
      expect(res.headers.get("x-cache")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
    } finally {
      feed.setListening(true);
    }
    // Listening again moves every version on: nothing from before is trusted.
    expect((await visit("/advisors")).headers.get("x-cache")).toBe("miss");
  });
});
