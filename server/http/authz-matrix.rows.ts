import { expect } from "vitest";
import type { Db } from "../db/client.server";
import { getSchedule } from "../scheduling/schedule.server";

/*
 * The authorization matrix: who may do what, for every route module's loader and action in
 * app/routes.ts. `authz-matrix.test.ts` sends each row's request as each persona over HTTP to
 * the production build and checks the answer; a route or handler without a row fails it.
 * To add a route: append rows below (see docs/ARCHITECTURE.md, "The authorization matrix").
 */

export const PERSONAS = [
  "anonymous",
  "seeker",
  "otherSeeker",
  "advisor",
  "otherAdvisor",
  "pendingAdvisor",
  "admin",
] as const;
export type Persona = (typeof PERSONAS)[number];

/**
 * What a persona gets: "allowed" (2xx), "auth" (redirect to /auth?redirect=…), a status code
 * (403 not yours to do, 404 not found or not yours to see, 400 refused input, 401 a forged
 * credential, 405 no such method), or a redirect to a given place.
 */
export type Expected = "allowed" | "auth" | 400 | 401 | 403 | 404 | 405 | { redirect: string };

/** The people and ids every row can use; each persona is a fresh account of its own. */
export type Fixture = {
  db: Db;
  /** The signed-in person's ids (null for anonymous). */
  ids: Record<Persona, { userId: string; advisorId: string | null } | null>;
  /** An approved advisor's id (the `advisor` persona's) and a pending one's. */
  approvedAdvisorId: string;
  pendingAdvisorId: string;
  /** An approved advisor who never signs in: someone else's resources for every persona. */
  bystanderAdvisorId: string;
  /** An id nobody has. */
  missingId: string;
};

export type MatrixRequest = {
  /** Path and query sent; the method follows the handler (GET loader, POST action). */
  path: string;
  /** Form fields of an action's POST (sent as application/x-www-form-urlencoded). */
  form?: Record<string, string>;
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

/** Admins only; other signed-in people get 403. */
export const adminsOnly = (expected: Expected = "allowed") => ({
  ...signedIn(403),
  admin: expected,
});

const page = (route: string, path = route): MatrixRow => ({
  route,
  handler: "loader",
  request: { path },
  expect: everyone("allowed"),
});

const WEEK = JSON.stringify({
  timeZone: "Asia/Kolkata",
  windows: { 1: [{ start: "09:00", end: "12:00" }] },
});

export const MATRIX: MatrixRow[] = [
  // Public pages and feeds
  page("/"),
  page("/advisors", "/advisors?q=product"),
  page("/api/advisors", "/api/advisors?q=product"),
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
  {
    route: "/api/auth/*",
    handler: "action",
    case: "changing someone's account around our actions",
    request: (f) => ({
      path: "/api/auth/update-user",
      form: { name: "Taken Over", userId: f.ids.otherSeeker!.userId },
    }),
    expect: everyone(404),
  },
  {
    route: "/api/auth/*",
    handler: "action",
    case: "signing in around the lockout",
    request: { path: "/api/auth/sign-in/email", form: { email: "a@example.com", password: "x" } },
    expect: everyone(404),
  },
  {
    route: "/api/role",
    handler: "loader",
    case: "no reading, only switching (React Router refuses a GET without a loader)",
    request: { path: "/api/role" },
    expect: everyone(400),
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
    route: "/settings",
    handler: "loader",
    request: { path: "/settings" },
    expect: signedIn(),
  },
  // Local runs only, to loopback peers (security.test.ts covers other machines).
  page("/dev/outbox"),

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
];
