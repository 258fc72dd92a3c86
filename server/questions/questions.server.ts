import { and, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { isOwnAttachment, type StoredAttachment } from "../../core/attachments";
import {
  advisorDisplayName,
  formatPaise,
  formatSessionDate,
  formatSessionTime,
  fullName,
} from "../../core/format";
import type { ReviewInput } from "../../core/forms/sessions";
import { maskContactDetails } from "../../core/message-text";
import { ATTACHMENT_MESSAGES } from "../../core/messages/message-safety";
import { QUESTION_MESSAGES as M } from "../../core/messages/questions";
import { canMarkAnswered, isOverdue, questionDeadline, questionPrice } from "../../core/questions";
import type { Config } from "../config.server";
import { appendMessage } from "../conversations/append.server";
import {
  conversationOfPair,
  hadPaidSession,
  loadConversation,
} from "../conversations/parties.server";
import type { Db, Tx } from "../db/client.server";
import { advisors, messages, paidQuestions, payments, users } from "../db/schema";
import type { Subscriber } from "../events/booking-events.server";
import { queueEmail } from "../mail/mailer.server";
import type { SaleDeps } from "../payments/sale-deps.server";

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

/** Why the seeker cannot ask in this conversation now, or null when they can. */
async function askRefusal(tx: Tx, conversationId: string, seekerUserId: string) {
  const record = await loadConversation(tx, conversationId, { userId: seekerUserId }, true);
  if (!record || record.side !== "seeker") return M.cannotAsk;
  const { conversation: c, seeker, advisor } = record;
  if (seeker.messagingBlockedAt || c.seekerBlockedAt || c.advisorBlockedAt) return M.cannotAsk;
  if (seeker.deletedAt || advisor.deletedAt) return M.cannotAsk;
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
  // A file is sent only by the person who uploaded it, as the message composer's are.
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
      const refusal = await askRefusal(tx, conversationId, userId);
      if (refusal) return { ok: false as const, status: 409 as const, message: refusal };
      // Contact details stay hidden until the pair's first paid session (ADR 93).
      const body = (await hadPaidSession(tx, userId, offer.advisorId))
        ? input.body
        : maskContactDetails(input.body).text;
      const price = questionPrice(offer.priceInr);
      const [payment] = await tx
        .insert(payments)
        .values({
          userId,
          amount: price.totalPaise,
          feeAmount: price.feePaise,
          gstAmount: price.gstPaise,
          status: "created",
          provider: deps.gateway.name,
        })
        .returning({ id: payments.id });
      const [question] = await tx
        .insert(paidQuestions)
        .values({
          conversationId,
          userId,
          advisorId: offer.advisorId,
          paymentId: payment!.id,
          body,
          attachments: [...input.attachments],
          priceInr: offer.priceInr,
          answerDays: offer.answerDays,
          createdAt: now,
        })
        .returning({ id: paidQuestions.id });
      const { orderId } = await deps.gateway.createOrder({
        amountPaise: price.totalPaise,
        receipt: question!.id,
        notes: { questionId: question!.id, paymentId: payment!.id },
      });
      await tx
        .update(payments)
        .set({ razorpayOrderId: orderId })
        .where(eq(payments.id, payment!.id));
      return {
        ok: true as const,
        questionId: question!.id,
        paymentId: payment!.id,
        orderId,
        keyId: deps.gateway.keyId,
        amount: price.totalPaise,
      };
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
        if (await askRefusal(tx, question.conversationId, question.userId)) {
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
        const parties = await partiesOf(tx, question);
        const { id: messageId } = await appendMessage(
          tx,
          {
            conversationId: question.conversationId,
            seekerUserId: question.userId,
            advisorUserId: parties.advisor.userId,
          },
          {
            kind: "text",
            senderId: question.userId,
            body: question.body,
            attachments: question.attachments,
          },
          scope.now,
        );
        const deadline = questionDeadline(scope.now, question.answerDays);
        await tx
          .update(paidQuestions)
          .set({ status: "open", paidAt: scope.now, deadline, messageId, updatedAt: scope.now })
          .where(eq(paidQuestions.id, question.id));
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
          gt(messages.id, question.messageId ?? 0),
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
    for (const question of due) {
      const [payment] = await tx
        .select({ amount: payments.amount })
        .from(payments)
        .where(eq(payments.id, question.paymentId));
      await tx
        .update(paidQuestions)
        .set({ status: "refunded", refundedAt: now, updatedAt: now })
        .where(eq(paidQuestions.id, question.id));
      await scope.publish({
        type: "refund.requested",
        questionId: question.id,
        paymentId: question.paymentId,
        amount: payment!.amount,
        reason: M.refundLate,
      });
      await tell(
        tx,
        deps.config,
        question,
        await partiesOf(tx, question),
        "refunded",
        null,
        payment!.amount,
      );
    }
    return due.length;
  });
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
  what: "asked" | "answered" | "refunded",
  deadline: Date | null = null,
  refundPaise = 0,
) {
  const url = `${config.appUrl}/questions/${question.id}`;
  const advisorName = advisorDisplayName(advisor);
  const seekerName = fullName(seeker.firstName, seeker.lastName);
  const toSeeker =
    what === "asked"
      ? M.mail.asked.seeker(advisorName, dueIn(deadline!, seeker.timeZone))
      : what === "answered"
        ? M.mail.answered.seeker(advisorName)
        : M.mail.refunded.seeker(advisorName, formatPaise(refundPaise));
  const toAdvisor =
    what === "asked"
      ? M.mail.asked.advisor(seekerName, dueIn(deadline!, advisor.timeZone))
      : what === "refunded"
        ? M.mail.refunded.advisor(seekerName)
        : null;
  if (!seeker.deletedAt)
    await queueEmail(tx, {
      name: `question.${what}`,
      to: seeker.email,
      subject: toSeeker.subject,
      heading: toSeeker.heading,
      paragraphs: [`Hi ${seeker.firstName},`, toSeeker.text],
      action: { label: "See your question", url },
    });
  if (toAdvisor && !advisor.deletedAt)
    await queueEmail(tx, {
      name: `question.${what}`,
      to: advisor.email,
      subject: toAdvisor.subject,
      heading: toAdvisor.heading,
      paragraphs: [`Hi ${advisor.firstName},`, toAdvisor.text],
      action: { label: "See the question", url },
    });
}
