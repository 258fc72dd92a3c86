import { and, count, desc, eq, exists, ilike, max, not, or, sql, type SQL } from "drizzle-orm";
import type { UserRoleFilter } from "../../core/admin/admin-forms";
import { ADMIN_MESSAGES as M } from "../../core/messages/admin";
import { rolesOf } from "../../core/roles";
import type { Db } from "../db/client.server";
import { escapeLike } from "../db/like";
import { advisors, authSessions, bookings, users } from "../db/schema";
import { writeAudit } from "./audit.server";

/*
 * The admin users page: find people, see their roles and activity, grant or revoke admin.
 */

export const USERS_PAGE_SIZE = 20;

const hasAdvisorRow = exists(
  sql`(select 1 from ${advisors} where ${advisors.userId} = ${users.id})`,
);

function roleCondition(role: UserRoleFilter): SQL | undefined {
  switch (role) {
    case "admin":
      return eq(users.admin, "Y");
    case "advisor":
      return hasAdvisorRow;
    // Everyone is a seeker; the filter means people who are only seekers.
    case "seeker":
      return and(eq(users.admin, "N"), not(hasAdvisorRow));
    default:
      return undefined;
  }
}

export async function listUsers(
  db: Db,
  { q = "", role = "all", page = 1 }: { q?: string; role?: UserRoleFilter; page?: number },
) {
  const text = q.trim();
  const pattern = `%${escapeLike(text)}%`;
  const where = and(
    text
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
    roleCondition(role),
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const lastSignIn = db
    .select({ authUserId: authSessions.userId, at: max(authSessions.createdAt).as("last_at") })
    .from(authSessions)
    .groupBy(authSessions.userId)
    .as("last_sign_in");
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      admin: users.admin,
      isActive: users.isActive,
      createdAt: users.createdAt,
      advisorStatus: advisors.profileStatus,
      lastSignInAt: lastSignIn.at,
      sessionsBooked: sql<number>`(select count(*)::int from ${bookings}
        where ${bookings.userId} = ${users.id} and ${bookings.status} in ('confirmed', 'completed'))`,
    })
    .from(users)
    .leftJoin(advisors, eq(advisors.userId, users.id))
    .leftJoin(lastSignIn, eq(lastSignIn.authUserId, users.authUserId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
  const n = total?.n ?? 0;
  return {
    users: rows.map(({ admin, advisorStatus, ...row }) => ({
      ...row,
      isAdmin: admin === "Y",
      roles: rolesOf({ admin, hasAdvisorProfile: advisorStatus !== null }),
      advisorStatus,
    })),
    total: n,
    page,
    pageCount: Math.max(1, Math.ceil(n / USERS_PAGE_SIZE)),
  };
}

export type AdminRoleResult =
  | { ok: true; changed: boolean; name: string }
  | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Grants or revokes admin. Every admin row is locked first, so two admins revoking each other
 * at once are serialised: the second sees the first's change and is refused (it would remove
 * the last admin, or its actor is no longer an admin). Refused: revoking yourself, revoking
 * the last admin.
 */
export async function setAdminRole(
  db: Db,
  input: { actorUserId: string; targetUserId: string; admin: boolean; requestId?: string },
): Promise<AdminRoleResult> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.admin, "Y"))
      .orderBy(users.id)
      .for("update");
    if (!admins.some((a) => a.id === input.actorUserId)) {
      return { ok: false as const, status: 403 as const, message: M.updateRoleFailed };
    }
    const [target] = await tx
      .select()
      .from(users)
      .where(eq(users.id, input.targetUserId))
      .for("update");
    if (!target) return { ok: false as const, status: 404 as const, message: M.userNotFound };
    const name = `${target.firstName} ${target.lastName}`.trim();
    const wasAdmin = target.admin === "Y";
    if (wasAdmin === input.admin) return { ok: true as const, changed: false, name };
    if (!input.admin) {
      if (target.id === input.actorUserId) {
        return { ok: false as const, status: 409 as const, message: M.cannotRevokeSelf };
      }
      if (admins.length <= 1) {
        return { ok: false as const, status: 409 as const, message: M.lastAdmin };
      }
    }
    await tx
      .update(users)
      .set({ admin: input.admin ? "Y" : "N" })
      .where(eq(users.id, target.id));
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.admin ? "admin.grant" : "admin.revoke",
      targetType: "user",
      targetId: target.id,
      targetLabel: `${name} <${target.email}>`,
      before: { admin: target.admin },
      after: { admin: input.admin ? "Y" : "N" },
      requestId: input.requestId,
    });
    return { ok: true as const, changed: true, name };
  });
}
