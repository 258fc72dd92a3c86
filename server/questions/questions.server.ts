import { and, eq, gte, isNotNull, lte, or, sql } from "drizzle-orm";
import { isOwnAttachment, type StoredAttachment } from "../../core/attachments";
import { ATTACHMENT_MESSAGES } from "../../core/messages/message-safety";
import {
  advisorDisplayName,
  formatPaise,
  formatSessionDate,
  formatSessionTime,
  fullName,
} from "../../core/format";
import type { ReviewInput } from "../../core/forms/sessions";
import { maskContactDetails } from "../../core/message-text";
import { QUESTION_MESSAGES as M } from "../../core/messages/questions";
import { canMarkAnswered, isOverdue, questionDeadline, questionPrice } from "../../core/questions";
import type { Config } from "../config.server";
import { conversationOfPair, hadPaidSession } from "../repositories/conversation-pairs.server";
import type { Db, Tx } from "../db/client.server";
import { advisors, conversations, messages, paidQuestions, payments, users } from "../db/schema";
import type { BookingEvents, EventContext, Subscriber } from "../events/booking-events.server";
import { queueEmail } from "../mail/mailer.server";
import type { SaleDeps } from "../payments/sale-deps.server";
import { orderSale } from "../payments/sale-order.server";

/*
 * Paid questions (issue 40, ADR 98): the seeker pays for one written question, sent to the
 * advisor in their conversation once the payment arrives; the advisor answers there and marks
 * it answered (credited then, through the ledger's `question.answered`), or the deadline job
 * refunds it in full and tells both.
 */

export type QuestionRefusal = { ok: false; status: 400 | 404 | 409 | 502; message: string };
export type QuestionOrder = {
  ok: true;
  questionId: string;
  paymentId: string;
  orderId: string;
  keyId: string;
  amount: number;
};

type Question = typeof paidQuestions.$inferSelect;

