import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { COMMON_MESSAGES } from "../../core/messages/common";
import { signIn, signUp } from "../auth/accounts.server";
import { buildConfig } from "../config.server";
import { freePort } from "../../tests/support/app-process";
import { loadServerBundle } from "../../tests/support/server-bundle";
import { advisors, authUsers, bookings, payments, users } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { hmacHex } from "../payments/signature.server";
import { saveSchedule } from "../scheduling/schedule.server";
import { EVERY_MORNING } from "./bookings.test-support";
import { giveSecondFactor } from "../auth/second-factor.test-support";

/*
 * The booking endpoints and pages through the real HTTP server and production build: who may
 * see a confirmation, what a tampered request gets, and a webhook's raw body reaching its
 * signature check untouched.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let baseUrl: string;
let close: () => void;
let config: ReturnType<typeof buildConfig>;
const cookies: Record<string, string> = {};
let advisorId: string;

beforeAll(async () => {
  // The app must know the address the test posts from: its Origin is checked.
  const port = await freePort();
  const build = await loadServerBundle();
  database = await createTestDatabase();
  config = buildConfig({
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "bt-booking-http-")),
    LOG_LEVEL: "silent",
  });
  const logger = pino({ level: "silent" });
  const services = build.composeServices({ config, logger, database });
  const { auth } = services;
  const deps = { db: database.db, auth, config };
  for (const who of ["seeker", "stranger", "advisor", "admin"]) {
    const person = { email: `${who}@example.com`, password: "password-1" };
    await signUp(deps, { firstName: who, lastName: "Test", ...person }, "10.0.0.2");
    await database.db
      .update(authUsers)
      .set({ emailVerified: true })
      .where(eq(authUsers.email, person.email));
    const signedIn = await signIn(
      deps,
      { ...person, rememberMe: false },
      { headers: new Headers(), clientIp: "10.0.0.2" },
    );
    if (!signedIn.ok) throw new Error(signedIn.message);
    cookies[who] = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }
  await database.db.update(users).set({ admin: "Y" }).where(eq(users.email, "admin@example.com"));
  // Admins must have a second factor (ADR 92); the session signed in above stays.
  await giveSecondFactor(database.db, "admin@example.com", config.authSecret);
  const [advisorUser] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, "advisor@example.com"));
  const [advisor] = await database.db
    .insert(advisors)
    .values({ userId: advisorUser!.id, profileStatus: "approved", hourlyRateInr: 2000 })
    .returning();
  advisorId = advisor!.id;
  await saveSchedule(database.db, advisorId, EVERY_MORNING);

  const app = build.createHttpApp({ services, build });
  const server = app.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await database.destroy();
});

const post = (url: string, body: unknown, who?: string) =>
  fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: baseUrl,
      ...(who ? { Cookie: cookies[who]! } : {}),
    },
    body: JSON.stringify(body),
  });
const get = (url: string, who?: string) =>
  fetch(`${baseUrl}${url}`, { redirect: "manual", headers: who ? { Cookie: cookies[who]! } : {} });

/** The first slot the engine offers 2 days from now (always past the 12-hour lead). */
async function offeredStart(): Promise<string> {
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await get(`/api/advisors/${advisorId}/slots?date=${date}&tz=UTC&duration=30`);
  const { slots } = (await res.json()) as { slots: { start: string }[] };
  return slots[0]!.start;
}

/** What the booking steps post for a 30-minute First Call at `datetime`. */
const firstCall = (datetime: string) => ({
  advisorId,
  topics: ["Careers"],
  sessionType: "First Call",
  duration: 30,
  datetime,
  seekerTimezone: "Asia/Kolkata",
});

