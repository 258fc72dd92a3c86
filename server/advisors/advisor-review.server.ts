import { and, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import {
  type ReviewAction,
  type ReviewSection,
  ADVISOR_STATUSES,
  sectionOf,
  transition,
} from "../../core/admin/advisor-status";
import { REJECTION_REASON_MAX } from "../../core/admin/admin-forms";
import { ADMIN_MESSAGES as M } from "../../core/messages/admin";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { newestFirst, type Position, readPage, START } from "../db/keyset";
import { advisors, users } from "../db/schema";
import { queueEmail } from "../mail/mailer.server";
import { approvedMail, rejectedMail } from "./advisor-mails";
import { lockAdvisor } from "./advisor-rows.server";
import { auditLabel, writeAudit } from "../audit/audit.server";

/*
 * Advisor review by admins: the lists (a page at a time, by keys: server/db/keyset.ts), and the
 * status changes the transition rule allows.
 */

export const ADVISORS_PAGE_SIZE = 20;

/** A review section's advisors: its statuses by the one rule the page shows them by. */
const inSection = (section: ReviewSection) =>
  inArray(
    advisors.profileStatus,
    ADVISOR_STATUSES.filter((status) => sectionOf(status) === section),
  );

/**
 * How many advisors each review section holds; deleted accounts are in none (ADR 91). All by
 * the status index, less the deleted ones found through their own small index.
 */
export async function countAdvisorsBySection(db: Db): Promise<Record<ReviewSection, number>> {
  const [all, deleted] = await Promise.all([
    db
      .select({ status: advisors.profileStatus, n: count() })
      .from(advisors)
      .groupBy(advisors.profileStatus),
    db
      .select({ status: advisors.profileStatus, n: count() })
      .from(users)
      .innerJoin(advisors, eq(advisors.userId, users.id))
      .where(isNotNull(users.deletedAt))
      .groupBy(advisors.profileStatus),
  ]);
  const counts = { pending: 0, pending_activation: 0, approved: 0, other: 0 };
  for (const { status, n } of all) counts[sectionOf(status)] += n;
  for (const { status, n } of deleted) counts[sectionOf(status)] -= n;
  return counts;
}

/** One page of a review section's advisors, newest first, with the person behind each. */
export function listAdvisorsForReview(db: Db, section: ReviewSection, position: Position = START) {
  return readPage(
    newestFirst(advisors.createdAt, advisors.id),
    position,
    ADVISORS_PAGE_SIZE,
    (window) =>
      db
        .select({
          key: window.key,
          id: advisors.id,
          userId: advisors.userId,
          headshotUrl: advisors.headshotUrl,
          jobTitle: advisors.jobTitle,
          currentCompany: advisors.currentCompany,
          profileStatus: advisors.profileStatus,
          createdAt: advisors.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          isActive: users.isActive,
        })
        .from(advisors)
        .innerJoin(users, eq(users.id, advisors.userId))
        .where(and(inSection(section), isNull(users.deletedAt), window.where))
        .orderBy(...window.orderBy)
        .limit(window.limit),
  );
}

export const DEBUG_PAGE_SIZE = 25;

/** The debug listing: a page of advisors' stored fields, newest first (no bank details). */
export async function listAdvisorsForDebug(db: Db, position: Position = START) {
  const [[total], page] = await Promise.all([
    db.select({ n: count() }).from(advisors),
    readPage(newestFirst(advisors.createdAt, advisors.id), position, DEBUG_PAGE_SIZE, (window) =>
      db
        .select({
          key: window.key,
          id: advisors.id,
          userId: advisors.userId,
          profileStatus: advisors.profileStatus,
          jobTitle: advisors.jobTitle,
          currentCompany: advisors.currentCompany,
          shortIntro: advisors.shortIntro,
          workLocations: advisors.workLocations,
          totalExperienceYears: advisors.totalExperienceYears,
          linkedinUrl: advisors.linkedinUrl,
          skills: advisors.skills,
          careerAdviceTopics: advisors.careerAdviceTopics,
          personalAdviceTopics: advisors.personalAdviceTopics,
          businessAdviceTopics: advisors.businessAdviceTopics,
        })
        .from(advisors)
        .where(window.where)
        .orderBy(...window.orderBy)
        .limit(window.limit),
    ),
  ]);
  return { total: total?.n ?? 0, advisors: page.rows, keys: page.keys };
}

export type StatusChangeResult =
  | { ok: true; status: "approved" | "rejected" }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Applies an admin's approve or reject, if the profile's current status allows it: the row is
 * locked, changed, audited and the advisor's e-mail queued, all in one transaction.
 */
export async function changeAdvisorStatus(
  db: Db,
  config: Pick<Config, "appUrl" | "supportEmail">,
  input: {
    actorUserId: string;
    advisorId: string;
    action: ReviewAction;
    reason?: string | null;
    requestId?: string;
  },
): Promise<StatusChangeResult> {
  const reason = input.action === "reject" ? input.reason?.trim() || null : null;
  if (reason && reason.length > REJECTION_REASON_MAX) {
    return { ok: false, status: 400, message: M.reasonTooLong };
  }
  return db.transaction(async (tx) => {
    const row = await lockAdvisor(tx, input.advisorId);
    if (!row) return { ok: false as const, status: 404 as const, message: M.advisorNotFound };
    const next = transition(row.advisor.profileStatus, input.action);
    if (!next.ok) return { ok: false as const, status: 409 as const, message: M.illegalTransition };
    await tx
      .update(advisors)
      .set({ profileStatus: next.to })
      .where(eq(advisors.id, row.advisor.id));
    const { user } = row;
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.action === "approve" ? "advisor.approve" : "advisor.reject",
      targetType: "advisor",
      targetId: row.advisor.id,
      targetLabel: auditLabel(user),
      before: { profile_status: next.from },
      after: { profile_status: next.to },
      note: reason,
      requestId: input.requestId,
    });
    const links = { appUrl: config.appUrl, supportEmail: config.supportEmail };
    await queueEmail(
      tx,
      next.to === "approved"
        ? approvedMail(user, row.advisor.id, links)
        : rejectedMail(user, reason, links),
    );
    return { ok: true as const, status: next.to };
  });
}
