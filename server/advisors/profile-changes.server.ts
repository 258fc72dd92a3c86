import { and, eq, sql } from "drizzle-orm";
import { REJECTION_REASON_MAX } from "../../core/admin/admin-forms";
import { ADMIN_MESSAGES as M } from "../../core/messages/admin";
import {
  type FieldChange,
  profileChanges,
  REVIEWED_KEYS,
  type ReviewedField,
  type ReviewedProfile,
} from "../../core/profile-review";
import { liveReviewed, reviewedColumns } from "./profile-columns.server";
import { proposedFields } from "./profile-proposals.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { countUpTo, type ListOrder, type Position, readPage, START } from "../db/keyset";
import { advisorProfileProposals, advisors, users } from "../db/schema";
import { queueEmail } from "../mail/mailer.server";
import { changesApprovedMail, changesRejectedMail } from "./advisor-mails";
import { lockAdvisor } from "./advisor-rows.server";
import { auditLabel, writeAudit } from "../audit/audit.server";

/*
 * The admin's review of approved advisors' proposed edits (ADR 83): the queue, one proposal
 * beside the live profile field by field, and the decision.
 */

export const CHANGES_PAGE_SIZE = 20;

/** The queue: oldest first, so nobody waits behind later edits. */
const QUEUE: ListOrder = {
  parts: [sql`${advisorProfileProposals.submittedAt}`, sql`${advisorProfileProposals.advisorId}`],
  types: ["timestamptz", "uuid"],
};
const waiting = eq(advisorProfileProposals.status, "pending");

export function countProposals(db: Db) {
  return countUpTo(db, advisorProfileProposals, waiting, QUEUE);
}

