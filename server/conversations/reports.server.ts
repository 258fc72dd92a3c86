import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction } from "../../core/admin/audit-actions";
import type {
  ReportCard,
  ReportedMessage,
  ReportPerson,
  ReportsPage,
} from "../../core/admin/reports";
import type { ReportOutcome, ReportStatus } from "../../core/conversation";
import {
  ADMIN_REPORT_MESSAGES as A,
  REPORT_MESSAGES as M,
  WARNING_EMAIL_MESSAGES as W,
} from "../../core/messages/message-safety";
import { auditLabel, writeAudit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { countUpTo, newestFirst, type Position, readPage, START } from "../db/keyset";
import * as s from "../db/schema";
import { queueEmail } from "../mail/mailer.server";

/*
 * Reports of conversations (issue 39, point 5): a party sends one with a reason; admins read
 * the conversation with it on /admin/reports (each read audited: an admin reads messages only
 * through a report) and close it as dismissed, warned (an e-mail), blocked from messaging
 * (users.messaging_blocked_at) or suspended (users.is_active off, sessions ended), audited.
 * The reported person is the other party of the one who reported.
 */

export const REPORTS_PAGE_SIZE = 10;
/** How many of a conversation's latest messages a report shows. */
export const REPORT_MESSAGES_SHOWN = 50;

const seekerUser = alias(s.users, "seeker_user");
const advisorUser = alias(s.users, "advisor_user");

export type ReportResult =
  { ok: true; reportId: string } | { ok: false; status: 404 | 409; message: string };

/** A party reports their conversation; anyone else is told it does not exist. */
export async function reportConversation(
  db: Db,
  input: { reporterId: string; conversationId: string; reason: string; now: Date },
): Promise<ReportResult> {
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: s.conversations.id })
      .from(s.conversations)
      .innerJoin(s.advisors, eq(s.advisors.id, s.conversations.advisorId))
      .where(
        and(
          eq(s.conversations.id, input.conversationId),
          sql`(${s.conversations.seekerId} = ${input.reporterId} or ${s.advisors.userId} = ${input.reporterId})`,
        ),
      )
      .for("update", { of: s.conversations });
    if (!conversation) return { ok: false, status: 404, message: M.failed };
    const [open] = await tx
      .select({ id: s.conversationReports.id })
      .from(s.conversationReports)
      .where(
        and(
          eq(s.conversationReports.conversationId, input.conversationId),
          eq(s.conversationReports.reporterId, input.reporterId),
          eq(s.conversationReports.status, "open"),
        ),
      );
    if (open) return { ok: false, status: 409, message: M.alreadyOpen };
    const [row] = await tx
      .insert(s.conversationReports)
      .values({
        conversationId: input.conversationId,
        reporterId: input.reporterId,
        reason: input.reason,
        createdAt: input.now,
      })
      .returning({ id: s.conversationReports.id });
    return { ok: true, reportId: row!.id };
  });
}

type Parties = {
  reportId: string;
  conversationId: string;
  status: ReportStatus;
  reporterId: string;
  seeker: PersonRow;
  advisor: PersonRow;
};
type PersonRow = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  deletedAt: Date | null;
  messagingBlockedAt: Date | null;
  isActive: boolean;
  authUserId: string | null;
};

const personColumns = (t: typeof seekerUser | typeof advisorUser) => ({
  userId: t.id,
  firstName: t.firstName,
  lastName: t.lastName,
  email: t.email,
  deletedAt: t.deletedAt,
  messagingBlockedAt: t.messagingBlockedAt,
  isActive: t.isActive,
  authUserId: t.authUserId,
});

async function partiesOf(db: Db | Tx, reportIds: string[]): Promise<Parties[]> {
  if (reportIds.length === 0) return [];
  return db
    .select({
      reportId: s.conversationReports.id,
      conversationId: s.conversationReports.conversationId,
      status: s.conversationReports.status,
      reporterId: s.conversationReports.reporterId,
      seeker: personColumns(seekerUser),
      advisor: personColumns(advisorUser),
    })
    .from(s.conversationReports)
    .innerJoin(s.conversations, eq(s.conversations.id, s.conversationReports.conversationId))
    .innerJoin(seekerUser, eq(seekerUser.id, s.conversations.seekerId))
    .innerJoin(s.advisors, eq(s.advisors.id, s.conversations.advisorId))
    .innerJoin(advisorUser, eq(advisorUser.id, s.advisors.userId))
    .where(inArray(s.conversationReports.id, reportIds));
}

/** The two parties of a report: who reported and who was reported. */
function sides(p: Parties): { reporter: PersonRow; reported: PersonRow } {
  return p.reporterId === p.seeker.userId
    ? { reporter: p.seeker, reported: p.advisor }
    : { reporter: p.advisor, reported: p.seeker };
}

