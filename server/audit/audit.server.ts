import { and, eq, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction, AuditTargetType } from "../../core/admin/audit-actions";
import type { Db, Tx } from "../db/client.server";
import { countUpTo, newestFirst, type Position, readPage, START } from "../db/keyset";
import { escapeLike } from "../db/like";
import { auditLog, users } from "../db/schema";

/*
 * The audit log of admin actions. Each entry is written through the transaction of the action
 * it records, so an entry exists exactly when the change was committed. Entries are only ever
 * inserted: the database refuses to change or delete them (migration `audit_log_append_only`).
 */

export type AuditEntry = {
  actorUserId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** How the target reads on the audit page (name and e-mail), as it was at the time. */
  targetLabel: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Anything else worth keeping, e.g. a rejection reason. */
  note?: string | null;
  requestId?: string | null;
};

/** How a person reads as an audit target: name and e-mail as they were at the time. */
export function auditLabel(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName} <${person.email}>`;
}

export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: {
      targetLabel: entry.targetLabel,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ...(entry.note ? { note: entry.note } : {}),
    },
    requestId: entry.requestId ?? null,
  });
}

export type AuditFilters = {
  actorUserId?: string;
  action?: AuditAction;
  /** Part of the target's name or e-mail, or its exact id. */
  target?: string;
};

export const AUDIT_PAGE_SIZE = 25;

/**
 * Newest first, with the actor's and (for users and advisors) the target's names, a page at a
 * time by keys (server/db/keyset.ts). Every filter has its index: the actor's and the action's
 * (with the order), the target's id, and a trigram index for the target's label.
 */
export async function listAudit(db: Db, filters: AuditFilters, position: Position = START) {
  const where = and(
    filters.actorUserId ? eq(auditLog.actorUserId, filters.actorUserId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.target
      ? or(
          eq(auditLog.targetId, filters.target),
          ilike(sql`${auditLog.details}->>'targetLabel'`, `%${escapeLike(filters.target)}%`),
        )
      : undefined,
  );
  const actor = alias(users, "actor");
  const order = newestFirst(auditLog.createdAt, auditLog.id);
  const [total, page] = await Promise.all([
    countUpTo(db, auditLog, where, order),
    readPage(order, position, AUDIT_PAGE_SIZE, (window) =>
      db
        .select({
          key: window.key,
          id: auditLog.id,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          details: auditLog.details,
          requestId: auditLog.requestId,
          createdAt: auditLog.createdAt,
          actorUserId: auditLog.actorUserId,
          actorFirstName: actor.firstName,
          actorLastName: actor.lastName,
          actorEmail: actor.email,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .where(and(where, window.where))
        .orderBy(...window.orderBy)
        .limit(window.limit),
    ),
  ]);
  return { entries: page.rows, total, keys: page.keys };
}

/**
 * The page's admin filter: today's admins (a handful, from the partial index of admins), and
 * the one chosen in the filter when that person is no longer an admin.
 */
export async function listAuditActors(db: Db, chosen?: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(or(eq(users.admin, "Y"), chosen ? eq(users.id, chosen) : undefined))
    .orderBy(users.firstName, users.lastName, users.id);
}
