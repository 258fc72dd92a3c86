import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { advisorDisplayName, formatSessionTime } from "../../core/format";
import { NO_SHOW_MESSAGES } from "../../core/messages/no-shows";
import {
  absentParty,
  canDispute,
  canReportNoShow,
  disputeDeadline,
  hidesFromSearch,
  lastMonths,
  NO_SHOW_DISPUTE_HOURS,
  NO_SHOW_STRIKE_DAYS,
  NO_SHOW_STRIKES,
  type NoShowOutcome,
  type NoShowMonth,
  type NoShowParty,
  type SessionNoShow,
  strikeWindowStart,
  upheldOutcome,
} from "../../core/no-show";
import { partyZone, seekerDisplayName } from "../../core/session-event";
import { auditLabel, writeAudit } from "../audit/audit.server";
import type { Config } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import { newestFirst, type Position, readPage, START } from "../db/keyset";
import {
  advisors,
  auditLog,
  bookings,
  conversations,
  emailOutbox,
  messages,
  noShowReports,
  payments,
  users,
} from "../db/schema";
import type { BookingEvents, EventScope } from "../events/booking-events.server";
import { queueEmail } from "../mail/mailer.server";
import { loadSession, type SessionRecord } from "../repositories/booking-parties.server";

/*
 * No-shows by rule (issue 41, ADR 96). A party reports that the other did not come; the other
 * may dispute for 48 hours. Undisputed, the settling job upholds it; disputed, an admin
 * decides. An advisor's no-show refunds the seeker in full through `refund.requested` (the
 * refunds feature records it and the ledger takes the advisor's share back, ADR 87); a
 * seeker's leaves the session as held. This feature never imports bookings/: it reads the
 * session through the repository and changes no booking row.
 */

/** Who acts: the services decide with this, never with what the browser says. */
export type NoShowViewer = { userId: string; advisorId: string | null };

export type NoShowFailure = { ok: false; status: 404 | 409; message: string };
export type NoShowResult = { ok: true } | NoShowFailure;

type Deps = { config: Config; events: BookingEvents; now: Date };

const notFound: NoShowFailure = { ok: false, status: 404, message: NO_SHOW_MESSAGES.notFound };
const conflict = (message: string): NoShowFailure => ({ ok: false, status: 409, message });

/** The part the viewer plays in the session, or null when it is not theirs. */
function partyOf(record: SessionRecord, viewer: NoShowViewer): NoShowParty | null {
  if (record.seeker.id === viewer.userId) return "seeker";
  if (viewer.advisorId && record.advisor.id === viewer.advisorId) return "advisor";
  return null;
}

const other = (party: NoShowParty): NoShowParty => (party === "seeker" ? "advisor" : "seeker");

/** A party as the e-mails address them: address, greeting and the other's name, in their zone. */
function reader(record: SessionRecord, party: NoShowParty) {
  return party === "seeker"
    ? {
        email: record.seeker.email,
        greeting: record.seeker.firstName,
        otherName: advisorDisplayName(record.advisor),
        when: formatSessionTime(record.booking.datetime, partyZone(record, "seeker")),
      }
    : {
        email: record.advisor.email,
        greeting: record.advisor.firstName,
        otherName: seekerDisplayName(record.seeker),
        when: formatSessionTime(record.booking.datetime, partyZone(record, "advisor")),
      };
}

/** Either party reports the other absent, with a note, while the window is open. */
export async function reportNoShow(
  db: Db,
  input: Deps & { viewer: NoShowViewer; bookingId: string; note: string },
): Promise<NoShowResult> {
  const { viewer, bookingId, note, now, config } = input;
  return db.transaction(async (tx) => {
    const record = await loadSession(tx, bookingId, true);
    const party = record && partyOf(record, viewer);
    if (!record || !party) return notFound;
    const { booking } = record;
    const session = { start: booking.datetime, end: booking.endsAt, status: booking.status };
    if (!canReportNoShow(session, now)) return conflict(NO_SHOW_MESSAGES.windowClosed);
    const [created] = await tx
      .insert(noShowReports)
      .values({
        bookingId,
        advisorId: record.advisor.id,
        reporterId: viewer.userId,
        reporterRole: party,
        note,
        reportedAt: now,
        disputeDeadline: disputeDeadline(now),
      })
      .onConflictDoNothing({ target: noShowReports.bookingId })
      .returning({ id: noShowReports.id });
    if (!created) return conflict(NO_SHOW_MESSAGES.alreadyReported);
    const to = reader(record, other(party));
    await queueEmail(tx, {
      name: "no-show.reported",
      to: to.email,
      subject: `${to.otherName} reported that you did not come to your session`,
      heading: "A no-show was reported",
      paragraphs: [
        `Hi ${to.greeting},`,
        `${to.otherName} reported that you did not come to your session on ${to.when}. Their note: "${note}"`,
        party === "seeker"
          ? `If you do not dispute this within ${NO_SHOW_DISPUTE_HOURS} hours, the seeker gets a full refund and the no-show counts against you.`
          : `If you do not dispute this within ${NO_SHOW_DISPUTE_HOURS} hours, the session counts as held and no refund is due.`,
        "To dispute it, open the session's details on your dashboard and tell us what happened.",
      ],
      action: { label: "Open your dashboard", url: `${config.appUrl}/dashboard` },
    });
    return { ok: true };
  });
}