/** The reported person as an audit target. */
export async function reportedLabel(db: Db | Tx, reportId: string): Promise<string> {
  const [parties] = await partiesOf(db, [reportId]);
  return parties ? auditLabel(sides(parties).reported) : "";
}

const personName = (p: PersonRow) =>
  p.deletedAt ? A.formerMember : `${p.firstName} ${p.lastName}`.trim();

function personView(p: PersonRow, side: "seeker" | "advisor"): ReportPerson {
  return {
    userId: p.userId,
    name: personName(p),
    email: p.deletedAt ? "" : p.email,
    side,
    deleted: p.deletedAt !== null,
    messagingBlockedAt: p.messagingBlockedAt?.toISOString() ?? null,
    suspended: !p.isActive,
  };
}

/**
 * A page of the queue (open or closed reports, newest first, by keys: ADR 78), each with its
 * conversation's latest messages; every report shown is a read of its conversation, audited.
 */
export async function listReports(
  db: Db,
  input: {
    adminId: string;
    status: ReportStatus;
    position?: Position;
    requestId?: string | null;
  },
): Promise<ReportsPage> {
  const order = newestFirst(s.conversationReports.createdAt, s.conversationReports.id);
  const where = eq(s.conversationReports.status, input.status);
  const closer = alias(s.users, "closer_user");
  const page = await readPage(order, input.position ?? START, REPORTS_PAGE_SIZE, (w) =>
    db
      .select({
        key: w.key,
        id: s.conversationReports.id,
        createdAt: s.conversationReports.createdAt,
        reason: s.conversationReports.reason,
        status: s.conversationReports.status,
        outcome: s.conversationReports.outcome,
        closedAt: s.conversationReports.closedAt,
        closedBy: sql<string | null>`${closer.firstName} || ' ' || ${closer.lastName}`,
      })
      .from(s.conversationReports)
      .leftJoin(closer, eq(closer.id, s.conversationReports.closedBy))
      .where(w.where ? and(where, w.where) : where)
      .orderBy(...w.orderBy)
      .limit(w.limit),
  );
  const [parties, total] = await Promise.all([
    partiesOf(
      db,
      page.rows.map((r) => r.id),
    ),
    countUpTo(db, s.conversationReports, where, order),
  ]);
  const byId = new Map(parties.map((p) => [p.reportId, p]));
  const reports: ReportCard[] = [];
  for (const row of page.rows) {
    const p = byId.get(row.id)!;
    const { reporter, reported } = sides(p);
    const side = (who: PersonRow) => (who === p.seeker ? "seeker" : "advisor");
    const shown = await conversationMessages(db, p.conversationId, p, reported.userId);
    reports.push({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      reason: row.reason,
      status: row.status,
      outcome: row.outcome,
      closedAt: row.closedAt?.toISOString() ?? null,
      closedBy: row.closedBy,
      reporter: personView(reporter, side(reporter)),
      reported: personView(reported, side(reported)),
      messages: shown.messages,
      earlier: shown.earlier,
    });
  }
  if (reports.length > 0) {
    await db.transaction(async (tx) => {
      for (const report of reports) {
        const p = byId.get(report.id)!;
        await writeAudit(tx, {
          actorUserId: input.adminId,
          action: "report.read",
          targetType: "report",
          targetId: report.id,
          targetLabel: auditLabel(sides(p).reported),
          after: { messages_shown: report.messages.length },
          requestId: input.requestId,
        });
      }
    });
  }
  return { status: input.status, reports, keys: page.keys, count: total };
}