/** One page of the waiting proposals, with the person and what they change. */
export async function listProposals(db: Db, position: Position = START) {
  const page = await readPage(QUEUE, position, CHANGES_PAGE_SIZE, (window) =>
    db
      .select({
        key: window.key,
        advisor: advisors,
        fields: advisorProfileProposals.fields,
        proposedPhoto: advisorProfileProposals.headshotUrl,
        submittedAt: advisorProfileProposals.submittedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(advisorProfileProposals)
      .innerJoin(advisors, eq(advisors.id, advisorProfileProposals.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(and(waiting, window.where))
      .orderBy(...window.orderBy)
      .limit(window.limit),
  );
  return {
    keys: page.keys,
    rows: page.rows.map((row) => ({
      id: row.advisor.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      headshotUrl: row.advisor.headshotUrl,
      submittedAt: row.submittedAt.toISOString(),
      changed: changedLabels(row.advisor, row),
    })),
  };
}

function changedLabels(
  live: typeof advisors.$inferSelect,
  proposal: { fields: Record<string, unknown> | null; proposedPhoto: string | null },
): string[] {
  const fields = proposedFields(proposal);
  return [
    ...(proposal.proposedPhoto ? ["Photo"] : []),
    ...(fields ? profileChanges(liveReviewed(live), fields).map((change) => change.label) : []),
  ];
}

export type ProposalReview = {
  advisorId: string;
  name: string;
  email: string;
  status: "pending" | "rejected";
  reason: string | null;
  revision: number;
  submittedAt: string;
  photo: { live: string | null; proposed: string } | null;
  changes: FieldChange[];
};

/** One advisor's proposal beside their live profile, or null when they have none. */
export async function loadProposalReview(
  db: Db,
  advisorId: string,
): Promise<ProposalReview | null> {
  const [row] = await db
    .select({ advisor: advisors, proposal: advisorProfileProposals, user: users })
    .from(advisorProfileProposals)
    .innerJoin(advisors, eq(advisors.id, advisorProfileProposals.advisorId))
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisorProfileProposals.advisorId, advisorId));
  if (!row) return null;
  const { advisor, proposal, user } = row;
  const fields = proposedFields(proposal);
  return {
    advisorId,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    status: proposal.status,
    reason: proposal.reason,
    revision: proposal.revision,
    submittedAt: proposal.submittedAt.toISOString(),
    photo: proposal.headshotUrl
      ? { live: advisor.headshotUrl, proposed: proposal.headshotUrl }
      : null,
    changes: fields ? profileChanges(liveReviewed(advisor), fields) : [],
  };
}

/** The audit log's names of the reviewed fields (as an admin's direct edit records them). */
const AUDIT_KEYS: Record<ReviewedField, string> = {
  jobTitle: "job_title",
  currentCompany: "current_company",
  totalExperience: "total_experience_years",
  linkedinUrl: "linkedin_url",
  workLocations: "work_locations",
  shortIntro: "short_intro",
  about: "about",
  skills: "skills",
  careerAdviceTopics: "career_advice_topics",
  personalAdviceTopics: "personal_advice_topics",
  businessAdviceTopics: "business_advice_topics",
  hourlyRate: "hourly_rate_inr",
};

function auditedChange(live: ReviewedProfile, next: ReviewedProfile | null) {
  const changed = next
    ? REVIEWED_KEYS.filter((key) => JSON.stringify(live[key]) !== JSON.stringify(next[key]))
    : [];
  return {
    before: Object.fromEntries(changed.map((key) => [AUDIT_KEYS[key], live[key]])),
    after: Object.fromEntries(changed.map((key) => [AUDIT_KEYS[key], next![key]])),
  };
}

export type ProposalDecision =
  | { ok: true; decision: "approve" | "reject"; removePhoto: string | null }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Approves (the proposal replaces the live profile's fields and photo) or rejects (the live
 * profile stays, the proposal keeps the reason for the advisor) the version the admin looked
 * at, audited and e-mailed in one transaction. Returns the photo file no longer used, for the
 * caller to remove once committed.
 */
export async function decideProposal(
  db: Db,
  config: Pick<Config, "appUrl" | "supportEmail">,
  input: {
    actorUserId: string;
    advisorId: string;
    revision: number;
    decision: "approve" | "reject";
    reason?: string | null;
    requestId?: string;
  },
): Promise<ProposalDecision> {
  const reason = input.decision === "reject" ? (input.reason?.trim() ?? "") : null;
  if (reason === "") return { ok: false, status: 400, message: M.changesReasonRequired };
  if (reason && reason.length > REJECTION_REASON_MAX) {
    return { ok: false, status: 400, message: M.reasonTooLong };
  }
  return db.transaction(async (tx) => {
    // The advisor's row first, as the advisor's own save locks it: one order, no deadlock.
    const row = await lockAdvisor(tx, input.advisorId);
    const [proposal] = row
      ? await tx
          .select()
          .from(advisorProfileProposals)
          .where(eq(advisorProfileProposals.advisorId, input.advisorId))
          .for("update")
      : [];
    if (!row || !proposal || proposal.status !== "pending") {
      return { ok: false as const, status: 409 as const, message: M.changesAlreadyDecided };
    }
    if (proposal.revision !== input.revision) {
      return { ok: false as const, status: 409 as const, message: M.changesMoved };
    }
    const { advisor, user } = row;
    const fields = proposedFields(proposal);
    const live = liveReviewed(advisor);
    const audit = {
      actorUserId: input.actorUserId,
      targetType: "advisor" as const,
      targetId: advisor.id,
      targetLabel: auditLabel(user),
      requestId: input.requestId,
    };
    const links = { appUrl: config.appUrl, supportEmail: config.supportEmail };
    const photo = proposal.headshotUrl;
    const change = auditedChange(live, fields);
    const photoChange = photo
      ? { before: { headshot_url: advisor.headshotUrl }, after: { headshot_url: photo } }
      : { before: {}, after: {} };
    const before = { ...change.before, ...photoChange.before };
    const after = { ...change.after, ...photoChange.after };
    if (input.decision === "approve") {
      await tx
        .update(advisors)
        .set({
          ...(fields ? reviewedColumns(fields) : {}),
          ...(photo ? { headshotUrl: photo } : {}),
        })
        .where(eq(advisors.id, advisor.id));
      await tx
        .delete(advisorProfileProposals)
        .where(eq(advisorProfileProposals.advisorId, advisor.id));
      await writeAudit(tx, { ...audit, action: "advisor.changes_approve", before, after });
      await queueEmail(tx, changesApprovedMail(user, advisor.id, links));
      return {
        ok: true as const,
        decision: "approve" as const,
        removePhoto: photo ? advisor.headshotUrl : null,
      };
    }
    await tx
      .update(advisorProfileProposals)
      .set({ status: "rejected", reason, headshotUrl: null, decidedAt: new Date() })
      .where(eq(advisorProfileProposals.advisorId, advisor.id));
    await writeAudit(tx, {
      ...audit,
      action: "advisor.changes_reject",
      before: change.before,
      after: change.after,
      note: reason,
    });
    await queueEmail(tx, changesRejectedMail(user, advisor.id, reason!, links));
    return { ok: true as const, decision: "reject" as const, removePhoto: photo };
  });
}
