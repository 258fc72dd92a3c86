import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionRowEvent } from "../../core/session-event";
import { advisors, bookings, emailOutbox } from "../db/schema";
import { startTestApp, type TestApp } from "../http/app.test-support";
import { saveSchedule } from "../scheduling/schedule.server";
import { calendarUid } from "../../core/session-links";
import { sessionEventOf } from "../../core/session-event";
import { findSession } from "./session-list.server";
import { loadSession } from "../repositories/booking-parties.server";
import { EVERY_MORNING } from "./bookings.test-support";

/*
 * "Download .ics" (/sessions/:id/calendar.ics) through the real HTTP server and production
 * build: who may have it, and that it is the e-mailed invitation (same UID, SEQUENCE, time and
 * text; only the DTSTAMP differs) after the booking, after a reschedule and after a cancel.
 */
let app: TestApp;
let database: TestApp["database"];
let baseUrl: string;
let config: TestApp["config"];
const cookies: Record<string, string> = {};
let advisorId: string;
let bookingId: string;
let seekerUserId: string;
const emails: Record<string, string> = {};

type Who = "seeker" | "stranger" | "advisor" | "otherAdvisor" | "admin";

beforeAll(async () => {
  app = await startTestApp();
  ({ database, baseUrl, config } = app);
  const seeker = await app.createPerson({ firstName: "Seeker" });
  seekerUserId = seeker.userId;
  emails.seeker = seeker.email;
  cookies.seeker = seeker.cookie;
  cookies.stranger = (await app.createPerson({ firstName: "Stranger" })).cookie;
  cookies.admin = (await app.createPerson({ firstName: "Admin", admin: true })).cookie;
  for (const who of ["advisor", "otherAdvisor"] as const) {
    const person = await app.createPerson({ firstName: who, advisor: "approved" });
    await database.db
      .update(advisors)
      .set({ hourlyRateInr: 2000 })
      .where(eq(advisors.id, person.advisorId!));
    await saveSchedule(database.db, person.advisorId!, EVERY_MORNING);
    cookies[who] = person.cookie;
    emails[who] = person.email;
    if (who === "advisor") advisorId = person.advisorId!;
  }
});
afterAll(() => app.close());

const post = (url: string, body: unknown, who: Who) =>
  fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: cookies[who]! },
    body: JSON.stringify(body),
  });
const postForm = (url: string, fields: Record<string, string>, who: Who) =>
  fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: { Origin: baseUrl, Cookie: cookies[who]! },
    body: new URLSearchParams(fields),
  });
const get = (url: string, who?: Who) =>
  fetch(`${baseUrl}${url}`, { redirect: "manual", headers: who ? { Cookie: cookies[who]! } : {} });
const download = (who?: Who, id = bookingId) => get(`/sessions/${id}/calendar.ics`, who);

/** The offered starts 2 days from now (always past the 12-hour lead). */
async function offeredStarts(): Promise<string[]> {
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await get(`/api/advisors/${advisorId}/slots?date=${date}&tz=UTC&duration=30`);
  const { slots } = (await res.json()) as { slots: { start: string }[] };
  return slots.map((s) => s.start);
}

/** The invitation attached to the e-mail to `to` (the seeker) whose subject says `subject`. */
async function mailedInvitation(
  subject: string,
  to: "seeker" | "advisor" = "seeker",
): Promise<string> {
  const mails = await database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, emails[to]!), like(emailOutbox.subject, subject)));
  expect(mails).toHaveLength(1);
  return mails[0]!.attachments![0]!.content;
}

const line = (ics: string, name: string) =>
  ics.split("\r\n").find((l) => l.startsWith(`${name}:`)) ?? null;
/** The file without its DTSTAMP (when it was written), which is all a later copy may change. */
const unstamped = (ics: string) =>
  ics
    .split("\r\n")
    .filter((l) => !l.startsWith("DTSTAMP:"))
    .join("\r\n");

