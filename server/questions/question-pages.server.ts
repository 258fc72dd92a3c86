import { and, asc, desc, eq, inArray, ne, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatFileSize } from "../../core/attachments";
import { advisorDisplayName, fullName } from "../../core/format";
import type { QuestionStatus } from "../../core/questions";
import type { Db } from "../db/client.server";
import {
  advisors,
  messageAttachments,
  paidQuestions,
  payments,
  refunds,
  users,
} from "../db/schema";

/*
 * What the paid-question pages show (issue 40, ADR 98): a person's questions asked and
 * received, the open ones for the dashboards, and one question in full with its payment and
 * refund, for its seeker or its advisor only. A question is a message of a private
 * conversation, which only its two parties read (admins included, issue 39), so an admin
 * finds no question here either; the admin sees its money on the payments pages.
 */

/** Someone whose account is gone, as the other pages name them. */
const FORMER = "a former member";

/** A question as the lists show it. */
export type QuestionSummary = {
  id: string;
  status: QuestionStatus;
  advisorId: string;
  advisorName: string;
  seekerName: string;
  priceInr: number;
  /** What the seeker paid, GST included (paise). */
  amount: number;
  answerDays: number;
  /** The first words of the question. */
  excerpt: string;
  createdAt: string;
  deadline: string | null;
  answeredAt: string | null;
  refundedAt: string | null;
};

const seeker = alias(users, "question_seeker");
const advisorUser = alias(users, "question_advisor_user");

const SUMMARY = {
  id: paidQuestions.id,
  status: paidQuestions.status,
  advisorId: paidQuestions.advisorId,
  body: paidQuestions.body,
  priceInr: paidQuestions.priceInr,
  answerDays: paidQuestions.answerDays,
  createdAt: paidQuestions.createdAt,
  deadline: paidQuestions.deadline,
  answeredAt: paidQuestions.answeredAt,
  refundedAt: paidQuestions.refundedAt,
  amount: payments.amount,
  paymentStatus: payments.status,
  seekerFirst: seeker.firstName,
  seekerLast: seeker.lastName,
  seekerGone: seeker.deletedAt,
  advisorFirst: advisorUser.firstName,
  advisorLast: advisorUser.lastName,
  advisorGone: advisorUser.deletedAt,
  advisorJobTitle: advisors.jobTitle,
  // What one question's page adds to its summary, read in the same query.
  userId: paidQuestions.userId,
  conversationId: paidQuestions.conversationId,
  messageId: paidQuestions.messageId,
  attachments: paidQuestions.attachments,
  paidAt: paidQuestions.paidAt,
  ratedAt: paidQuestions.ratedAt,
  ratingHelpfulness: paidQuestions.ratingHelpfulness,
  ratingActionability: paidQuestions.ratingActionability,
  recommendAdvisor: paidQuestions.recommendAdvisor,
  writtenFeedback: paidQuestions.writtenFeedback,
  paymentId: payments.id,
  providerPaymentId: payments.razorpayPaymentId,
  feeAmount: payments.feeAmount,
  gstAmount: payments.gstAmount,
  paymentUpdatedAt: payments.updatedAt,
};

/** What the advisor sees: questions that reached them (paid); the seeker sees theirs too. */
const SEEN_BY_ADVISOR: QuestionStatus[] = ["open", "answered", "refunded"];

