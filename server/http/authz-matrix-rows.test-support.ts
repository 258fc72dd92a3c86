import { expect } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  advisorPackages,
  advisors,
  authSessions,
  authTwoFactors,
  bookings,
  conversations,
  paidQuestions,
  messages,
  noShowReports,
  conversationReports,
  users,
} from "../db/schema";
import { getSchedule } from "../scheduling/schedule.server";
import {
  type Fixture,
  MATRIX_CONVERSATION_ID,
  MATRIX_PURCHASE_ID,
  MATRIX_QUESTION_ID,
  type Persona,
  PERSONAS,
} from "./matrix-fixture.test-support";

/*
 * The authorization matrix: who may do what, for every route module's loader and action in
 * app/routes.ts. `authz-matrix.test.ts` sends each row's request as each persona over HTTP to
 * the production build and checks the answer; a route or handler without a row fails it.
 * To add a route: append rows below (see docs/ARCHITECTURE.md, "The authorization matrix").
 */

/**
 * What a persona gets: "allowed" (2xx), "auth" (redirect to /auth?redirect=…), a status code
 * (403 not yours to do, 404 not found or not yours to see, 400 refused input, 401 a forged
 * credential, 405 no such method, 409 a rule of the resource refuses it), or a redirect to a
 * given place.
 */
export type Expected =
  "allowed" | "auth" | 400 | 401 | 403 | 404 | 405 | 409 | { redirect: string };

export type MatrixRequest = {
  /** Path and query sent; the method follows the handler (GET loader, POST action). */
  path: string;
  /** Form fields of an action's POST (sent as application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** A JSON body instead, for the JSON endpoints. */
  json?: unknown;
};

export type MatrixRow = {
  /** The route's pattern as in app/routes.ts with a leading slash: "/advisor/:id", "/". */
  route: string;
  handler: "loader" | "action";
  /** What this row tries, when a route's handler has several rows. */
  case?: string;
  request: MatrixRequest | ((f: Fixture, as: Persona) => MatrixRequest);
  expect: Record<Persona, Expected>;
  /** The request ends the persona's session (sign-out): the test signs them in again. */
  endsSession?: boolean;
  /** Checks after each persona's request that nothing outside their reach changed. */
  verify?: (f: Fixture, as: Persona) => Promise<void>;
};

/** The same answer for everyone. */
export const everyone = (expected: Expected) =>
  Object.fromEntries(PERSONAS.map((p) => [p, expected])) as Record<Persona, Expected>;

/** Any signed-in person; visitors are sent to sign in. */
export const signedIn = (expected: Expected = "allowed") => ({
  ...everyone(expected),
  anonymous: "auth" as const,
});

/** Advisor profiles (approved or still pending) only; other signed-in people get 403. */
export const advisorsOnly = (expected: Expected = "allowed") => ({
  ...signedIn(403),
  advisor: expected,
  otherAdvisor: expected,
  pendingAdvisor: expected,
});

/** Admins only; other signed-in people are told the page does not exist. */
export const adminsOnly = (expected: Expected = "allowed") => ({
  ...signedIn(404),
  admin: expected,
});

const page = (route: string, path = route): MatrixRow => ({
  route,
  handler: "loader",
  request: { path },
  expect: everyone("allowed"),
});

/** A WebAuthn answer no authenticator made. */
const FORGED_ASSERTION = {
  id: "forged",
  rawId: "forged",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
};

async function secondFactorRows(f: Fixture, as: Persona) {
  const [user] = await f.db.select().from(users).where(eq(users.id, f.ids[as]!.userId));
  const rows = await f.db
    .select()
    .from(authTwoFactors)
    .where(eq(authTwoFactors.userId, user!.authUserId!));
  return rows.length;
}

const WEEK = JSON.stringify({
  timeZone: "Asia/Kolkata",
  windows: { 1: [{ start: "09:00", end: "12:00" }] },
});