describe("Download .ics", () => {
  it("is the e-mailed invitation of the booking just confirmed", async () => {
    const [start] = await offeredStarts();
    const booked = await post(
      "/api/bookings",
      {
        advisorId,
        topics: ["Careers", "Pay, offers; titles"],
        additionalInfo: "First line\nSecond line",
        sessionType: "First Call",
        duration: 30,
        datetime: start,
        seekerTimezone: "Asia/Kolkata",
      },
      "seeker",
    );
    expect(booked.status).toBe(201);
    const order = (await booked.json()) as { orderId: string; paymentId: string };
    const paid = await post("/api/test-checkout", { orderId: order.orderId }, "seeker");
    const verified = await post("/api/payments/verify", await paid.json(), "seeker");
    expect(await verified.json()).toMatchObject({ settlement: "confirmed" });
    const [booking] = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.paymentId, order.paymentId));
    bookingId = booking!.id;

    const res = await download("seeker");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="beenthere-session-${start!.slice(0, 10)}.ics"`,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const ics = await res.text();
    const mailed = await mailedInvitation("Booking confirmed%");
    expect(line(ics, "UID")).toBe(`UID:${calendarUid(bookingId)}`);
    expect(line(ics, "SEQUENCE")).toBe("SEQUENCE:0");
    expect(line(ics, "METHOD")).toBe("METHOD:REQUEST");
    expect(line(ics, "DTSTART")).toBe(
      `DTSTART:${start!.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`,
    );
    expect(unstamped(ics)).toBe(unstamped(mailed));
  });

  it("is each reader's own copy: organised by the platform, the reader its one attendee, the other party's address nowhere", async () => {
    const unfolded = async (who: "seeker" | "advisor" | "admin") =>
      (await (await download(who)).text()).replace(/\r\n /g, "").split("\r\n");
    const platform = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
    const organizer = `ORGANIZER;CN="BeenThere":mailto:${platform}`;
    const attendee = (name: string, email: string) =>
      `ATTENDEE;CN="${name}";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${email}`;

    const seekerCopy = await unfolded("seeker");
    expect(seekerCopy.filter((l) => l.startsWith("ORGANIZER"))).toEqual([organizer]);
    expect(seekerCopy.filter((l) => l.startsWith("ATTENDEE"))).toEqual([
      attendee("Seeker Test", emails.seeker!),
    ]);
    expect(seekerCopy.join("\n")).not.toContain(emails.advisor!);
    expect(seekerCopy.find((l) => l.startsWith("SUMMARY:"))).toBe(
      "SUMMARY:BeenThere First Call: Seeker Test with advisor Test",
    );

    const advisorCopy = await unfolded("advisor");
    expect(advisorCopy.filter((l) => l.startsWith("ORGANIZER"))).toEqual([organizer]);
    expect(advisorCopy.filter((l) => l.startsWith("ATTENDEE"))).toEqual([
      attendee("advisor Test", emails.advisor!),
    ]);
    expect(advisorCopy.join("\n")).not.toContain(emails.seeker!);
    // The advisor's download is the copy e-mailed to the advisor, but for its DTSTAMP.
    expect(advisorCopy.filter((l) => !l.startsWith("DTSTAMP:"))).toEqual(
      (await mailedInvitation("Booking confirmed%", "advisor"))
        .replace(/\r\n /g, "")
        .split("\r\n")
        .filter((l) => !l.startsWith("DTSTAMP:")),
    );

    // An admin is not invited: their copy names both parties, neither by address.
    const adminCopy = await unfolded("admin");
    expect(adminCopy.filter((l) => l.startsWith("ATTENDEE"))).toEqual([]);
    expect(adminCopy.filter((l) => l.startsWith("ORGANIZER"))).toEqual([organizer]);
    expect(adminCopy.join("\n")).not.toContain(emails.seeker!);
    expect(adminCopy.join("\n")).not.toContain(emails.advisor!);
    // Every copy is the same event.
    const same = (lines: string[]) =>
      lines.filter((l) => !/^(DTSTAMP|ATTENDEE)/.test(l)).join("\n");
    expect(same(advisorCopy)).toBe(same(seekerCopy));
    expect(same(adminCopy)).toBe(same(seekerCopy));
  });

  it("is the booking's two parties' and admins' only: anyone else is told it does not exist", async () => {
    for (const who of ["seeker", "advisor", "admin"] as const) {
      expect((await download(who)).status, who).toBe(200);
    }
    for (const who of ["stranger", "otherAdvisor"] as const) {
      const res = await download(who);
      expect(res.status, who).toBe(404);
      expect(await res.text(), who).not.toContain("BEGIN:VCALENDAR");
    }
    // A malformed id and an id nobody has look alike.
    expect((await download("seeker", "not-a-uuid")).status).toBe(404);
    expect((await download("seeker", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const signedOut = await download();
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(
      `/auth?redirect=${encodeURIComponent(`/sessions/${bookingId}/calendar.ics`)}`,
    );
  });

  it("the sessions list builds the event the invitation has", async () => {
    const row = await findSession(database.db, { role: "seeker", userId: seekerUserId }, bookingId);
    const record = await loadSession(database.db, bookingId);
    expect(sessionRowEvent(row!, `${config.appUrl}/dashboard`)).toEqual(
      sessionEventOf(record!, config.appUrl),
    );
  });

  it("after a reschedule carries the new time and the SEQUENCE the e-mail did", async () => {
    const [, newStart] = await offeredStarts();
    const moved = await postForm(
      "/dashboard.data",
      { intent: "reschedule", bookingId, start: newStart! },
      "advisor",
    );
    expect(moved.status).toBe(200);
    const ics = await (await download("seeker")).text();
    const mailed = await mailedInvitation("%rescheduled");
    expect(line(ics, "UID")).toBe(`UID:${calendarUid(bookingId)}`);
    expect(line(ics, "SEQUENCE")).toBe("SEQUENCE:1");
    expect(line(ics, "DTSTART")).toBe(
      `DTSTART:${newStart!.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`,
    );
    expect(unstamped(ics)).toBe(unstamped(mailed));
  });

  it("after a cancel is the cancellation the e-mail carried, which removes the event", async () => {
    const cancelled = await postForm(
      "/dashboard.data",
      { intent: "cancel", bookingId, reason: "Plans changed" },
      "seeker",
    );
    expect(cancelled.status).toBe(200);
    const ics = await (await download("advisor")).text();
    const mailed = await mailedInvitation("%cancelled", "advisor");
    expect(line(ics, "METHOD")).toBe("METHOD:CANCEL");
    expect(line(ics, "STATUS")).toBe("STATUS:CANCELLED");
    expect(line(ics, "SEQUENCE")).toBe("SEQUENCE:2");
    expect(unstamped(ics)).toBe(unstamped(mailed));
  });
});
