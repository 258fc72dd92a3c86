import type { AdvisorStatus } from "../../core/admin/advisor-status";
import { and, eq, lt, ne } from "drizzle-orm";
import { redirect } from "react-router";
import { currentRole, type Role, rolesOf } from "../../core/roles";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import type { Auth } from "./auth.server";

/** The signed-in person as every page sees them, or null for a visitor. */
export type Viewer = {
  userId: string;
  authUserId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Their chosen zone (settings), or null: the browser's. */
  timeZone: string | null;
  /** A seeker's profile photo. */
  photoUrl: string | null;
  roles: Role[];
  role: Role;
  /** Set from `pending` on: an application still in draft makes nobody an advisor. */
  advisorId: string | null;
  advisorStatus: AdvisorStatus | null;
  /** When this sign-in's session began (its auth_sessions row). */
  signedInAt: Date;
  /**
   * An admin without a second factor (ADR 92): `roles` leaves "admin" out until they set one
   * up, so no admin page, API or power answers them meanwhile.
   */
  adminNeedsSecondFactor: boolean;
};

type Ctx = { db: Db; auth: Auth };
export const ROLE_COOKIE = "bt_role";

/** better-auth's session cookie (its `cookiePrefix` is "bt"), named `__Secure-…` over HTTPS. */
const SESSION_COOKIES = new Set(["bt.session_token", "__Secure-bt.session_token"]);

/**
 * Whether a Cookie header carries a session cookie with a value: a cookie of that very name,
 * not one whose name or value merely contains it. Without one the request is a visitor's:
 * nothing to look up, and the public cache may answer it.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const eq = pair.indexOf("=");
    return (
      eq !== -1 && SESSION_COOKIES.has(pair.slice(0, eq).trim()) && pair.slice(eq + 1).trim() !== ""
    );
  });
}

export async function getViewer(request: Request, { db, auth }: Ctx): Promise<Viewer | null> {
  if (!hasSessionCookie(request.headers.get("cookie"))) return null;
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const [row] = await db
    .select({
      userId: s.users.id,
      firstName: s.users.firstName,
      lastName: s.users.lastName,
      email: s.users.email,
      timeZone: s.users.timeZone,
      photoUrl: s.users.photoUrl,
      admin: s.users.admin,
      isActive: s.users.isActive,
      advisorId: s.advisors.id,
      advisorStatus: s.advisors.profileStatus,
    })
    .from(s.users)
    .leftJoin(
      s.advisors,
      and(eq(s.advisors.userId, s.users.id), ne(s.advisors.profileStatus, "draft")),
    )
    .where(eq(s.users.authUserId, session.user.id));
  if (!row || !row.isActive) return null;
  // The flag the twoFactor plugin reads is kept true while they have TOTP or a passkey.
  const secondFactor = Boolean(
    (session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled,
  );
  const adminNeedsSecondFactor = row.admin === "Y" && !secondFactor;
  const roles = rolesOf({
    admin: adminNeedsSecondFactor ? "N" : row.admin,
    hasAdvisorProfile: row.advisorId !== null,
  });
  return {
    userId: row.userId,
    authUserId: session.user.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    timeZone: row.timeZone,
    photoUrl: row.photoUrl,
    roles,
    role: currentRole(roles, readCookie(request, ROLE_COOKIE)),
    advisorId: row.advisorId,
    advisorStatus: row.advisorStatus,
    signedInAt: new Date(session.session.createdAt),
    adminNeedsSecondFactor,
  };
}

/**
 * Has this person signed in before the session `signedInAt` began? A sign-in that is still
 * on record (not signed out, not expired) answers yes; a brand-new account's first visit,
 * right after confirming its e-mail, has none. One probe of auth_sessions_user_created_idx.
 */
export async function hasSignedInBefore(
  db: Db,
  viewer: Pick<Viewer, "authUserId" | "signedInAt">,
): Promise<boolean> {
  const [row] = await db
    .select({ id: s.authSessions.id })
    .from(s.authSessions)
    .where(
      and(
        eq(s.authSessions.userId, viewer.authUserId),
        lt(s.authSessions.createdAt, viewer.signedInAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** First thing in every loader/action that needs a session: visitors go to sign in. */
export async function requireViewer(request: Request, ctx: Ctx): Promise<Viewer> {
  const viewer = await getViewer(request, ctx);
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

export async function requireAdvisor(request: Request, ctx: Ctx) {
  const viewer = await requireViewer(request, ctx);
  if (!viewer.advisorId) throw new Response("Only advisors can do this", { status: 403 });
  return { ...viewer, advisorId: viewer.advisorId };
}

/** Where an admin without a second factor is sent first (ADR 92). */
export const ADMIN_SECOND_FACTOR_SETUP = "/settings/security?for=admin";

/**
 * Admin screens and actions: a visitor goes to sign in; an admin without a second factor goes
 * to set one up; anyone else signed in gets the not-found page, so the admin area does not
 * reveal that it exists.
 */
export async function requireAdmin(request: Request, ctx: Ctx): Promise<Viewer> {
  const viewer = await requireViewer(request, ctx);
  if (viewer.adminNeedsSecondFactor) throw redirect(ADMIN_SECOND_FACTOR_SETUP);
  if (!viewer.roles.includes("admin")) throw new Response("Not Found", { status: 404 });
  return viewer;
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

/** The saved role choice (selectedRole), checked against held roles on every read (ADR 4). */
export function roleCookie(role: Role, secure: boolean): string {
  return `${ROLE_COOKIE}=${role}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