function summaryQuery(db: Db, where: SQL | undefined) {
  return db
    .select(SUMMARY)
    .from(paidQuestions)
    .innerJoin(payments, eq(payments.id, paidQuestions.paymentId))
    .innerJoin(seeker, eq(seeker.id, paidQuestions.userId))
    .innerJoin(advisors, eq(advisors.id, paidQuestions.advisorId))
    .innerJoin(advisorUser, eq(advisorUser.id, advisors.userId))
    .where(where);
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

function toSummary(r: SummaryRow): QuestionSummary {
  const body = r.body.replace(/\s+/g, " ").trim();
  return {
    id: r.id,
    status: r.status,
    advisorId: r.advisorId,
    advisorName: r.advisorGone
      ? FORMER
      : advisorDisplayName({
          firstName: r.advisorFirst,
          lastName: r.advisorLast,
          jobTitle: r.advisorJobTitle,
        }),
    seekerName: r.seekerGone ? FORMER : fullName(r.seekerFirst, r.seekerLast) || FORMER,
    priceInr: r.priceInr,
    amount: r.amount,
    answerDays: r.answerDays,
    excerpt: [...body].length > 140 ? `${[...body].slice(0, 140).join("")}…` : body,
    createdAt: r.createdAt.toISOString(),
    deadline: r.deadline?.toISOString() ?? null,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    refundedAt: r.refundedAt?.toISOString() ?? null,
  };
}

/**
 * A list's questions, newest first (the indexes on user and on advisor, by creation): asked as
 * a seeker (every one they paid, or are paying, for), or received as an advisor (paid ones).
 */
export async function questionsOf(
  db: Db,
  who: { userId: string } | { advisorId: string },
  limit = 50,
): Promise<QuestionSummary[]> {
  const where =
    "userId" in who
      ? and(
          eq(paidQuestions.userId, who.userId),
          // An order never paid is no question; one paid too late (abandoned) shows with its
          // refund.
          ne(paidQuestions.status, "pending_payment"),
        )
      : and(
          eq(paidQuestions.advisorId, who.advisorId),
          inArray(paidQuestions.status, SEEN_BY_ADVISOR),
        );
  const rows = await summaryQuery(db, where)
    .orderBy(desc(paidQuestions.createdAt), desc(paidQuestions.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** The dashboards' open questions, soonest due first: waiting for (or owing) an answer. */
export async function openQuestions(
  db: Db,
  who: { userId: string } | { advisorId: string },
  limit = 10,
): Promise<QuestionSummary[]> {
  const rows = await summaryQuery(
    db,
    and(
      "userId" in who
        ? eq(paidQuestions.userId, who.userId)
        : eq(paidQuestions.advisorId, who.advisorId),
      eq(paidQuestions.status, "open"),
    ),
  )
    .orderBy(asc(paidQuestions.deadline))
    .limit(limit);
  return rows.map(toSummary);
}

/**
 * One question in full, for its seeker or its advisor (who sees it once it is paid); null for
 * anyone else, admins included. With its files (downloaded through the conversation's
 * attachment route once the question's message exists), its rating, its payment and refund.
 */
export async function questionFor(
  db: Db,
  viewer: { userId: string; advisorId: string | null },
  questionId: string,
) {
  const [q] = await summaryQuery(
    db,
    and(
      eq(paidQuestions.id, questionId),
      or(
        eq(paidQuestions.userId, viewer.userId),
        and(eq(advisors.userId, viewer.userId), inArray(paidQuestions.status, SEEN_BY_ADVISOR)),
      ),
    ),
  );
  if (!q) return null;
  const files = q.messageId
    ? (
        await db
          .select({
            id: messageAttachments.id,
            fileName: messageAttachments.fileName,
            byteSize: messageAttachments.byteSize,
          })
          .from(messageAttachments)
          .where(eq(messageAttachments.messageId, q.messageId))
          .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id))
      ).map((f) => ({
        fileName: f.fileName,
        size: formatFileSize(f.byteSize),
        href: `/messages/attachments/${f.id}` as string | null,
      }))
    : q.attachments.map((f) => ({
        fileName: f.fileName,
        size: formatFileSize(f.byteSize),
        href: null as string | null,
      }));
  const [refund] = await db
    .select({
      amount: refunds.amount,
      status: refunds.status,
      reason: refunds.reason,
      processedAt: refunds.processedAt,
    })
    .from(refunds)
    .where(eq(refunds.questionId, questionId));
  return {
    summary: toSummary(q),
    isSeeker: q.userId === viewer.userId,
    isAdvisor: q.userId !== viewer.userId,
    body: q.body,
    files,
    conversationId: q.conversationId,
    rating:
      q.ratedAt && q.ratingHelpfulness !== null && q.ratingActionability !== null
        ? {
            helpfulness: q.ratingHelpfulness,
            actionability: q.ratingActionability,
            recommend: q.recommendAdvisor === true,
            feedback: q.writtenFeedback,
          }
        : null,
    /** The payment, once it arrived: what the receipt shows. */
    payment:
      q.paymentStatus === "created"
        ? null
        : {
            id: q.paymentId,
            providerPaymentId: q.providerPaymentId,
            feeAmount: q.feeAmount,
            gstAmount: q.gstAmount,
            amount: q.amount,
            paidAt: (q.paidAt ?? q.paymentUpdatedAt).toISOString(),
          },
    refund: refund
      ? {
          amount: refund.amount,
          status: refund.status,
          /** Why, in the product's words (late, an account deleted, paid too late). */
          reason: refund.reason,
          processedAt: refund.processedAt?.toISOString() ?? null,
        }
      : null,
  };
}

export type QuestionView = NonNullable<Awaited<ReturnType<typeof questionFor>>>;

/** A conversation's question messages, for their badge: each message id with its price. */
export async function questionMessages(db: Db, conversationId: string) {
  const rows = await db
    .select({ messageId: paidQuestions.messageId, priceInr: paidQuestions.priceInr })
    .from(paidQuestions)
    .where(eq(paidQuestions.conversationId, conversationId));
  return rows.flatMap((r) => (r.messageId === null ? [] : [r]));
}