/** The advisor's offer as a seeker may take it now: approved, undeleted, opted in. */
export async function questionOffer(db: Db | Tx, advisorId: string) {
  const [offer] = await db
    .select({
      advisorId: advisors.id,
      advisorUserId: advisors.userId,
      priceInr: advisors.questionPriceInr,
      answerDays: advisors.questionAnswerDays,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(
      and(
        eq(advisors.id, advisorId),
        eq(advisors.profileStatus, "approved"),
        isNotNull(advisors.questionPriceInr),
        sql`${users.deletedAt} is null`,
      ),
    );
  if (!offer || offer.priceInr === null || offer.answerDays === null) return null;
  return { ...offer, priceInr: offer.priceInr, answerDays: offer.answerDays };
}

/**
 * Why the seeker cannot ask in their conversation with the advisor now (a block on either side,
 * the seeker stopped from messaging, either account gone), or null when they can. The
 * conversation's row is locked, so a block that commits first is seen.
 */
async function askRefusal(tx: Tx, conversationId: string) {
  const [row] = await tx
    .select({
      seekerBlockedAt: conversations.seekerBlockedAt,
      advisorBlockedAt: conversations.advisorBlockedAt,
      seekerStoppedAt: users.messagingBlockedAt,
      seekerGoneAt: users.deletedAt,
      advisorUserId: advisors.userId,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.seekerId))
    .innerJoin(advisors, eq(advisors.id, conversations.advisorId))
    .where(eq(conversations.id, conversationId))
    .for("update", { of: conversations });
  if (!row || row.seekerBlockedAt || row.advisorBlockedAt || row.seekerStoppedAt)
    return M.cannotAsk;
  if (row.seekerGoneAt) return M.cannotAsk;
  const [advisor] = await tx
    .select({ deletedAt: users.deletedAt, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, row.advisorUserId));
  if (!advisor || advisor.deletedAt || !advisor.isActive) return M.cannotAsk;
  return null;
}

/**
 * Orders a question: its payment (price and GST decided here from the advisor's offer) and the
 * question waiting for it, with the provider's order, in one transaction. The offer's price and
 * answer time are copied, so a later change never changes a question already asked.
 */
export async function startQuestion(
  deps: SaleDeps,
  userId: string,
  input: { advisorId: string; body: string; attachments: readonly StoredAttachment[] },
): Promise<QuestionOrder | QuestionRefusal> {
  // A file is sent only by the person who uploaded it, as the upload answered it.
  if (input.attachments.some((file) => !isOwnAttachment(userId, file)))
    return { ok: false, status: 400, message: ATTACHMENT_MESSAGES.notFound };
  try {
    return await deps.db.transaction(async (tx) => {
      const offer = await questionOffer(tx, input.advisorId);
      if (!offer) return { ok: false as const, status: 404 as const, message: M.notOffered };
      if (offer.advisorUserId === userId)
        return { ok: false as const, status: 400 as const, message: M.ownQuestion };
      const now = deps.now();
      const conversationId = await conversationOfPair(tx, userId, offer.advisorId, now);
      const refusal = await askRefusal(tx, conversationId);
      if (refusal) return { ok: false as const, status: 409 as const, message: refusal };
      // Contact details stay hidden until the pair's first paid session (ADR 93).
      const body = (await hadPaidSession(tx, userId, offer.advisorId))
        ? input.body
        : maskContactDetails(input.body).text;
      const order = await orderSale(tx, deps.gateway, {
        userId,
        price: questionPrice(offer.priceInr),
        record: async (paymentId) => {
          const [question] = await tx
            .insert(paidQuestions)
            .values({
              conversationId,
              userId,
              advisorId: offer.advisorId,
              paymentId,
              body,
              attachments: [...input.attachments],
              priceInr: offer.priceInr,
              answerDays: offer.answerDays,
              createdAt: now,
            })
            .returning({ id: paidQuestions.id });
          return { id: question!.id, notesKey: "questionId" };
        },
      });
      const { id: questionId, ...rest } = order;
      return { ok: true as const, questionId, ...rest };
    });
  } catch (error) {
    deps.logger.error({ err: error, advisorId: input.advisorId }, "question order failed");
    return { ok: false, status: 502, message: M.orderFailed };
  }
}

/**
 * The questions feature hears of its payments: a paid question is sent to the advisor in the
 * conversation, with its files, and its answer time starts; one that can no longer be asked
 * (a party gone, the conversation blocked) is refunded in full.
 */
export function questionsSubscriber(config: Pick<Config, "appUrl">): Subscriber {
  return {
    name: "paid-questions",
    on: {
      "question.paid": async (tx, { questionId }, scope) => {
        const [question] = await tx
          .select()
          .from(paidQuestions)
          .where(eq(paidQuestions.id, questionId))
          .for("update");
        if (!question || question.status !== "pending_payment") return;
        const [payment] = await tx
          .select({ amount: payments.amount })
          .from(payments)
          .where(eq(payments.id, question.paymentId));
        if (await askRefusal(tx, question.conversationId)) {
          await tx
            .update(paidQuestions)
            .set({ status: "abandoned", updatedAt: scope.now })
            .where(eq(paidQuestions.id, question.id));
          await scope.publish({
            type: "refund.requested",
            questionId: question.id,
            paymentId: question.paymentId,
            amount: payment!.amount,
            reason: M.refundPartyGone,
          });
          return;
        }
        const deadline = questionDeadline(scope.now, question.answerDays);
        await tx
          .update(paidQuestions)
          .set({ status: "open", paidAt: scope.now, deadline, updatedAt: scope.now })
          .where(eq(paidQuestions.id, question.id));
        // The conversations feature writes the question into the conversation.
        await scope.publish({ type: "question.opened", questionId: question.id });
        const parties = await partiesOf(tx, question);
        await tell(tx, config, question, parties, "asked", deadline);
      },
    },
  };
}

export type AnswerResult = { ok: true } | QuestionRefusal;

/**
 * The question's advisor marks it answered: only while it is open and before its deadline,
 * and only once they have written in the conversation since it was asked. The credit follows
 * in the same transaction (`question.answered`).
 */
export async function markAnswered(
  deps: Pick<SaleDeps, "db" | "events" | "now" | "config">,
  input: { questionId: string; userId: string },
): Promise<AnswerResult> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [question] = await tx
      .select()
      .from(paidQuestions)
      .where(eq(paidQuestions.id, input.questionId))
      .for("update");
    const parties = question ? await partiesOf(tx, question) : null;
    if (!question || !parties || parties.advisor.userId !== input.userId)
      return { ok: false as const, status: 404 as const, message: M.notFound };
    if (isOverdue(question, now))
      return { ok: false as const, status: 409 as const, message: M.pastDeadline };
    if (!canMarkAnswered(question, now))
      return { ok: false as const, status: 409 as const, message: M.notOpen };
    const [reply] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, question.conversationId),
          eq(messages.senderId, input.userId),
          gte(messages.createdAt, question.paidAt!),
        ),
      )
      .limit(1);
    if (!reply) return { ok: false as const, status: 409 as const, message: M.answerFirst };
    await tx
      .update(paidQuestions)
      .set({ status: "answered", answeredAt: now, updatedAt: now })
      .where(eq(paidQuestions.id, question.id));
    await deps.events
      .within(tx, now)
      .publish({ type: "question.answered", questionId: question.id });
    await tell(tx, deps.config, question, parties, "answered");
    return { ok: true as const };
  });
}