/** The reported party disputes, with a note, within 48 hours of the report. */
export async function disputeNoShow(
  db: Db,
  input: Deps & { viewer: NoShowViewer; bookingId: string; note: string },
): Promise<NoShowResult> {
  const { viewer, bookingId, note, now } = input;
  return db.transaction(async (tx) => {
    const record = await loadSession(tx, bookingId, true);
    const party = record && partyOf(record, viewer);
    if (!record || !party) return notFound;
    const [report] = await tx
      .select()
      .from(noShowReports)
      .where(eq(noShowReports.bookingId, bookingId))
      .for("update");
    // Only the party said to be absent disputes; to the reporter there is nothing to dispute.
    if (!report || absentParty(report.reporterRole) !== party) return notFound;
    if (!canDispute(report, now)) return conflict(NO_SHOW_MESSAGES.cannotDispute);
    await tx
      .update(noShowReports)
      .set({ status: "disputed", disputeNote: note, disputedAt: now })
      .where(eq(noShowReports.id, report.id));
    const to = reader(record, report.reporterRole);
    await queueEmail(tx, {
      name: "no-show.disputed",
      to: to.email,
      subject: `${to.otherName} disputed your no-show report`,
      heading: "Your no-show report was disputed",
      paragraphs: [
        `Hi ${to.greeting},`,
        `${to.otherName} disputed your report about the session on ${to.when}. Their note: "${note}"`,
        "Our team will look at the session and decide; we will e-mail you both the decision.",
      ],
    });
    return { ok: true };
  });
}

type ReportRow = typeof noShowReports.$inferSelect;

const OUTCOME_SENTENCES: Record<NoShowOutcome, (record: SessionRecord) => string> = {
  advisor_absent: (r) =>
    `The no-show is upheld: ${advisorDisplayName(r.advisor)} did not come. ${r.booking.packagePurchaseId ? "The session goes back to the seeker's package, to be booked again." : "The seeker gets a full refund to the original payment method."}`,
  seeker_absent: (r) =>
    `The no-show is upheld: ${seekerDisplayName(r.seeker)} did not come. The session counts as held and no refund is due.`,
  no_fault: () => "The report is closed with no fault found: nothing changes for either of you.",
};

/**
 * What an outcome does, in the deciding transaction: an advisor's absence refunds the full
 * payment through `refund.requested` (once per booking: the refunds feature ignores a second
 * request) and may hide the advisor from search; both parties are told.
 */
async function applyOutcome(
  tx: Tx,
  scope: EventScope,
  report: ReportRow,
  outcome: NoShowOutcome,
  input: { now: Date; config: Config; byRule: boolean },
) {
  const { now, config } = input;
  const record = await loadSession(tx, report.bookingId);
  if (!record) return;
  if (outcome === "advisor_absent") {
    const paymentId = record.booking.paymentId;
    if (record.booking.packagePurchaseId) {
      // A package's session goes back to the package (its credit taken back), not to money.
      await tx
        .update(bookings)
        .set({ packageSessionReturned: true })
        .where(eq(bookings.id, report.bookingId));
      await scope.publish({ type: "package.session.returned", bookingId: report.bookingId });
    } else if (paymentId) {
      const [payment] = await tx
        .select({ amount: payments.amount, status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId));
      if (payment?.status === "paid" && payment.amount > 0) {
        await scope.publish({
          type: "refund.requested",
          bookingId: report.bookingId,
          paymentId,
          amount: payment.amount,
          reason: "The advisor did not come (no-show upheld)",
        });
      }
    }
    await hideOnStrikes(tx, record, now, config);
  }
  for (const party of ["seeker", "advisor"] as const) {
    const to = reader(record, party);
    await queueEmail(tx, {
      name: "no-show.decided",
      to: to.email,
      subject: `The no-show report about your session on ${to.when}`,
      heading: input.byRule ? "A no-show report stands" : "A no-show report was decided",
      paragraphs: [
        `Hi ${to.greeting},`,
        input.byRule
          ? `The no-show report about your session on ${to.when} was not disputed within ${NO_SHOW_DISPUTE_HOURS} hours.`
          : `Our team has decided the disputed no-show report about your session on ${to.when}.`,
        OUTCOME_SENTENCES[outcome](record),
      ],
    });
  }
}