describe("booking over HTTP", () => {
  let paymentId = "";

  it("asks a signed-out caller to sign in and changes nothing", async () => {
    const res = await post("/api/bookings", {});
    expect(res.status).toBe(401);
  });

  it("prices the booking itself: a tampered amount is ignored, a tampered type refused", async () => {
    const request = firstCall(await offeredStart());
    const tampered = await post(
      "/api/bookings",
      { ...request, sessionType: "Follow up call" },
      "seeker",
    );
    expect(tampered.status).toBe(409);
    expect(await tampered.json()).toMatchObject({ error: M.sessionNotAllowed });
    const invalid = await post("/api/bookings", { ...request, topics: [] }, "seeker");
    expect(await invalid.json()).toMatchObject({ fields: { topics: M.topicsRequired } });
    const injected = await post(
      "/api/bookings",
      { ...request, topics: ["Careers\r\nX-INJ:1"], additionalInfo: "Hi\u0000" },
      "seeker",
    );
    expect(injected.status).toBe(400);
    expect(await injected.json()).toMatchObject({
      fields: {
        topics: COMMON_MESSAGES.singleLineOnly,
        additionalInfo: COMMON_MESSAGES.noControlCharacters,
      },
    });
    expect(await database.db.select().from(bookings)).toEqual([]);

    const res = await post("/api/bookings", { ...request, amount: 100 }, "seeker");
    expect(res.status).toBe(201);
    const order = (await res.json()) as { amount: number; orderId: string; paymentId: string };
    expect(order.amount).toBe(118_000);
    paymentId = order.paymentId;

    // The built-in test checkout pays; verification confirms.
    const paid = await post("/api/test-checkout", { orderId: order.orderId }, "seeker");
    const fields = (await paid.json()) as { razorpay_signature: string };
    // Another spelling of the right signature is refused like a wrong one, and not stored.
    const exact = fields.razorpay_signature;
    for (const razorpay_signature of [exact.toUpperCase(), `${exact}0`, exact.slice(0, 63)]) {
      const refused = await post(
        "/api/payments/verify",
        { ...fields, razorpay_signature },
        "seeker",
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: M.verificationFailed });
    }
    const [unpaid] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect([unpaid!.status, unpaid!.razorpayPaymentId, unpaid!.razorpaySignature]).toEqual([
      "created",
      null,
      null,
    ]);
    const verified = await post("/api/payments/verify", fields, "seeker");
    expect(await verified.json()).toEqual({ paymentId, settlement: "confirmed" });
    // Someone else cannot even pay another seeker's order.
    expect((await post("/api/test-checkout", { orderId: order.orderId }, "stranger")).status).toBe(
      404,
    );
  });

  it("shows the confirmation to the seeker, the advisor and admins only", async () => {
    for (const who of ["seeker", "advisor", "admin"]) {
      const res = await get(`/booking-confirmed?payment_id=${paymentId}`, who);
      expect(res.status, who).toBe(200);
      const html = await res.text();
      expect(html).toContain("Booking Confirmed");
      expect(html).toContain("₹1,180");
    }
    expect((await get(`/booking-confirmed?payment_id=${paymentId}`, "stranger")).status).toBe(404);
    const signedOut = await get(`/booking-confirmed?payment_id=${paymentId}`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(
      `/auth?redirect=${encodeURIComponent(`/booking-confirmed?payment_id=${paymentId}`)}`,
    );
    const noId = await get("/booking-confirmed", "seeker");
    expect(noId.headers.get("location")).toBe("/dashboard");
    const receipt = await get(`/booking-confirmed/receipt?payment_id=${paymentId}`, "seeker");
    expect(await receipt.text()).toContain("GSTIN");
    // Its dates are the reader's: paid on a Sunday evening in Los Angeles, Monday in India.
    await database.db
      .update(payments)
      .set({ updatedAt: new Date("2026-03-01T20:00:00Z") })
      .where(eq(payments.id, paymentId));
    const invoiceDate = async () => {
      const html = await (
        await get(`/booking-confirmed/receipt?payment_id=${paymentId}`, "seeker")
      ).text();
      return /Invoice date<\/dt><dd[^>]*>([^<]+)</.exec(html)?.[1];
    };
    expect(await invoiceDate()).toBe("Monday, 2 March 2026");
    const seekerRow = eq(users.email, "seeker@example.com");
    await database.db.update(users).set({ timeZone: "America/Los_Angeles" }).where(seekerRow);
    expect(await invoiceDate()).toBe("Sunday, 1 March 2026");
    await database.db.update(users).set({ timeZone: null }).where(seekerRow);
    expect(
      (await get(`/booking-confirmed/receipt?payment_id=${paymentId}`, "stranger")).status,
    ).toBe(404);
  });

  it("refuses a cancellation reason with a control character, saying so, and cancels nothing", async () => {
    const [booking] = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.paymentId, paymentId));
    const res = await fetch(`${baseUrl}/dashboard.data`, {
      method: "POST",
      headers: { Origin: baseUrl, Cookie: cookies.seeker! },
      body: new URLSearchParams({ intent: "cancel", bookingId: booking!.id, reason: "Ill\u0000" }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(COMMON_MESSAGES.noControlCharacters);
    const [after] = await database.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(after!.status).toBe("confirmed");
  });

  it("says a booking whose payment never came is not confirmed, not that the payment succeeded", async () => {
    const start = new Date(Date.parse(await offeredStart()) + 60 * 60_000).toISOString();
    const res = await post("/api/bookings", firstCall(start), "stranger");
    expect(res.status).toBe(201);
    const hold = (await res.json()) as { paymentId: string };
    const html = await (
      await get(`/booking-confirmed?payment_id=${hold.paymentId}`, "stranger")
    ).text();
    expect(html).toContain(M.notPaidTitle);
    expect(html).not.toContain("Your payment was successful");
  });

  it("checks the webhook signature on the raw body", async () => {
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    // Extra spaces: a re-serialised body would no longer match the signature.
    const body = `{ "event": "payment.captured",  "payload": { "payment": { "entity": { "id": "${payment!.razorpayPaymentId}", "order_id": "${payment!.razorpayOrderId}", "amount": 118000 } } } }`;
    const send = (signature: string, eventId: string) =>
      fetch(`${baseUrl}/api/webhooks/razorpay`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Razorpay-Signature": signature,
          "X-Razorpay-Event-Id": eventId,
        },
        body,
      });
    expect((await send(hmacHex("wrong", body), "evt_http_1")).status).toBe(400);
    const upper = hmacHex(config.testPaymentSecret!, body).toUpperCase();
    expect((await send(upper, "evt_http_1")).status).toBe(400);
    const ok = await send(hmacHex(config.testPaymentSecret!, body), "evt_http_1");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    const again = await send(hmacHex(config.testPaymentSecret!, body), "evt_http_1");
    expect(await again.json()).toEqual({ ok: true, duplicate: true });
    const live = await database.db.select().from(bookings).where(eq(bookings.paymentId, paymentId));
    expect(live.map((b) => b.status)).toEqual(["confirmed"]);
  });
});