/**
 * The deadline job: each open question past its deadline is refunded in full and both are
 * told. Locked rows are skipped, and the advisor's "answered" takes the same lock, so a
 * question is either answered or refunded, once.
 */
export async function refundOverdueQuestions(
  deps: Pick<SaleDeps, "db" | "events" | "now" | "config">,
  limit = 100,
): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(paidQuestions)
      .where(and(eq(paidQuestions.status, "open"), lte(paidQuestions.deadline, now)))
      .orderBy(paidQuestions.deadline)
      .limit(limit)
      .for("update", { skipLocked: true });
    const scope = deps.events.within(tx, now);
    for (const question of due) await refundInFull(tx, scope, deps.config, question, "refunded");
    return due.length;
  });
}

/**
 * An account's deletion (ADR 91, through the accounts feature's port): every open question the
 * person asked or was asked is refunded in full, as an overdue one is, and both are told why.
 */
export async function refundQuestionsOf(
  tx: Tx,
  events: BookingEvents,
  config: Pick<Config, "appUrl">,
  input: { userId: string; advisorId: string | null; now: Date },
): Promise<{ count: number; refundedPaise: number; afterCommit: () => Promise<unknown> }> {
  const { now } = input;
  const scope = events.within(tx, now);
  const theirs = input.advisorId
    ? or(eq(paidQuestions.userId, input.userId), eq(paidQuestions.advisorId, input.advisorId))
    : eq(paidQuestions.userId, input.userId);
  const open = await tx
    .select()
    .from(paidQuestions)
    .where(and(eq(paidQuestions.status, "open"), theirs))
    .orderBy(paidQuestions.createdAt)
    .for("update");
  let refundedPaise = 0;
  for (const question of open)
    refundedPaise += await refundInFull(tx, scope, config, question, "closed");
  return { count: open.length, refundedPaise, afterCommit: () => scope.afterCommit() };
}

/**
 * An open question refunded in full (all of its payment, GST too), both told: late
 * ("refunded"), or closed by an account's deletion ("closed"). Returns the paise refunded.
 */
async function refundInFull(
  tx: Tx,
  scope: EventContext,
  config: Pick<Config, "appUrl">,
  question: Question,
  why: "refunded" | "closed",
): Promise<number> {
  const [payment] = await tx
    .select({ amount: payments.amount })
    .from(payments)
    .where(eq(payments.id, question.paymentId));
  await tx
    .update(paidQuestions)
    .set({ status: "refunded", refundedAt: scope.now, updatedAt: scope.now })
    .where(eq(paidQuestions.id, question.id));
  await scope.publish({
    type: "refund.requested",
    questionId: question.id,
    paymentId: question.paymentId,
    amount: payment!.amount,
    reason: why === "refunded" ? M.refundLate : M.refundAccountDeleted,
  });
  await tell(tx, config, question, await partiesOf(tx, question), why, null, payment!.amount);
  return payment!.amount;
}