/** Hides an advisor from search at their 3rd upheld no-show in 90 days, and tells them. */
async function hideOnStrikes(tx: Tx, record: SessionRecord, now: Date, config: Config) {
  const [row] = await tx
    .select({ n: count() })
    .from(noShowReports)
    .where(
      and(
        eq(noShowReports.advisorId, record.advisor.id),
        eq(noShowReports.outcome, "advisor_absent"),
        gte(noShowReports.decidedAt, strikeWindowStart(now)),
      ),
    );
  if (!hidesFromSearch(row?.n ?? 0)) return;
  const [hidden] = await tx
    .update(advisors)
    .set({ hiddenForNoShowsAt: now })
    .where(and(eq(advisors.id, record.advisor.id), sql`${advisors.hiddenForNoShowsAt} is null`))
    .returning({ id: advisors.id });
  if (!hidden) return;
  await queueEmail(tx, {
    name: "advisor.hidden-for-no-shows",
    to: record.advisor.email,
    subject: "Your profile is hidden from search pending review",
    heading: "Your profile is hidden from search",
    paragraphs: [
      `Hi ${record.advisor.firstName},`,
      `You have ${NO_SHOW_STRIKES} upheld no-shows within ${NO_SHOW_STRIKE_DAYS} days, so your profile no longer appears in search until our team has reviewed your account. Your profile page and your booked sessions stay as they are.`,
      `If you think this is a mistake, reply to ${config.supportEmail}.`,
    ],
  });
}

/**
 * Reports left undisputed for 48 hours are upheld, each in its own transaction. The UPDATE's
 * condition claims a report, so on several instances each is settled once.
 */
export async function settleUndisputed(
  db: Db,
  input: { config: Config; events: BookingEvents; now: Date },
): Promise<number> {
  const { now, config } = input;
  const due = await db
    .select({ id: noShowReports.id })
    .from(noShowReports)
    .where(and(eq(noShowReports.status, "reported"), lte(noShowReports.disputeDeadline, now)))
    .orderBy(asc(noShowReports.disputeDeadline))
    .limit(200);
  let settled = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const scope = input.events.within(tx, now);
      const [claimed] = await tx
        .update(noShowReports)
        // Upheld against the party the reporter named (upheldOutcome, in SQL).
        .set({
          status: "settled",
          decidedAt: now,
          outcome: sql`case when ${noShowReports.reporterRole} = 'seeker' then 'advisor_absent' else 'seeker_absent' end`,
        })
        .where(
          and(
            eq(noShowReports.id, id),
            eq(noShowReports.status, "reported"),
            lte(noShowReports.disputeDeadline, now),
          ),
        )
        .returning();
      if (!claimed) return null; // disputed meanwhile, or settled by another instance
      const outcome = upheldOutcome(claimed.reporterRole);
      await applyOutcome(tx, scope, claimed, outcome, { now, config, byRule: true });
      return scope;
    });
    if (done) {
      await done.afterCommit();
      settled++;
    }
  }
  return settled;
}

/** An admin decides a disputed report: audited, the money following. */
export async function decideNoShow(
  db: Db,
  input: Deps & {
    adminUserId: string;
    reportId: string;
    outcome: NoShowOutcome;
    requestId?: string | null;
  },
): Promise<NoShowResult> {
  const { now, config, outcome } = input;
  const result = await db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(noShowReports)
      .where(eq(noShowReports.id, input.reportId))
      .for("update");
    if (!report) return notFound;
    if (report.status !== "disputed") return conflict(NO_SHOW_MESSAGES.notOpen);
    const record = await loadSession(tx, report.bookingId);
    if (!record) return notFound;
    const scope = input.events.within(tx, now);
    await tx
      .update(noShowReports)
      .set({ status: "settled", outcome, decidedAt: now, decidedBy: input.adminUserId })
      .where(eq(noShowReports.id, report.id));
    await applyOutcome(tx, scope, report, outcome, { now, config, byRule: false });
    await writeAudit(tx, {
      actorUserId: input.adminUserId,
      action: "no_show.decide",
      targetType: "booking",
      targetId: report.bookingId,
      targetLabel: `${auditLabel(record.seeker)} with ${auditLabel(record.advisor)}`,
      before: { status: "disputed", reported_by: report.reporterRole },
      after: { outcome },
      requestId: input.requestId ?? null,
    });
    return { ok: true as const, scope };
  });
  if (!result.ok) return result;
  await result.scope.afterCommit();
  return { ok: true };
}