export const MATRIX: MatrixRow[] = [
  // Public pages and feeds
  page("/"),
  page("/advisors", "/advisors?q=product"),
  page("/api/advisors", "/api/advisors?q=product"),
  page("/api/advisors/suggestions", "/api/advisors/suggestions?q=reloc"),
  page("/sitemap.xml"),
  page("/robots.txt"),
  page("/about"),
  page("/contact"),
  page("/terms"),
  page("/privacy"),
  page("/cancellation-refunds"),
  page("/advisor-agreement"),
  page("/code-of-conduct"),
  page("/auth/callback"),
  page("/forgot-password"),
  page("/reset-password", "/reset-password?token=not-a-real-token"),
  {
    route: "/*",
    handler: "loader",
    request: { path: "/no/such/page" },
    expect: everyone(404),
  },
  {
    route: "/contact",
    handler: "action",
    case: "an incomplete message",
    request: { path: "/contact", form: { name: "", email: "", topic: "", message: "" } },
    expect: everyone(400),
  },

  // Advisor profiles and their calendars: approved ones are public, others do not exist
  {
    route: "/advisor/:id",
    handler: "loader",
    case: "an approved advisor",
    request: (f) => ({ path: `/advisor/${f.approvedAdvisorId}` }),
    expect: everyone("allowed"),
  },
  {
    route: "/advisor/:id",
    handler: "loader",
    case: "a pending advisor, even to themselves",
    request: (f) => ({ path: `/advisor/${f.pendingAdvisorId}` }),
    expect: everyone(404),
  },
  {
    route: "/advisor/:id",
    handler: "loader",
    case: "an id nobody has, and one that is no id",
    request: (f, as) => ({ path: `/advisor/${as === "admin" ? "1%20or%201=1" : f.missingId}` }),
    expect: everyone(404),
  },
  ...(["slots", "dates"] as const).flatMap((feed): MatrixRow[] => {
    const route = `/api/advisors/:id/${feed}`;
    const query = `?tz=Asia/Kolkata&duration=30${feed === "slots" ? "&date=2030-01-07" : ""}`;
    return [
      {
        route,
        handler: "loader",
        case: "an approved advisor",
        request: (f) => ({ path: `/api/advisors/${f.approvedAdvisorId}/${feed}${query}` }),
        expect: everyone("allowed"),
      },
      {
        route,
        handler: "loader",
        case: "a pending advisor",
        request: (f) => ({ path: `/api/advisors/${f.pendingAdvisorId}/${feed}${query}` }),
        expect: everyone(404),
      },
    ];
  }),

  // Accounts
  {
    route: "/auth",
    handler: "loader",
    request: { path: "/auth?redirect=%2Fsettings" },
    expect: { ...everyone({ redirect: "/settings" }), anonymous: "allowed" },
  },
  {
    route: "/auth",
    handler: "loader",
    case: "a redirect to another site is not followed",
    request: { path: "/auth?redirect=https%3A%2F%2Fevil.example" },
    expect: { ...everyone({ redirect: "/dashboard" }), anonymous: "allowed" },
  },
  {
    route: "/auth",
    handler: "action",
    case: "an incomplete sign-up",
    request: { path: "/auth", form: { intent: "signup", email: "not-an-email" } },
    // Signed-in people are sent on by the page's loader, as when they open /auth.
    expect: { ...everyone({ redirect: "/dashboard" }), anonymous: 400 },
  },
  {
    route: "/auth",
    handler: "action",
    case: "Google sign-in while it is not configured",
    request: { path: "/auth", form: { intent: "google" } },
    expect: everyone(404),
  },
  {
    route: "/forgot-password",
    handler: "action",
    case: "no e-mail",
    request: { path: "/forgot-password", form: { email: "" } },
    expect: everyone(400),
  },
  {
    route: "/reset-password",
    handler: "action",
    case: "a forged token",
    request: {
      path: "/reset-password",
      form: { token: "forged", password: "password-2", confirmPassword: "password-2" },
    },
    expect: everyone(400),
  },
  {
    route: "/auth/logout",
    handler: "loader",
    request: { path: "/auth/logout" },
    expect: everyone({ redirect: "/" }),
  },
  {
    route: "/auth/logout",
    handler: "action",
    request: { path: "/auth/logout", form: {} },
    expect: { ...everyone({ redirect: "/" }), anonymous: "auth" },
    endsSession: true,
  },
  // better-auth answers only the links a browser follows; its other endpoints are closed.
  {
    route: "/api/auth/*",
    handler: "loader",
    case: "the session endpoint",
    request: { path: "/api/auth/get-session" },
    expect: everyone(404),
  },
  {
    route: "/api/auth/*",
    handler: "loader",
    case: "a confirmation link with a forged token",
    request: { path: "/api/auth/verify-email?token=forged" },
    expect: everyone(401),
  },
  // Every link it answers is a GET: a POST (signing in around the lockout, changing an
  // account around our actions) is refused with 405, as on every route without an action.
  {
    route: "/api/role",
    handler: "loader",
    case: "no reading, only switching (a GET without a loader: 405, bad-input-matrix-rows.test-support.ts)",
    request: { path: "/api/role" },
    expect: everyone(405),
  },
  {
    route: "/api/role",
    handler: "action",
    case: "claiming the admin role",
    request: { path: "/api/role", form: { role: "admin" } },
    expect: { ...signedIn(403), admin: "allowed" },
  },
  {
    route: "/api/role",
    handler: "action",
    case: "claiming the advisor role",
    request: { path: "/api/role", form: { role: "advisor" } },
    expect: advisorsOnly("allowed"),
  },
  {
    route: "/dashboard",
    handler: "loader",
    request: { path: "/dashboard" },
    expect: signedIn(),
  },
  {
    route: "/dashboard",
    handler: "action",
    case: "moving someone's session to a time not offered",
    request: (f) => ({
      path: "/dashboard",
      form: { intent: "reschedule", bookingId: f.booking.id, start: "2030-01-01T03:17:00.000Z" },
    }),
    // Only its two parties and admins learn that the session exists.
    expect: { ...signedIn(404), seeker: 409, advisor: 409, admin: 409 },
    verify: async (f) => {
      const [row] = await f.db.select().from(bookings).where(eq(bookings.id, f.booking.id));
      expect(row?.status).toBe("confirmed");
    },
  },
  {
    route: "/dashboard",
    handler: "action",
    case: "reporting a no-show of someone's session before its window opens",
    request: (f) => ({
      path: "/dashboard",
      form: { intent: "no-show-report", bookingId: f.booking.id, note: "Nobody came." },
    }),
    // Its two parties learn the window is not open; nobody else (admins included) may report.
    expect: { ...signedIn(404), seeker: 409, advisor: 409 },
    verify: async (f) => {
      const rows = await f.db
        .select()
        .from(noShowReports)
        .where(eq(noShowReports.bookingId, f.booking.id));
      expect(rows).toEqual([]);
    },
  },
  {
    route: "/dashboard",
    handler: "action",
    case: "disputing a no-show report that does not exist",
    request: (f) => ({
      path: "/dashboard",
      form: { intent: "no-show-dispute", bookingId: f.booking.id, note: "I was there." },
    }),
    expect: signedIn(404),
  },
  {
    route: "/settings",
    handler: "loader",
    request: { path: "/settings" },
    expect: signedIn(),
  },
  {
    route: "/settings",
    handler: "action",
    case: "a profile with a phone that is no phone (each person only ever saves their own)",
    request: {
      path: "/settings?index",
      form: { firstName: "Mallory", lastName: "X", phone: "12345", timeZone: "Asia/Kolkata" },
    },
    expect: signedIn(400),
  },
  {
    route: "/settings/notifications",
    handler: "loader",
    request: { path: "/settings/notifications" },
    expect: signedIn(),
  },
  {
    route: "/settings/notifications",
    handler: "action",
    case: "a box no page shows",
    request: { path: "/settings/notifications", form: { shown: "reminders.fax" } },
    expect: signedIn(400),
  },
  // Issue 41: nobody in the matrix has a phone number, so no code goes anywhere.
  {
    route: "/settings/notifications",
    handler: "action",
    case: "sending a code without a phone number",
    request: { path: "/settings/notifications", form: { intent: "send-code" } },
    expect: signedIn(400),
  },
  {
    route: "/settings/notifications",
    handler: "action",
    case: "turning WhatsApp on without a verified number",
    request: {
      path: "/settings/notifications",
      form: { intent: "channel", channel: "whatsapp", on: "true" },
    },
    expect: signedIn(400),
  },
  {
    route: "/api/profile-photo",
    handler: "loader",
    request: { path: "/api/profile-photo" },
    expect: everyone(405),
  },
  {
    route: "/api/profile-photo",
    handler: "action",
    case: "a post without a file",
    request: { path: "/api/profile-photo", form: { intent: "replace" } },
    expect: signedIn(400),
  },
  {
    route: "/settings/privacy",
    handler: "loader",
    request: { path: "/settings/privacy" },
    expect: signedIn(),
  },
  {
    // Each person's own consent; there is no way to name another person's.
    route: "/settings/privacy",
    handler: "action",
    request: { path: "/settings/privacy", form: { intent: "marketing-on" } },
    expect: signedIn(),
  },
  {
    route: "/settings/account",
    handler: "loader",
    request: { path: "/settings/account" },
    expect: signedIn(),
  },
  {
    route: "/settings/account",
    handler: "action",
    case: "a new e-mail address that is not one",
    request: { path: "/settings/account", form: { intent: "change-email", newEmail: "nope" } },
    expect: signedIn(400),
  },
  {
    route: "/settings/account",
    handler: "action",
    case: "a password change with a wrong current password",
    request: {
      path: "/settings/account",
      form: {
        intent: "change-password",
        currentPassword: "not-the-password",
        newPassword: "another-password",
        confirmPassword: "another-password",
      },
    },
    expect: signedIn(400),
  },
  {
    route: "/settings/account",
    handler: "action",
    case: "a first password for an account that has one",
    request: {
      path: "/settings/account",
      form: {
        intent: "set-password",
        newPassword: "another-password",
        confirmPassword: "another-password",
      },
    },
    expect: signedIn(400),
  },
  {
    route: "/settings/account",
    handler: "action",
    case: "signing out another person's session by its id",
    request: (f) => ({
      path: "/settings/account",
      form: { intent: "revoke-session", sessionId: f.bystanderSessionId },
    }),
    expect: signedIn(404),
    verify: async (f) => {
      const rows = await f.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.id, f.bystanderSessionId));
      expect(rows).toHaveLength(1);
    },
  },
  {
    route: "/settings/account",
    handler: "action",
    case: "signing out one's other devices",
    request: { path: "/settings/account", form: { intent: "revoke-other-sessions" } },
    expect: signedIn(),
  },
  page("/account/undo-email-change", "/account/undo-email-change?token=not-a-real-token"),
  {
    route: "/account/undo-email-change",
    handler: "action",
    case: "a link nobody was sent",
    request: { path: "/account/undo-email-change", form: { token: "not-a-real-token" } },
    expect: everyone(400),
  },
  {
    route: "/settings/privacy",
    handler: "action",
    case: "a request for one's own data",
    request: { path: "/settings/privacy", form: { intent: "export" } },
    expect: signedIn(),
  },
  {
    route: "/settings/privacy",
    handler: "action",
    case: "deleting an account without the password, naming someone else",
    request: (f) => ({
      path: "/settings/privacy",
      form: { intent: "delete", userId: f.ids.otherSeeker!.userId },
    }),
    expect: signedIn(400),
    verify: async (f) => {
      const rows = await f.db.select({ deletedAt: users.deletedAt }).from(users);
      expect(rows.every((row) => row.deletedAt === null)).toBe(true);
    },
  },
  {
    route: "/settings/privacy/exports/:id",
    handler: "loader",
    case: "an export that is not theirs",
    request: (f) => ({ path: `/settings/privacy/exports/${f.missingId}` }),
    expect: signedIn(404),
  },
  // Security: two-factor sign-in and passkeys (ADR 92)
  {
    route: "/settings/security",
    handler: "loader",
    request: { path: "/settings/security" },
    expect: signedIn(),
  },
  {
    route: "/settings/security",
    handler: "action",
    case: "turning on an authenticator app with a wrong password",
    request: { path: "/settings/security", form: { intent: "totp-start", password: "not-it" } },
    expect: signedIn(400),
    verify: async (f, as) => {
      if (as === "anonymous" || as === "admin") return;
      expect(await secondFactorRows(f, as)).toBe(0);
    },
  },
  {
    route: "/settings/security",
    handler: "action",
    case: "removing a passkey that is not theirs",
    request: (f) => ({
      path: "/settings/security",
      form: { intent: "passkey-delete", id: f.missingId },
    }),
    expect: signedIn(400),
  },
  {
    route: "/settings/security",
    handler: "action",
    case: "renaming a passkey that is not theirs",
    request: (f) => ({
      path: "/settings/security",
      form: { intent: "passkey-rename", id: f.missingId, name: "Mine now" },
    }),
    expect: signedIn(400),
  },
  {
    route: "/auth/two-factor",
    handler: "loader",
    case: "without a password step first",
    request: { path: "/auth/two-factor" },
    // The page says the sign-in timed out and links to sign in again.
    expect: { ...everyone({ redirect: "/dashboard" }), anonymous: "allowed" },
  },
  {
    route: "/auth/two-factor",
    handler: "action",
    case: "a code without a pending sign-in",
    request: { path: "/auth/two-factor", form: { method: "totp", code: "123456" } },
    // Signed-in people are sent on by the page's loader, as when they open it.
    expect: { ...everyone({ redirect: "/dashboard" }), anonymous: 400 },
  },
  {
    route: "/api/passkey/sign-in",
    handler: "loader",
    request: { path: "/api/passkey/sign-in" },
    expect: everyone("allowed"),
  },
  {
    route: "/api/passkey/sign-in",
    handler: "action",
    case: "a forged authenticator answer",
    request: { path: "/api/passkey/sign-in", json: { response: FORGED_ASSERTION } },
    expect: everyone(400),
  },
  {
    route: "/api/passkey/register",
    handler: "loader",
    request: { path: "/api/passkey/register?name=Laptop" },
    expect: { ...everyone("allowed"), anonymous: 401 },
  },
  {
    route: "/api/passkey/register",
    handler: "action",
    case: "a forged authenticator answer",
    request: {
      path: "/api/passkey/register",
      json: { name: "Laptop", response: FORGED_ASSERTION },
    },
    expect: { ...everyone(400), anonymous: 401 },
  },
  // Local runs only, to loopback peers (security.test.ts covers other machines).
  page("/dev/outbox"),
  page("/dev/messages"),
  {
    route: "/dev/messages",
    handler: "action",
    case: "a delivery report for no SMS of the local outbox",
    request: (f) => ({
      path: "/dev/messages",
      form: { messageId: f.missingId, report: "delivered" },
    }),
    expect: everyone(404),
  },

  // Availability
  {
    route: "/dashboard/availability",
    handler: "loader",
    request: { path: "/dashboard/availability" },
    expect: advisorsOnly(),
  },
  {
    route: "/dashboard/availability",
    handler: "action",
    case: "a save naming another advisor's id",
    request: (f) => ({
      path: "/dashboard/availability",
      form: { availability: WEEK, advisorId: f.bystanderAdvisorId },
    }),
    expect: advisorsOnly(),
    verify: async (f) => {
      // Only the poster's own week may change; the advisor named in the form keeps none.
      expect(await getSchedule(f.db, f.bystanderAdvisorId)).toBeNull();
    },
  },
  {
    route: "/dashboard/availability",
    handler: "action",
    case: "a malformed week",
    request: { path: "/dashboard/availability", form: { availability: "{" } },
    expect: advisorsOnly(400),
  },

  // An advisor's own Google Calendar: without a Google client (as here) there is none to see.
  {
    route: "/dashboard/availability/google-calendar",
    handler: "loader",
    request: { path: "/dashboard/availability/google-calendar?result=connected" },
    expect: advisorsOnly(404),
  },
  {
    route: "/dashboard/availability/google-calendar",
    handler: "action",
    request: {
      path: "/dashboard/availability/google-calendar",
      form: { intent: "disconnect" },
    },
    expect: advisorsOnly(404),
  },
  {
    route: "/api/calendar/google/notifications",
    handler: "action",
    case: "a notification naming no channel of ours",
    request: { path: "/api/calendar/google/notifications" },
    // Trusted through a channel's secret token only, never through a session.
    expect: everyone(404),
  },

  // Earnings: each advisor's own, from the session; a month in the URL picks no one's data.
  ...[
    "/dashboard/earnings",
    "/dashboard/earnings/statement",
    "/dashboard/earnings/statement.csv",
  ].map((route): MatrixRow => ({
    route,
    handler: "loader",
    request: { path: `${route}?month=2026-11` },
    expect: advisorsOnly(),
  })),

  // Booking and payment: a booking is seen by its two parties and admins, nobody else
  page("/free-discovery-call"),
  {
    route: "/free-discovery-call",
    handler: "action",
    case: "the plain Book with no advice text",
    request: {
      path: "/free-discovery-call?step=2",
      form: { adviceSought: " ", tz: "Asia/Kolkata", time: "2030-01-01T04:30:00.000Z" },
    },
    // Visitors sign in first and come back to the step (ADR 85), as the scripts' path does.
    expect: signedIn(400),
  },
  ...(["/booking-confirmed", "/booking-confirmed/receipt"] as const).map((route): MatrixRow => ({
    route,
    handler: "loader",
    case: "someone's booking",
    request: (f) => ({ path: `${route}?payment_id=${f.booking.paymentId}` }),
    expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed", admin: "allowed" },
  })),
  {
    route: "/booking-confirmed",
    handler: "loader",
    case: "no payment id",
    request: { path: "/booking-confirmed" },
    expect: everyone({ redirect: "/dashboard" }),
  },
  // The session's .ics download: its two parties and admins; the malformed and missing ids
  // are not found for everyone signed in.
  {
    route: "/sessions/:id/calendar.ics",
    handler: "loader",
    case: "someone's session",
    request: (f) => ({ path: `/sessions/${f.booking.id}/calendar.ics` }),
    expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed", admin: "allowed" },
  },
  {
    route: "/sessions/:id/calendar.ics",
    handler: "loader",
    case: "a session nobody has",
    request: (f) => ({ path: `/sessions/${f.missingId}/calendar.ics` }),
    expect: signedIn(404),
  },
  {
    route: "/sessions/:id/calendar.ics",
    handler: "loader",
    case: "a malformed id",
    request: { path: "/sessions/not-a-uuid/calendar.ics" },
    expect: signedIn(404),
  },
  // JSON endpoints answer POST only (405 to a GET, server/http/method-guard.server.ts).
  ...[
    "/api/bookings",
    "/api/discovery-calls",
    "/api/payments/verify",
    "/api/payments/release",
    "/api/test-checkout",
    "/api/calendar/google/notifications",
    "/api/webhooks/razorpay",
  ].map((route): MatrixRow => ({
    route,
    handler: "loader",
    request: { path: route },
    expect: everyone(405),
  })),
  {
    route: "/api/bookings",
    handler: "action",
    case: "booking a pending advisor",
    request: (f) => ({
      path: "/api/bookings",
      json: {
        advisorId: f.pendingAdvisorId,
        topics: ["Career change"],
        sessionType: "First Call",
        duration: 30,
        datetime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        seekerTimezone: "Asia/Kolkata",
        amount: 1,
      },
    }),
    expect: { ...everyone(404), anonymous: 401 },
  },
  {
    route: "/api/discovery-calls",
    handler: "action",
    case: "no advice text",
    request: { path: "/api/discovery-calls", json: { adviceSought: " " } },
    expect: { ...everyone(400), anonymous: 401 },
  },
  {
    route: "/api/payments/verify",
    handler: "action",
    case: "the seeker's order with a forged signature",
    request: (f) => ({
      path: "/api/payments/verify",
      json: {
        razorpay_order_id: f.booking.orderId,
        razorpay_payment_id: "pay_forged",
        razorpay_signature: "0".repeat(64),
      },
    }),
    // Only the seeker's own order is found at all; its forged signature is refused.
    expect: { ...everyone(404), anonymous: 401, seeker: 400 },
  },
  {
    route: "/api/payments/release",
    handler: "action",
    case: "releasing someone's confirmed booking",
    request: (f) => ({
      path: "/api/payments/release",
      json: { paymentId: f.booking.paymentId, reason: "dismissed" },
    }),
    // Its seeker may close a checkout, which releases only a hold, never a confirmed session.
    expect: { ...everyone(404), anonymous: 401, seeker: "allowed" },
    verify: async (f) => {
      const [row] = await f.db.select().from(bookings).where(eq(bookings.id, f.booking.id));
      expect(row?.status).toBe("confirmed");
    },
  },
  {
    route: "/api/test-checkout",
    handler: "action",
    case: "signing someone's order",
    request: (f) => ({ path: "/api/test-checkout", json: { orderId: f.booking.orderId } }),
    // The order is paid already: nobody, its seeker included, gets a signature for it.
    expect: { ...everyone(404), anonymous: 401 },
  },
  {
    route: "/api/webhooks/razorpay",
    handler: "action",
    case: "an unsigned event",
    request: { path: "/api/webhooks/razorpay", json: { event: "payment.captured" } },
    // Trusted through its signature only, never through a session.
    expect: everyone(400),
  },
  // WhatsApp's webhook: not configured in the matrix's app, so there is none for anyone.
  {
    route: "/api/webhooks/whatsapp",
    handler: "loader",
    case: "the subscription handshake",
    request: {
      path: "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1",
    },
    expect: everyone(404),
  },
  {
    route: "/api/webhooks/whatsapp",
    handler: "action",
    case: "an unsigned status",
    request: { path: "/api/webhooks/whatsapp", json: { object: "whatsapp_business_account" } },
    expect: everyone(404),
  },
  // MSG91's SMS delivery reports (issue 41): trusted by the secret token in the URL only.
  {
    route: "/api/webhooks/msg91",
    handler: "loader",
    request: { path: "/api/webhooks/msg91" },
    expect: everyone(405),
  },
  {
    route: "/api/webhooks/msg91",
    handler: "action",
    case: "a delivery report with a wrong token",
    request: {
      path: "/api/webhooks/msg91?token=a-guess-that-is-not-the-token-at-all",
      json: { requestId: "3763646c1", status: "1", desc: "DELIVERED" },
    },
    expect: everyone(401),
  },
  {
    route: "/api/webhooks/msg91",
    handler: "action",
    case: "a delivery report with our token for no SMS of ours",
    request: (f) => ({
      path: `/api/webhooks/msg91?token=${f.smsWebhookToken}`,
      json: { requestId: "3763646c1", status: "1", desc: "DELIVERED" },
    }),
    expect: everyone("allowed"),
  },

  // Becoming an advisor and keeping the profile
  page("/become-advisor"),
  page("/join-as-advisor"),
  {
    route: "/become-advisor/apply",
    handler: "loader",
    request: { path: "/become-advisor/apply" },
    expect: signedIn(),
  },
  {
    route: "/become-advisor/apply",
    handler: "action",
    case: "submitting a second application",
    request: { path: "/become-advisor/apply", json: { intent: "submit" } },
    expect: { ...signedIn(400), advisor: 403, otherAdvisor: 403, pendingAdvisor: 403, admin: 400 },
  },
  {
    route: "/advisor/:id/edit",
    handler: "loader",
    case: "another advisor's id opens only one's own profile",
    request: (f) => ({ path: `/advisor/${f.bystanderAdvisorId}/edit` }),
    expect: signedIn(),
  },
  {
    route: "/advisor/:id/edit",
    handler: "action",
    case: "an empty save naming another advisor",
    request: (f) => ({ path: `/advisor/${f.bystanderAdvisorId}/edit`, json: { values: {} } }),
    expect: { ...signedIn(404), advisor: 400, otherAdvisor: 400, pendingAdvisor: 400 },
  },
  {
    route: "/api/advisor/headshot",
    handler: "loader",
    request: { path: "/api/advisor/headshot" },
    expect: everyone(405),
  },
  {
    route: "/api/advisor/headshot",
    handler: "action",
    case: "a post without a file",
    request: (f) => ({ path: "/api/advisor/headshot", form: { advisorId: f.bystanderAdvisorId } }),
    expect: signedIn(400),
  },
  {
    route: "/api/advisor/bank-details",
    handler: "loader",
    request: { path: "/api/advisor/bank-details" },
    expect: advisorsOnly(),
  },
  {
    route: "/api/advisor/bank-details",
    handler: "action",
    case: "a form missing its fields",
    request: { path: "/api/advisor/bank-details", json: { bankName: "HDFC" } },
    expect: advisorsOnly(400),
  },

  // Admin screens: everyone but an admin gets not found (visitors are sent to sign in)
  ...[
    "/admin/users",
    "/admin/advisors",
    "/admin/advisors/new",
    "/admin/audit",
    "/admin/payouts",
    "/admin/messages",
    "/admin/no-shows",
    "/advisor-debug",
  ].map((route): MatrixRow => ({
    route,
    handler: "loader",
    request: { path: route },
    expect: adminsOnly(),
  })),
  // The admin lists paged by keys: a cursor that is no cursor answers the first page.
  ...["/admin/users", "/admin/advisors", "/admin/audit", "/advisor-debug"].map(
    (route): MatrixRow => ({
      route,
      handler: "loader",
      case: "a malformed page cursor",
      request: { path: `${route}?section=approved&after=%25%27%20or%201%3D1&before=bm8` },
      expect: adminsOnly(),
    }),
  ),
  {
    route: "/admin/advisors/:id/profile",
    handler: "loader",
    request: (f) => ({ path: `/admin/advisors/${f.bystanderAdvisorId}/profile` }),
    expect: adminsOnly(),
  },
  {
    route: "/admin/advisors/:id/changes",
    handler: "loader",
    case: "an advisor with no changes waiting",
    request: (f) => ({ path: `/admin/advisors/${f.bystanderAdvisorId}/changes` }),
    expect: adminsOnly(404),
  },
  {
    route: "/admin/advisors/:id/changes",
    handler: "action",
    case: "approving changes that are not waiting",
    request: (f) => ({
      path: `/admin/advisors/${f.bystanderAdvisorId}/changes`,
      form: { intent: "approve", revision: "1" },
    }),
    expect: adminsOnly(409),
  },
  {
    route: "/admin/users/:id/delete",
    handler: "loader",
    request: (f) => ({ path: `/admin/users/${f.ids.otherSeeker!.userId}/delete` }),
    expect: adminsOnly(),
  },
  {
    route: "/admin/users/:id/delete",
    handler: "action",
    case: "deleting without the confirmation word",
    request: (f) => ({
      path: `/admin/users/${f.ids.otherSeeker!.userId}/delete`,
      form: { confirmation: "yes" },
    }),
    expect: adminsOnly(400),
    verify: async (f) => {
      const [row] = await f.db
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, f.ids.otherSeeker!.userId));
      expect(row?.deletedAt).toBeNull();
    },
  },
  {
    route: "/admin/users",
    handler: "action",
    case: "revoking the admin's own role",
    request: (f) => ({
      path: "/admin/users",
      form: { intent: "revoke", userId: f.ids.admin!.userId },
    }),
    expect: adminsOnly(409),
    verify: async (f) => {
      const [admin] = await f.db.select().from(users).where(eq(users.id, f.ids.admin!.userId));
      expect(admin?.admin).toBe("Y");
    },
  },
  {
    route: "/admin/advisors",
    handler: "action",
    case: "inviting an advisor who is already active",
    request: (f) => ({
      path: "/admin/advisors",
      form: { intent: "resend-invitation", advisorId: f.bystanderAdvisorId },
    }),
    expect: adminsOnly(409),
    verify: async (f) => {
      const [row] = await f.db.select().from(advisors).where(eq(advisors.id, f.bystanderAdvisorId));
      expect(row?.profileStatus).toBe("approved");
    },
  },
  {
    route: "/admin/payouts",
    handler: "action",
    case: "retrying a transfer that does not exist",
    request: {
      path: "/admin/payouts",
      form: { intent: "retry", transferId: "00000000-0000-4000-8000-000000000000" },
    },
    expect: adminsOnly(404),
  },
  {
    route: "/admin/messages",
    handler: "action",
    case: "retrying a message that does not exist",
    request: {
      path: "/admin/messages",
      form: { intent: "retry", messageId: "00000000-0000-4000-8000-000000000000" },
    },
    expect: adminsOnly(404),
  },
  {
    route: "/admin/no-shows",
    handler: "action",
    case: "deciding a no-show report that does not exist",
    request: (f) => ({
      path: "/admin/no-shows",
      form: { intent: "decide", reportId: f.missingId, outcome: "advisor_absent" },
    }),
    expect: adminsOnly(404),
  },
  {
    route: "/admin/no-shows",
    handler: "action",
    case: "restoring an advisor who is not hidden",
    request: (f) => ({
      path: "/admin/no-shows",
      form: { intent: "restore", advisorId: f.approvedAdvisorId },
    }),
    expect: adminsOnly(409),
    verify: async (f) => {
      const [row] = await f.db
        .select({ hidden: advisors.hiddenForNoShowsAt })
        .from(advisors)
        .where(eq(advisors.id, f.approvedAdvisorId));
      expect(row?.hidden).toBeNull();
    },
  },
  {
    route: "/admin/advisors/new",
    handler: "action",
    case: "an empty form",
    request: { path: "/admin/advisors/new", form: {} },
    expect: adminsOnly(400),
  },
  {
    route: "/admin/advisors/:id/profile",
    handler: "action",
    case: "an empty save",
    request: (f) => ({
      path: `/admin/advisors/${f.bystanderAdvisorId}/profile`,
      json: { values: {} },
    }),
    expect: adminsOnly(400),
  },

  // Packages (issue 40): the buy page is public; a bought package is its seeker's, its
  // advisor's and an admin's; ending it is the seeker's (cancel) or the advisor's (withdraw).
  {
    route: "/advisor/:id/packages/:packageId/buy",
    handler: "loader",
    request: (f) => ({
      path: `/advisor/${f.approvedAdvisorId}/packages/${f.packages.offerId}/buy`,
    }),
    expect: everyone("allowed"),
  },
  {
    route: "/advisor/:id/packages/:packageId/buy",
    handler: "loader",
    case: "a package of another advisor's",
    request: (f) => ({
      path: `/advisor/${f.bystanderAdvisorId}/packages/${f.packages.offerId}/buy`,
    }),
    expect: everyone(404),
  },
  {
    route: "/api/advisors/:id/packages/:packageId/orders",
    handler: "loader",
    request: (f) => ({
      path: `/api/advisors/${f.approvedAdvisorId}/packages/${f.packages.offerId}/orders`,
    }),
    expect: everyone(405),
  },
  {
    route: "/api/advisors/:id/packages/:packageId/orders",
    handler: "action",
    request: (f) => ({
      path: `/api/advisors/${f.approvedAdvisorId}/packages/${f.packages.offerId}/orders`,
      json: {},
    }),
    // The advisor cannot buy their own package.
    expect: { ...signedIn("allowed"), anonymous: 401, advisor: 400 },
  },
  {
    route: "/packages",
    handler: "loader",
    request: { path: "/packages" },
    expect: signedIn(),
  },
  ...(["/packages/:purchaseId", "/packages/:purchaseId/receipt"] as const).map(
    (route): MatrixRow => ({
      route,
      handler: "loader",
      request: (f) => ({ path: route.replace(":purchaseId", f.packages.purchaseId) }),
      expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed", admin: "allowed" },
    }),
  ),
  {
    route: "/packages/:purchaseId",
    handler: "action",
    case: "the seeker cancels (the advisor and an admin may only withdraw)",
    request: (f) => ({ path: `/packages/${f.packages.purchaseId}`, form: { intent: "cancel" } }),
    expect: {
      ...signedIn(404),
      seeker: { redirect: `/packages/${MATRIX_PURCHASE_ID}` },
      advisor: 403,
      admin: 403,
    },
  },

  // Paid questions (issue 40): the ask page is public; a question is its seeker's and its
  // advisor's only, admins included (it is a message of their conversation); the advisor marks
  // it answered, the seeker rates it.
  {
    route: "/advisor/:id/ask",
    handler: "loader",
    request: (f) => ({ path: `/advisor/${f.approvedAdvisorId}/ask` }),
    expect: everyone("allowed"),
  },
  {
    route: "/advisor/:id/ask",
    handler: "loader",
    case: "an advisor who takes no paid questions",
    request: (f) => ({ path: `/advisor/${f.bystanderAdvisorId}/ask` }),
    expect: everyone(404),
  },
  {
    route: "/api/advisors/:id/questions",
    handler: "loader",
    request: (f) => ({ path: `/api/advisors/${f.approvedAdvisorId}/questions` }),
    expect: everyone(405),
  },
  { route: "/questions", handler: "loader", request: { path: "/questions" }, expect: signedIn() },
  ...(["/questions/:questionId", "/questions/:questionId/receipt"] as const).map(
    (route): MatrixRow => ({
      route,
      handler: "loader",
      request: (f) => ({ path: route.replace(":questionId", f.questionId) }),
      expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed" },
    }),
  ),
  {
    route: "/questions/:questionId",
    handler: "action",
    case: "marking it answered (its advisor must reply first; the seeker may not)",
    request: (f) => ({ path: `/questions/${f.questionId}`, form: { intent: "answered" } }),
    expect: { ...signedIn(404), seeker: 403, advisor: 409 },
    verify: async (f) => {
      const [row] = await f.db
        .select({ status: paidQuestions.status })
        .from(paidQuestions)
        .where(eq(paidQuestions.id, MATRIX_QUESTION_ID));
      expect(row?.status).toBe("open");
    },
  },
  {
    route: "/questions/:questionId",
    handler: "action",
    case: "rating it (the seeker's, once it is answered; never the advisor's)",
    request: (f) => ({
      path: `/questions/${f.questionId}`,
      form: {
        intent: "rate",
        ratingHelpfulness: "5",
        ratingActionability: "5",
        recommendAdvisor: "yes",
        writtenFeedback: "",
      },
    }),
    expect: { ...signedIn(404), seeker: 409, advisor: 403 },
    verify: async (f) => {
      const [row] = await f.db
        .select({ ratedAt: paidQuestions.ratedAt })
        .from(paidQuestions)
        .where(eq(paidQuestions.id, MATRIX_QUESTION_ID));
      expect(row?.ratedAt).toBeNull();
    },
  },

  // Conversations (issue 39): only the two parties, admins included, read or write one.
  { route: "/messages", handler: "loader", request: { path: "/messages" }, expect: signedIn() },
  {
    route: "/messages/open",
    handler: "loader",
    request: { path: "/messages/open" },
    expect: everyone(405),
  },
  {
    route: "/messages/open",
    handler: "action",
    case: "an advisor opens one with a seeker of theirs",
    request: (f) => ({ path: "/messages/open", form: { seekerId: f.ids.seeker!.userId } }),
    expect: { ...signedIn(404), advisor: { redirect: `/messages/${MATRIX_CONVERSATION_ID}` } },
    verify: async (f) => expect(await conversationCount(f)).toBe(2),
  },
  {
    route: "/messages/open",
    handler: "action",
    case: "a seeker opens one with their advisor; nobody with a pending one",
    request: (f, as) => ({
      path: "/messages/open",
      form: { advisorId: as === "seeker" ? f.approvedAdvisorId : f.pendingAdvisorId },
    }),
    expect: { ...signedIn(404), seeker: { redirect: `/messages/${MATRIX_CONVERSATION_ID}` } },
    verify: async (f) => expect(await conversationCount(f)).toBe(2),
  },
  {
    route: "/messages/:conversationId",
    handler: "loader",
    case: "the seeker's conversation with the advisor",
    request: { path: `/messages/${MATRIX_CONVERSATION_ID}` },
    expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed" },
  },
  {
    route: "/messages/:conversationId",
    handler: "loader",
    case: "a conversation nobody has, and a malformed id",
    request: (f, as) => ({ path: `/messages/${as === "seeker" ? "not-a-uuid" : f.missingId}` }),
    expect: signedIn(404),
  },
  {
    route: "/messages/:conversationId",
    handler: "action",
    case: "sending in the seeker's conversation",
    request: { path: `/messages/${MATRIX_CONVERSATION_ID}`, form: { intent: "send", body: "Hi" } },
    expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed" },
    verify: async (f, as) => {
      if (as === "seeker" || as === "advisor" || as === "anonymous") return;
      const id = f.ids[as]!.userId;
      // (The other seeker's own message in their reported conversation is the fixture's.)
      const sent = await f.db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, id), eq(messages.body, "Hi")));
      expect(sent).toEqual([]);
    },
  },
  {
    route: "/messages/:conversationId",
    handler: "action",
    case: "blocking someone's conversation (each party then unblocks)",
    request: { path: `/messages/${MATRIX_CONVERSATION_ID}`, form: { intent: "block" } },
    expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed" },
    verify: async (f, as) => {
      const [c] = await f.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, MATRIX_CONVERSATION_ID));
      const blocked = {
        seeker: Boolean(c!.seekerBlockedAt),
        advisor: Boolean(c!.advisorBlockedAt),
      };
      expect(blocked).toEqual({
        seeker: as === "seeker",
        advisor: as === "advisor",
      });
      await f.db
        .update(conversations)
        .set({ seekerBlockedAt: null, advisorBlockedAt: null })
        .where(eq(conversations.id, MATRIX_CONVERSATION_ID));
    },
  },
  {
    route: "/messages/stream",
    handler: "loader",
    case: "a conversation's events (sent at once and ended)",
    request: { path: `/messages/stream?conversation=${MATRIX_CONVERSATION_ID}&after=0&once=1` },
    expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed" },
  },
  {
    route: "/messages/stream",
    handler: "loader",
    case: "the person's own inbox events",
    request: { path: "/messages/stream?once=1" },
    expect: signedIn(),
  },
  // Conversations' files and reports (issue 39, part B).
  {
    route: "/api/messages/attachments",
    handler: "loader",
    request: { path: "/api/messages/attachments" },
    expect: everyone(405),
  },
  {
    route: "/api/messages/attachments",
    handler: "action",
    case: "a post without a file",
    request: { path: "/api/messages/attachments", form: { note: "x" } },
    expect: signedIn(400),
  },
  {
    route: "/messages/attachments/:attachmentId",
    handler: "loader",
    case: "a file in the seeker's conversation with the advisor, never reported",
    request: (f) => ({ path: `/messages/attachments/${f.conversations.mine.attachmentId}` }),
    expect: { ...signedIn(404), seeker: "allowed", advisor: "allowed" },
  },
  {
    route: "/messages/attachments/:attachmentId",
    handler: "loader",
    case: "a file in a reported conversation: its parties and an admin",
    request: (f) => ({ path: `/messages/attachments/${f.conversations.reported.attachmentId}` }),
    expect: { ...signedIn(404), otherSeeker: "allowed", otherAdvisor: "allowed", admin: "allowed" },
  },
  {
    route: "/messages/attachments/:attachmentId",
    handler: "loader",
    case: "a file that does not exist",
    request: (f) => ({ path: `/messages/attachments/${f.missingId}` }),
    expect: signedIn(404),
  },
  {
    route: "/messages/:conversationId/report",
    handler: "loader",
    request: (f) => ({ path: `/messages/${f.conversations.reported.id}/report` }),
    expect: everyone(405),
  },
  {
    // The other seeker reported it already (409); the other advisor may too; anyone else is
    // told it does not exist, and nothing is written for them.
    route: "/messages/:conversationId/report",
    handler: "action",
    case: "reporting the other seeker's conversation",
    request: (f) => ({
      path: `/messages/${f.conversations.reported.id}/report`,
      form: { reason: "Rude messages" },
    }),
    expect: { ...signedIn(404), otherSeeker: 409, otherAdvisor: "allowed" },
    verify: async (f, as) => {
      const reporters = (
        await f.db
          .select({ by: conversationReports.reporterId })
          .from(conversationReports)
          .where(eq(conversationReports.conversationId, f.conversations.reported.id))
      ).map((r) => r.by);
      if (as !== "otherAdvisor" && as !== "anonymous" && as !== "otherSeeker") {
        expect(reporters).not.toContain(f.ids[as]!.userId);
      }
    },
  },
  {
    route: "/admin/reports",
    handler: "loader",
    request: { path: "/admin/reports" },
    expect: adminsOnly(),
  },
  {
    route: "/admin/reports",
    handler: "loader",
    case: "closed reports, a malformed page cursor",
    request: { path: "/admin/reports?status=closed&after=%25%27%20or%201%3D1&before=bm8" },
    expect: adminsOnly(),
  },
  {
    route: "/admin/reports",
    handler: "action",
    case: "closing a report that does not exist",
    request: (f) => ({
      path: "/admin/reports",
      form: { intent: "close", reportId: f.missingId, outcome: "dismissed" },
    }),
    expect: adminsOnly(404),
  },
  {
    route: "/admin/reports",
    handler: "action",
    case: "unblocking someone who is not blocked",
    request: (f) => ({
      path: "/admin/reports",
      form: { intent: "unblock", userId: f.ids.seeker!.userId },
    }),
    expect: adminsOnly(404),
  },

  // The packages an advisor sells (issue 40): the advisor's own page, the admin's list.
  {
    route: "/dashboard/packages",
    handler: "loader",
    request: { path: "/dashboard/packages?edit=not-an-id" },
    expect: advisorsOnly(),
  },
  {
    route: "/dashboard/packages",
    handler: "action",
    case: "an edit of another advisor's package",
    request: (f) => ({
      path: "/dashboard/packages",
      form: {
        intent: "save",
        packageId: f.bystanderPackageId,
        name: "Taken over",
        description: "",
        sessions: "2",
        duration: "30",
        validityDays: "60",
        priceInr: "100",
      },
    }),
    // Someone else's package is not found; a pending advisor may sell none at all.
    expect: { ...advisorsOnly(404), pendingAdvisor: 403 },
    verify: async (f) => {
      const [row] = await f.db
        .select({ name: advisorPackages.name })
        .from(advisorPackages)
        .where(eq(advisorPackages.id, f.bystanderPackageId));
      expect(row?.name).toBe("Bystander's package");
    },
  },
  {
    route: "/dashboard/packages",
    handler: "action",
    case: "withdrawing another advisor's package",
    request: (f) => ({
      path: "/dashboard/packages",
      form: { intent: "withdraw", packageId: f.bystanderPackageId },
    }),
    expect: { ...advisorsOnly(404), pendingAdvisor: 403 },
    verify: async (f) => {
      const [row] = await f.db
        .select({ status: advisorPackages.status })
        .from(advisorPackages)
        .where(eq(advisorPackages.id, f.bystanderPackageId));
      expect(row?.status).toBe("active");
    },
  },
  // An advisor's paid-question offer (issue 40): their own, from the session.
  {
    route: "/dashboard/questions",
    handler: "loader",
    request: { path: "/dashboard/questions" },
    expect: advisorsOnly(),
  },
  {
    route: "/dashboard/questions",
    handler: "action",
    case: "saving an offer (an approved advisor's own; a pending one may offer none)",
    request: {
      path: "/dashboard/questions",
      form: { intent: "save", priceInr: "500", answerDays: "3" },
    },
    expect: {
      ...advisorsOnly({ redirect: "/dashboard/questions" }),
      pendingAdvisor: 403,
    },
    verify: async (f) => {
      const rows = await f.db
        .select({ id: advisors.id, price: advisors.questionPriceInr })
        .from(advisors)
        .where(eq(advisors.id, f.bystanderAdvisorId));
      expect(rows[0]?.price).toBeNull();
      const [pending] = await f.db
        .select({ price: advisors.questionPriceInr })
        .from(advisors)
        .where(eq(advisors.id, f.pendingAdvisorId));
      expect(pending?.price).toBeNull();
    },
  },
  {
    route: "/admin/packages",
    handler: "loader",
    request: { path: "/admin/packages?show=hidden&after=%25%27%20or%201%3D1&before=bm8" },
    expect: adminsOnly(),
  },
  {
    route: "/admin/packages",
    handler: "action",
    case: "hiding a package that does not exist",
    request: (f) => ({ path: "/admin/packages", form: { intent: "hide", packageId: f.missingId } }),
    expect: adminsOnly(404),
  },
  {
    route: "/admin/packages",
    handler: "action",
    case: "showing a package that is not hidden",
    request: (f) => ({
      path: "/admin/packages",
      form: { intent: "show", packageId: f.bystanderPackageId },
    }),
    expect: adminsOnly(409),
    verify: async (f) => {
      const [row] = await f.db
        .select({ hiddenAt: advisorPackages.hiddenAt })
        .from(advisorPackages)
        .where(eq(advisorPackages.id, f.bystanderPackageId));
      expect(row?.hiddenAt).toBeNull();
    },
  },
  // Ordering a paid question opens the pair's conversation: after the conversations' rows,
  // which count them.
  {
    route: "/api/advisors/:id/questions",
    handler: "action",
    request: (f) => ({
      path: `/api/advisors/${f.approvedAdvisorId}/questions`,
      json: { body: "How do I move my PF when I change jobs?", attachments: "[]" },
    }),
    // The advisor cannot ask themself.
    expect: { ...signedIn("allowed"), anonymous: 401, advisor: 400 },
  },
  {
    route: "/api/advisors/:id/questions",
    handler: "action",
    case: "an advisor who takes no paid questions",
    request: (f) => ({
      path: `/api/advisors/${f.bystanderAdvisorId}/questions`,
      json: { body: "How do I move my PF when I change jobs?", attachments: "[]" },
    }),
    expect: { ...signedIn(404), anonymous: 401 },
  },
];

/** Conversations in the fixture's database: its two, unless a request opened another. */
async function conversationCount(f: Fixture) {
  return (await f.db.select({ id: conversations.id }).from(conversations)).length;
}