export type RateResult = { ok: true } | QuestionRefusal;

/** The seeker rates an answered question, once (the row's lock and check decide two at once). */
export async function rateQuestion(
  db: Db,
  input: { questionId: string; userId: string; review: ReviewInput; now: Date },
): Promise<RateResult> {
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select()
      .from(paidQuestions)
      .where(eq(paidQuestions.id, input.questionId))
      .for("update");
    if (!question || question.userId !== input.userId)
      return { ok: false as const, status: 404 as const, message: M.notFound };
    if (question.status !== "answered" || question.ratedAt)
      return { ok: false as const, status: 409 as const, message: M.rateNotAllowed };
    const { review } = input;
    await tx
      .update(paidQuestions)
      .set({
        ratingHelpfulness: review.ratingHelpfulness,
        ratingActionability: review.ratingActionability,
        recommendAdvisor: review.recommendAdvisor === "yes",
        writtenFeedback: review.writtenFeedback,
        ratedAt: input.now,
        updatedAt: input.now,
      })
      .where(eq(paidQuestions.id, question.id));
    return { ok: true as const };
  });
}

/** The two people of a question, as its e-mails address them. */
async function partiesOf(tx: Tx, question: Pick<Question, "userId" | "advisorId">) {
  const [seeker] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      timeZone: users.timeZone,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, question.userId));
  const [advisor] = await tx
    .select({
      userId: advisors.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      jobTitle: advisors.jobTitle,
      timeZone: users.timeZone,
      deletedAt: users.deletedAt,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.id, question.advisorId));
  return { seeker: seeker!, advisor: advisor! };
}

type Parties = Awaited<ReturnType<typeof partiesOf>>;

const dueIn = (deadline: Date, zone: string | null) => {
  const z = zone ?? "Asia/Kolkata";
  return `${formatSessionDate(deadline, z)}, ${formatSessionTime(deadline, z)}`;
};

/** The seeker and (where the e-mail has a part for them) the advisor are told. */
async function tell(
  tx: Tx,
  config: Pick<Config, "appUrl">,
  question: Question,
  { seeker, advisor }: Parties,
  what: "asked" | "answered" | "refunded" | "closed",
  deadline: Date | null = null,
  refundPaise = 0,
) {
  const url = `${config.appUrl}/questions/${question.id}`;
  // A question closed by a deletion is a refund notice like an overdue one's.
  const name = `question.${what === "closed" ? "refunded" : what}` as const;
  const advisorName = advisorDisplayName(advisor);
  const seekerName = fullName(seeker.firstName, seeker.lastName);
  const toSeeker =
    what === "asked"
      ? M.mail.asked.seeker(advisorName, dueIn(deadline!, seeker.timeZone))
      : what === "answered"
        ? M.mail.answered.seeker(advisorName)
        : M.mail[what].seeker(advisorName, formatPaise(refundPaise));
  const toAdvisor =
    what === "asked"
      ? M.mail.asked.advisor(seekerName, dueIn(deadline!, advisor.timeZone))
      : what === "refunded" || what === "closed"
        ? M.mail[what].advisor(seekerName)
        : null;
  if (!seeker.deletedAt)
    await queueEmail(tx, {
      name,
      to: seeker.email,
      subject: toSeeker.subject,
      heading: toSeeker.heading,
      paragraphs: [`Hi ${seeker.firstName},`, toSeeker.text],
      action: { label: "See your question", url },
    });
  if (toAdvisor && !advisor.deletedAt)
    await queueEmail(tx, {
      name,
      to: advisor.email,
      subject: toAdvisor.subject,
      heading: toAdvisor.heading,
      paragraphs: [`Hi ${advisor.firstName},`, toAdvisor.text],
      action: { label: "See the question", url },
    });
}