/** An admin lists an advisor hidden for no-shows in search again, audited. */
export async function restoreAdvisor(
  db: Db,
  input: { adminUserId: string; advisorId: string; requestId?: string | null },
): Promise<NoShowResult> {
  return db.transaction(async (tx) => {
    const [advisor] = await tx
      .select({
        hiddenAt: advisors.hiddenForNoShowsAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(advisors)
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(eq(advisors.id, input.advisorId))
      .for("update", { of: advisors });
    if (!advisor) return notFound;
    if (!advisor.hiddenAt) return conflict("This advisor is not hidden from search.");
    await tx
      .update(advisors)
      .set({ hiddenForNoShowsAt: null })
      .where(eq(advisors.id, input.advisorId));
    await writeAudit(tx, {
      actorUserId: input.adminUserId,
      action: "advisor.restore_search",
      targetType: "advisor",
      targetId: input.advisorId,
      targetLabel: auditLabel(advisor),
      before: { hidden_for_no_shows_at: advisor.hiddenAt.toISOString() },
      after: { hidden_for_no_shows_at: null },
      requestId: input.requestId ?? null,
    });
    return { ok: true };
  });
}

/** Each of `bookingIds`' report as the viewer sees it, for the sessions list. */
export async function noShowsOf(
  db: Db,
  bookingIds: readonly string[],
  viewer: NoShowViewer,
  now: Date,
): Promise<Record<string, SessionNoShow>> {
  if (bookingIds.length === 0) return {};
  const rows = await db
    .select()
    .from(noShowReports)
    .where(inArray(noShowReports.bookingId, [...bookingIds]));
  return Object.fromEntries(
    rows.map((r) => {
      const mine = r.reporterId === viewer.userId;
      return [
        r.bookingId,
        { status: r.status, outcome: r.outcome, mine, canDispute: !mine && canDispute(r, now) },
      ];
    }),
  );
}

export const NO_SHOW_PAGE_SIZE = 25;

/** The admin queue: disputed reports, newest first, a page at a time by keys (ADR 78). */
export async function listDisputed(db: Db, position: Position = START) {
  const seeker = alias(users, "seeker");
  const advisorUser = alias(users, "advisor_user");
  const order = newestFirst(noShowReports.reportedAt, noShowReports.id);
  const page = await readPage(order, position, NO_SHOW_PAGE_SIZE, (window) =>
    db
      .select({
        key: window.key,
        id: noShowReports.id,
        bookingId: noShowReports.bookingId,
        reporterRole: noShowReports.reporterRole,
        reportedAt: noShowReports.reportedAt,
        disputedAt: noShowReports.disputedAt,
        seekerName: sql<string>`${seeker.firstName} || ' ' || ${seeker.lastName}`,
        advisorName: sql<string>`${advisorUser.firstName} || ' ' || ${advisorUser.lastName}`,
        advisorId: advisors.id,
        advisorHidden: isNotNull(advisors.hiddenForNoShowsAt),
      })
      .from(noShowReports)
      .innerJoin(bookings, eq(bookings.id, noShowReports.bookingId))
      .innerJoin(seeker, eq(seeker.id, bookings.userId))
      .innerJoin(advisors, eq(advisors.id, noShowReports.advisorId))
      .innerJoin(advisorUser, eq(advisorUser.id, advisors.userId))
      .where(and(eq(noShowReports.status, "disputed"), window.where))
      .orderBy(...window.orderBy)
      .limit(window.limit),
  );
  return { reports: page.rows, keys: page.keys };
}

export type TimelineEntry = { at: Date; kind: string; text: string };

/**
 * A report's session as a timeline for the admin deciding it: the booking's life (its row and
 * the audit log), the e-mails either party was sent about it since it was booked, the
 * messages between the two, the report and the dispute.
 */
export async function noShowDetails(db: Db, reportId: string) {
  const [report] = await db.select().from(noShowReports).where(eq(noShowReports.id, reportId));
  if (!report) return null;
  const record = await loadSession(db, report.bookingId);
  if (!record) return null;
  const { booking, seeker, advisor } = record;
  const since = booking.createdAt;
  const seekerName = seekerDisplayName(seeker);
  const advisorName = advisorDisplayName(advisor);
  const entries: TimelineEntry[] = [
    { at: booking.createdAt, kind: "booking", text: `${seekerName} booked the session.` },
  ];
  if (booking.cancelledAt)
    entries.push({ at: booking.cancelledAt, kind: "booking", text: "The session was cancelled." });
  const audits = await db
    .select({ at: auditLog.createdAt, action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.targetId, booking.id))
    .orderBy(asc(auditLog.createdAt))
    .limit(20);
  for (const a of audits)
    entries.push({ at: a.at, kind: "audit", text: `Admin action: ${a.action}.` });
  const mails = await db
    .select({
      at: emailOutbox.createdAt,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
    })
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.toAddress, [seeker.email, advisor.email]),
        gte(emailOutbox.createdAt, since),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(30);
  for (const m of mails)
    entries.push({
      at: m.at,
      kind: "email",
      text: `E-mail to ${m.to === seeker.email ? seekerName : advisorName} (${m.status}): ${m.subject}`,
    });
  const said = await db
    .select({ at: messages.createdAt, senderId: messages.senderId, body: messages.body })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.seekerId, seeker.id),
        eq(conversations.advisorId, advisor.id),
        gte(messages.createdAt, since),
        isNotNull(messages.senderId),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(30);
  for (const m of said)
    entries.push({
      at: m.at,
      kind: "message",
      text: `${m.senderId === seeker.id ? seekerName : advisorName} wrote: ${m.body}`,
    });
  const reporterName = report.reporterRole === "seeker" ? seekerName : advisorName;
  entries.push({
    at: report.reportedAt,
    kind: "report",
    text: `${reporterName} reported a no-show: ${report.note}`,
  });
  if (report.disputedAt && report.disputeNote)
    entries.push({
      at: report.disputedAt,
      kind: "dispute",
      text: `${report.reporterRole === "seeker" ? advisorName : seekerName} disputed: ${report.disputeNote}`,
    });
  entries.sort((a, b) => +a.at - +b.at);
  return {
    report: {
      id: report.id,
      status: report.status,
      outcome: report.outcome,
      reporterRole: report.reporterRole,
    },
    session: {
      id: booking.id,
      start: booking.datetime,
      seekerName,
      advisorName,
      advisorId: advisor.id,
    },
    timeline: entries,
  };
}

