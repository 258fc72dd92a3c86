import { and, eq, exists, ilike, isNull, not, sql, type SQL } from "drizzle-orm";
import type { UserRoleFilter } from "../../core/admin/admin-forms";
import { ADMIN_MESSAGES as M } from "../../core/messages/admin";
import { rolesOf } from "../../core/roles";
import type { Db } from "../db/client.server";
import { countUpTo, newestFirst, type Position, readPage, START } from "../db/keyset";
import { escapeLike } from "../db/like";
import { advisors, authSessions, bookings, users } from "../db/schema";
import { writeAudit } from "../audit/audit.server";

/*
 * The admin users page: find people, see their roles and activity, grant or revoke admin.
 * Paged by keys, newest first (server/db/keyset.ts); a page's last sign-in and sessions booked
 * are looked up for its own rows only, each by one index probe.
 */

export const USERS_PAGE_SIZE = 20;

const hasAdvisorRow = exists(
  sql`(select 1 from ${advisors} where ${advisors.userId} = ${users.id})`,
);

/**
 * What the search box looks in: the name, then the e-mail on its own line. The trigram index
 * `users_search_trgm_idx` is on this very expression; a search text is one line, so a match
 * never spans the two.
 */
const searchable = sql`${users.firstName} || ' ' || ${users.lastName} || E'\\n' || ${users.email}`;

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
  {
    q = "",
    role = "all",
    position = START,
  }: { q?: string; role?: UserRoleFilter; position?: Position },
) {
  const text = q.trim();
  // A deleted account is kept only for the records that must point at someone (ADR 91).
  const where = and(
    isNull(users.deletedAt),
    text ? ilike(searchable, `%${escapeLike(text)}%`) : undefined,
    roleCondition(role),
  );
  const order = newestFirst(users.createdAt, users.id);
  const [total, page] = await Promise.all([
    countUpTo(db, users, where, order),
    readPage(order, position, USERS_PAGE_SIZE, (window) =>
      db
        .select({
          key: window.key,
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          admin: users.admin,
          isActive: users.isActive,
          createdAt: users.createdAt,
          advisorStatus: advisors.profileStatus,
          lastSignInAt: sql<Date | null>`(select max(${authSessions.createdAt}) from ${authSessions}
            where ${authSessions.userId} = ${users.authUserId})`.mapWith(authSessions.createdAt),
          sessionsBooked: sql<number>`(select count(*)::int from ${bookings}
            where ${bookings.userId} = ${users.id} and ${bookings.status} in ('confirmed', 'completed'))`,
        })
        .from(users)
        .leftJoin(advisors, eq(advisors.userId, users.id))
        .where(and(where, window.where))
        .orderBy(...window.orderBy)
        .limit(window.limit),
    ),
  ]);
  return {
    users: page.rows.map(({ admin, advisorStatus, ...row }) => ({
      ...row,
      isAdmin: admin === "Y",
      roles: rolesOf({ admin, hasAdvisorProfile: advisorStatus !== null }),
      advisorStatus,
    })),
    total,
    keys: page.keys,
  };
}

/**
 * The person a grant or revoke would change, as the confirmation names them (the confirmation
 * step the page renders without JavaScript); null for an id nobody has.
 */
export async function findRoleChangeTarget(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      admin: users.admin,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) return null;
  const { admin, ...person } = row;
  return { ...person, isAdmin: admin === "Y" };
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
      .where(and(eq(users.id, input.targetUserId), isNull(users.deletedAt)))
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