async function conversationMessages(
  db: Db,
  conversationId: string,
  p: Parties,
  reportedId: string,
): Promise<{ messages: ReportedMessage[]; earlier: number }> {
  const rows = await db
    .select({
      id: s.messages.id,
      senderId: s.messages.senderId,
      body: s.messages.body,
      sessionEvent: s.messages.sessionEvent,
      createdAt: s.messages.createdAt,
    })
    .from(s.messages)
    .where(eq(s.messages.conversationId, conversationId))
    .orderBy(desc(s.messages.id))
    .limit(REPORT_MESSAGES_SHOWN);
  rows.reverse();
  const [total] = await db
    .select({ n: count() })
    .from(s.messages)
    .where(eq(s.messages.conversationId, conversationId));
  const files =
    rows.length === 0
      ? []
      : await db
          .select({
            id: s.messageAttachments.id,
            messageId: s.messageAttachments.messageId,
            fileName: s.messageAttachments.fileName,
            byteSize: s.messageAttachments.byteSize,
          })
          .from(s.messageAttachments)
          .where(
            inArray(
              s.messageAttachments.messageId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(s.messageAttachments.createdAt));
  const nameOf = (senderId: string | null) =>
    senderId === null
      ? null
      : senderId === p.seeker.userId
        ? personName(p.seeker)
        : senderId === p.advisor.userId
          ? personName(p.advisor)
          : A.formerMember;
  return {
    messages: rows.map((r) => ({
      id: r.id,
      sender: nameOf(r.senderId),
      fromReported: r.senderId === reportedId,
      body: r.senderId === null ? sessionNotice(r.sessionEvent) : r.body,
      at: r.createdAt.toISOString(),
      attachments: files
        .filter((f) => f.messageId === r.id)
        .map(({ id, fileName, byteSize }) => ({ id, fileName, byteSize })),
    })),
    earlier: Math.max(0, Number(total?.n ?? 0) - rows.length),
  };
}

const sessionNotice = (event: string | null) =>
  event === "booked"
    ? "Session booked"
    : event === "rescheduled"
      ? "Session rescheduled"
      : event === "cancelled"
        ? "Session cancelled"
        : A.sessionNotice;

const AUDIT_OF: Record<ReportOutcome, AuditAction> = {
  dismissed: "report.dismiss",
  warned: "report.warn",
  blocked_from_messaging: "report.block_messaging",
  suspended: "report.suspend",
};

export type CloseResult =
  { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/**
 * Closes an open report with its outcome, in one transaction with what the outcome does to
 * the reported person and its audit entry. A report already closed (by another admin a moment
 * ago) is left as it is.
 */
export async function closeReport(
  db: Db,
  input: {
    adminId: string;
    reportId: string;
    outcome: ReportOutcome;
    now: Date;
    appUrl: string;
    requestId?: string | null;
  },
): Promise<CloseResult> {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(s.conversationReports)
      .set({
        status: "closed",
        outcome: input.outcome,
        closedBy: input.adminId,
        closedAt: input.now,
      })
      .where(
        and(eq(s.conversationReports.id, input.reportId), eq(s.conversationReports.status, "open")),
      )
      .returning({ id: s.conversationReports.id, reason: s.conversationReports.reason });
    if (!closed) {
      const [exists] = await tx
        .select({ id: s.conversationReports.id })
        .from(s.conversationReports)
        .where(eq(s.conversationReports.id, input.reportId));
      return exists
        ? { ok: false, status: 409, message: A.alreadyClosed }
        : { ok: false, status: 404, message: A.invalid };
    }
    const [parties] = await partiesOf(tx, [input.reportId]);
    const { reported } = sides(parties!);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = { outcome: input.outcome };
    if (input.outcome === "warned" && !reported.deletedAt) {
      await queueEmail(tx, {
        name: "conversation.warning",
        to: reported.email,
        subject: W.subject,
        heading: W.heading,
        paragraphs: [`Hi ${reported.firstName},`, W.body, W.next],
        action: { label: W.action, url: `${input.appUrl}/code-of-conduct` },
      });
    }
    if (input.outcome === "blocked_from_messaging") {
      await tx
        .update(s.users)
        .set({ messagingBlockedAt: input.now })
        .where(and(eq(s.users.id, reported.userId), isNull(s.users.messagingBlockedAt)));
      before.messaging_blocked = reported.messagingBlockedAt !== null;
      after.messaging_blocked = true;
    }
    if (input.outcome === "suspended") {
      await tx.update(s.users).set({ isActive: false }).where(eq(s.users.id, reported.userId));
      // Signed out everywhere: the session guard already refuses an inactive person.
      if (reported.authUserId) {
        await tx.delete(s.authSessions).where(eq(s.authSessions.userId, reported.authUserId));
      }
      before.active = reported.isActive;
      after.active = false;
    }
    await writeAudit(tx, {
      actorUserId: input.adminId,
      action: AUDIT_OF[input.outcome],
      targetType: "report",
      targetId: input.reportId,
      targetLabel: auditLabel(reported),
      before,
      after,
      note: closed.reason,
      requestId: input.requestId,
    });
    return { ok: true, message: A.done[input.outcome] };
  });
}

/** Lets a person blocked from messaging send again; anyone not blocked is not found. */
export async function unblockMessaging(
  db: Db,
  input: { adminId: string; userId: string; requestId?: string | null },
): Promise<CloseResult> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .update(s.users)
      .set({ messagingBlockedAt: null })
      .where(and(eq(s.users.id, input.userId), isNotNull(s.users.messagingBlockedAt)))
      .returning({
        firstName: s.users.firstName,
        lastName: s.users.lastName,
        email: s.users.email,
      });
    if (!person) return { ok: false, status: 404, message: A.invalid };
    await writeAudit(tx, {
      actorUserId: input.adminId,
      action: "user.unblock_messaging",
      targetType: "user",
      targetId: input.userId,
      targetLabel: auditLabel(person),
      before: { messaging_blocked: true },
      after: { messaging_blocked: false },
      requestId: input.requestId,
    });
    return { ok: true, message: A.done.unblocked };
  });
}