export async function noShowsPerMonth(db: Db, now: Date, months = 12): Promise<NoShowMonth[]> {
  const keys = lastMonths(now, months);
  const from = sql`(${keys[0]! + "-01"}::date)::timestamp at time zone 'Asia/Kolkata'`;
  const month = sql<string>`to_char(${noShowReports.reportedAt} at time zone 'Asia/Kolkata', 'YYYY-MM')`;
  // A range of no_show_reports_reported_idx: a year's reports, grouped.
  const rows = await db
    .select({
      month,
      reported: count(),
      advisors: sql<number>`count(*) filter (where ${noShowReports.outcome} = 'advisor_absent')::int`,
      seekers: sql<number>`count(*) filter (where ${noShowReports.outcome} = 'seeker_absent')::int`,
    })
    .from(noShowReports)
    .where(sql`${noShowReports.reportedAt} >= ${from}`)
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return keys.map((key) => {
    const row = byMonth.get(key);
    return {
      month: key,
      reported: row?.reported ?? 0,
      advisors: row?.advisors ?? 0,
      seekers: row?.seekers ?? 0,
    };
  });
}

/** Whether an advisor is hidden for no-shows (their admin page shows the restore). */
export async function hiddenForNoShows(db: Db, advisorId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: advisors.hiddenForNoShowsAt })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  return row?.at ?? null;
}

/** Advisors hidden for no-shows, longest hidden first, for the queue's restore list. */
export async function listHiddenAdvisors(db: Db) {
  return db
    .select({
      advisorId: advisors.id,
      hiddenAt: advisors.hiddenForNoShowsAt,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(isNotNull(advisors.hiddenForNoShowsAt))
    .orderBy(asc(advisors.hiddenForNoShowsAt))
    .limit(100);
}
