import { randomUUID } from "node:crypto";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { step1Schema, step2Schema, step3Schema } from "../../../core/forms/advisor-application";
import { ADDITIONAL_INFO_MAX, TOPIC_MAX_LENGTH } from "../../../core/booking-limits";
import { topicsField } from "../../../core/forms/booking";
import { cancelReasonSchema, FEEDBACK_MAX, reviewSchema } from "../../../core/forms/sessions";
import { packageOfferSchema } from "../../../core/forms/packages";
import { PACKAGE_LIMITS, packagePrice } from "../../../core/packages";
import { questionSchema } from "../../../core/forms/questions";
import { QUESTION_LIMITS, questionPrice } from "../../../core/questions";
import { MESSAGE_MAX_LENGTH } from "../../../core/conversation";
import { insertVerifiedLogin } from "../../../server/auth/verified-login.server";
import { openDatabase } from "../../../server/db/client.server";
import * as s from "../../../server/db/schema";
import { DEMO_ADVISOR, DEMO_PASSWORD, DEMO_SEEKER } from "./auth";

/*
 * The "torture" advisor: every text a person writes, at its longest and least breakable (one
 * word of the field's maximum length, long URLs, emoji, right-to-left Arabic and Hebrew), on
 * an approved profile with reviews, and sessions with the demo seeker and the demo advisor
 * carrying notes and a cancellation reason. Each value passes the schema the app checks it
 * with, so a person could have typed it.
 */

/** One unbroken "word" of exactly `length` characters, from `unit` repeated. */
export const word = (unit: string, length: number) =>
  [...unit.repeat(Math.ceil(length / [...unit].length))].slice(0, length).join("");

const ARABIC = "مستشارالتطويرالمهني";
const HEBREW = "יועץקריירהבכיר";
const EMOJI = "🚀👩🏽‍💻🌏";
const longUrl = (length: number) =>
  `https://example.com/${word("a-very-long-path-segment/", length - 20)}`;

export const TORTURE_EMAIL = "torture.advisor@example.com";
export const TORTURE = {
  firstName: word("Wolfeschlegelsteinhausen", 100),
  lastName: word(ARABIC, 100),
  jobTitle: word(`${ARABIC}${HEBREW}`, 200),
  currentCompany: word("Supercalifragilistic", 200),
  linkedinUrl: `https://www.linkedin.com/in/${word("torture", 272)}`,
  workLocations: [word("Thiruvananthapuram", 80), word(HEBREW, 80)],
  shortIntro: word(`${HEBREW}${EMOJI}`, 120),
  about: [
    word("Pneumonoultramicroscopic", 2000),
    longUrl(1000),
    `${ARABIC} ${HEBREW} ${EMOJI}`,
    "I moved countries twice, changed careers once and would gladly tell you what I learned along the way.",
  ].join(" "),
  skills: [word("Leadership", 80), word(ARABIC, 80), word(EMOJI, 80)],
  careerAdviceTopics: [word(HEBREW, 80), word("Careerchange", 80), word(`${ARABIC}🚀`, 80)],
  personalAdviceTopics: [word("Relocation", 80), word(ARABIC, 80), word(EMOJI, 80)],
  businessAdviceTopics: [word("Fundraising", 80)],
  review: word("Extraordinarilyhelpful", FEEDBACK_MAX),
  secondReview: `${longUrl(1000)} ${word(`${ARABIC}${EMOJI}`, 900)}`,
  topics: [word(ARABIC, TOPIC_MAX_LENGTH), word("Negotiation", TOPIC_MAX_LENGTH)],
  notes: word(`${HEBREW}Notes`, ADDITIONAL_INFO_MAX),
  reason: `${word("Unavoidable", 500)} ${longUrl(499)}`,
  packageName: word(`Careerpackage${ARABIC}`, PACKAGE_LIMITS.nameMax),
  packageDescription: word(`Thoroughlyprepared${EMOJI}`, PACKAGE_LIMITS.descriptionMax),
  question: word(`Question${ARABIC}${EMOJI}${HEBREW}`, MESSAGE_MAX_LENGTH),
};

export type TortureIds = {
  advisorId: string;
  userId: string;
  conversationId: string;
  /** Their package on sale, and the demo seeker's purchase of it (issue 40). */
  packageId: string;
  purchaseId: string;
  /** The demo seeker's paid question to them, open and at its longest (issue 40). */
  questionId: string;
};

/**
 * Adds the torture advisor and their sessions to a seeded data directory (no server may hold
 * it open), through the app's own database module and schema.
 */
export async function seedTorture(dataDir: string, now = new Date()): Promise<TortureIds> {
  // The app's own checks first: nothing here is beyond what a person could send.
  step1Schema.parse({ ...TORTURE, phone: "+91 98765 43210", totalExperience: "50" });
  step2Schema.parse({ ...TORTURE, headshotUrl: "/uploads/headshots/x.webp" });
  step3Schema.parse(TORTURE);
  for (const feedback of [TORTURE.review, TORTURE.secondReview])
    reviewSchema.parse({
      ratingHelpfulness: 5,
      ratingActionability: 4,
      recommendAdvisor: "yes",
      writtenFeedback: feedback,
    });
  cancelReasonSchema.parse(TORTURE.reason);
  packageOfferSchema.parse({
    name: TORTURE.packageName,
    description: TORTURE.packageDescription,
    sessions: String(PACKAGE_LIMITS.maxSessions),
    duration: "30",
    validityDays: String(PACKAGE_LIMITS.maxValidityDays),
    priceInr: String(PACKAGE_LIMITS.maxPriceInr),
  });
  topicsField.parse(TORTURE.topics);
  questionSchema.parse({ body: TORTURE.question });

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  try {
    return await database.db.transaction(async (tx) => {
      const person = async (email: string) => {
        const [row] = await tx
          .select({ id: s.users.id, advisorId: s.advisors.id })
          .from(s.users)
          .leftJoin(s.advisors, eq(s.advisors.userId, s.users.id))
          .where(eq(s.users.email, email));
        if (!row) throw new Error(`No demo account ${email}`);
        return row;
      };
      const seeker = await person(DEMO_SEEKER);
      const demoAdvisor = await person(DEMO_ADVISOR);
      const [photo] = await tx
        .select({ url: s.advisors.headshotUrl })
        .from(s.advisors)
        .where(and(eq(s.advisors.id, demoAdvisor.advisorId!), isNotNull(s.advisors.headshotUrl)));

      const { firstName, lastName } = TORTURE;
      const authUserId = await insertVerifiedLogin(tx, {
        name: `${firstName} ${lastName}`,
        email: TORTURE_EMAIL,
        passwordHash,
      });
      const [user] = await tx
        .insert(s.users)
        .values({
          firstName,
          lastName,
          email: TORTURE_EMAIL,
          authUserId,
          profession: TORTURE.jobTitle,
          city: TORTURE.workLocations[0],
          country: TORTURE.workLocations[1],
        })
        .returning({ id: s.users.id });
      const advisorId = randomUUID();
      await tx.insert(s.advisors).values({
        id: advisorId,
        userId: user!.id,
        headshotUrl: photo?.url ?? null,
        jobTitle: TORTURE.jobTitle,
        currentCompany: TORTURE.currentCompany,
        totalExperienceYears: 50,
        shortIntro: TORTURE.shortIntro,
        about: TORTURE.about,
        hourlyRateInr: 1_000_000,
        phone: "+91 98765 43210",
        linkedinUrl: TORTURE.linkedinUrl,
        skills: TORTURE.skills,
        workLocations: TORTURE.workLocations,
        personalAdviceTopics: TORTURE.personalAdviceTopics,
        careerAdviceTopics: TORTURE.careerAdviceTopics,
        businessAdviceTopics: TORTURE.businessAdviceTopics,
        sessionTimezone: "Asia/Kolkata",
        termsAccepted: true,
        profileStatus: "approved",
        // Paid questions at their dearest and slowest (issue 40).
        questionPriceInr: QUESTION_LIMITS.maxPriceInr,
        questionAnswerDays: QUESTION_LIMITS.maxAnswerDays,
      });
      // Packages at their longest (issue 40): one on sale, one withdrawn.
      const [onSale] = await tx
        .insert(s.advisorPackages)
        .values(
          [TORTURE.packageName, word(`${HEBREW}Package`, PACKAGE_LIMITS.nameMax)].map(
            (name, i) => ({
              advisorId,
              name,
              description: TORTURE.packageDescription,
              sessions: PACKAGE_LIMITS.maxSessions,
              duration: 30,
              validityDays: PACKAGE_LIMITS.maxValidityDays,
              priceInr: PACKAGE_LIMITS.maxPriceInr,
              status: i === 0 ? ("active" as const) : ("withdrawn" as const),
            }),
          ),
        )
        .returning({ id: s.advisorPackages.id });
      const [schedule] = await tx
        .insert(s.advisorSchedules)
        .values({ advisorId, timezone: "Asia/Kolkata" })
        .returning({ id: s.advisorSchedules.id });
      await tx.insert(s.scheduleSlots).values(
        [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
          scheduleId: schedule!.id,
          dayOfWeek,
          startTime: "09:00",
          endTime: "17:00",
        })),
      );

      // Whole days from today at a fixed UTC time, so no two sessions of an advisor overlap.
      const day = (offset: number, hourUtc: number) => {
        const at = new Date(now);
        at.setUTCHours(hourUtc, 0, 0, 0);
        at.setUTCDate(at.getUTCDate() + offset);
        return at;
      };
      const session = async (plan: {
        userId: string;
        advisorId: string;
        when: Date;
        status: (typeof s.BOOKING_STATUSES)[number];
        cancelledBy?: string;
        review?: string;
      }) => {
        const [payment] = await tx
          .insert(s.payments)
          .values({ userId: plan.userId, amount: 0, status: "free", provider: "none" })
          .returning({ id: s.payments.id });
        const cancelled = plan.status === "cancelled";
        const [booking] = await tx
          .insert(s.bookings)
          .values({
            paymentId: payment!.id,
            userId: plan.userId,
            advisorId: plan.advisorId,
            datetime: plan.when,
            duration: 30,
            endsAt: new Date(plan.when.getTime() + 30 * 60_000),
            status: plan.status,
            sessionType: "First Call",
            topics: TORTURE.topics,
            additionalInfo: TORTURE.notes,
            cancellationReason: cancelled ? TORTURE.reason : null,
            cancelledBy: cancelled ? plan.cancelledBy : null,
            cancelledAt: cancelled ? now : null,
            videoCallLink: longUrl(300),
            advisorTimezone: "Asia/Kolkata",
            seekerTimezone: "Asia/Kolkata",
            reviewSubmitted: plan.review !== undefined,
          })
          .returning({ id: s.bookings.id });
        if (plan.review !== undefined) {
          await tx.insert(s.reviews).values({
            bookingId: booking!.id,
            advisorId: plan.advisorId,
            userId: plan.userId,
            ratingHelpfulness: 5,
            ratingActionability: 4,
            recommendAdvisor: true,
            writtenFeedback: plan.review,
          });
        }
      };
      const withTorture = { userId: seeker.id, advisorId };
      await session({
        ...withTorture,
        when: day(-3, 4),
        status: "completed",
        review: TORTURE.review,
      });
      await session({
        ...withTorture,
        when: day(-2, 4),
        status: "completed",
        review: TORTURE.secondReview,
      });
      await session({ ...withTorture, when: day(-1, 4), status: "completed" });
      await session({ ...withTorture, when: day(3, 5), status: "confirmed" });
      await session({
        ...withTorture,
        when: day(4, 5),
        status: "cancelled",
        cancelledBy: seeker.id,
      });
      // The torture advisor as a seeker: the demo advisor's dashboard shows their name.
      await session({
        userId: user!.id,
        advisorId: demoAdvisor.advisorId!,
        when: day(5, 21),
        status: "confirmed",
      });
      // The demo seeker's conversation with them: the longest message as one word, a long
      // link, right-to-left text and a session notice (issue 39).
      const conversationId = randomUUID();
      await tx
        .insert(s.conversations)
        .values({ id: conversationId, seekerId: seeker.id, advisorId });
      const said = await tx
        .insert(s.messages)
        .values([
          { conversationId, bookingId: null, sessionEvent: "booked", sessionStart: day(3, 5) },
          { conversationId, senderId: user!.id, body: word(`${HEBREW}${EMOJI}${ARABIC}`, 4000) },
          {
            conversationId,
            senderId: seeker.id,
            body: `See ${longUrl(400)} and ${word("Pneumono", 200)}`,
          },
        ])
        .returning({ id: s.messages.id });
      await tx
        .update(s.conversations)
        .set({ lastMessageId: said.at(-1)!.id, lastMessageAt: now })
        .where(eq(s.conversations.id, conversationId));
      // Issue 39 part B: the torture advisor, as a seeker, writes to the demo advisor, who
      // reports it: /admin/reports shows their longest texts and a file's longest name.
      const [talk] = await tx
        .insert(s.conversations)
        .values({ seekerId: user!.id, advisorId: demoAdvisor.advisorId! })
        .returning({ id: s.conversations.id });
      const [reportedSaid] = await tx
        .insert(s.messages)
        .values({ conversationId: talk!.id, senderId: user!.id, body: TORTURE.about })
        .returning({ id: s.messages.id });
      await tx.insert(s.messageAttachments).values({
        messageId: reportedSaid!.id,
        fileKey: `messages/${user!.id}/00000000-0000-4000-8000-000000000000.pdf`,
        fileName: `${word(`${ARABIC}${EMOJI}`, 115)}.pdf`,
        contentType: "application/pdf",
        byteSize: 9_999_999,
      });
      await tx.insert(s.conversationReports).values({
        conversationId: talk!.id,
        reporterId: demoAdvisor.id,
        reason: TORTURE.reason,
      });
      // The demo seeker bought the package on sale, at its longest and dearest.
      const price = packagePrice(PACKAGE_LIMITS.maxPriceInr);
      const [paid] = await tx
        .insert(s.payments)
        .values({
          userId: seeker.id,
          amount: price.totalPaise,
          feeAmount: price.feePaise,
          gstAmount: price.gstPaise,
          status: "paid",
        })
        .returning({ id: s.payments.id });
      const [purchase] = await tx
        .insert(s.packagePurchases)
        .values({
          packageId: onSale!.id,
          userId: seeker.id,
          advisorId,
          paymentId: paid!.id,
          name: TORTURE.packageName,
          sessions: PACKAGE_LIMITS.maxSessions,
          duration: 30,
          validityDays: PACKAGE_LIMITS.maxValidityDays,
          status: "active",
          expiresAt: day(PACKAGE_LIMITS.maxValidityDays, 4),
        })
        .returning({ id: s.packagePurchases.id });
      // The demo seeker's paid questions in their conversation (issue 40): one open, its
      // longest text and file name; one answered and rated with the longest feedback.
      const asked = async (status: "open" | "answered", paidAt: Date) => {
        const cost = questionPrice(QUESTION_LIMITS.maxPriceInr);
        const [payment] = await tx
          .insert(s.payments)
          .values({
            userId: seeker.id,
            amount: cost.totalPaise,
            feeAmount: cost.feePaise,
            gstAmount: cost.gstPaise,
            status: "paid",
          })
          .returning({ id: s.payments.id });
        const [message] = await tx
          .insert(s.messages)
          .values({ conversationId, senderId: seeker.id, body: TORTURE.question })
          .returning({ id: s.messages.id });
        const file = {
          fileKey: `messages/${seeker.id}/00000000-0000-4000-8000-000000000040.pdf`,
          fileName: `${word(`${ARABIC}${EMOJI}`, 115)}.pdf`,
          contentType: "application/pdf",
          byteSize: 9_999_999,
        };
        await tx.insert(s.messageAttachments).values({ ...file, messageId: message!.id });
        const [question] = await tx
          .insert(s.paidQuestions)
          .values({
            conversationId,
            userId: seeker.id,
            advisorId,
            paymentId: payment!.id,
            messageId: message!.id,
            body: TORTURE.question,
            attachments: [file],
            priceInr: QUESTION_LIMITS.maxPriceInr,
            answerDays: QUESTION_LIMITS.maxAnswerDays,
            status,
            paidAt,
            deadline: new Date(paidAt.getTime() + QUESTION_LIMITS.maxAnswerDays * 86_400_000),
            createdAt: paidAt,
            ...(status === "answered"
              ? {
                  answeredAt: new Date(paidAt.getTime() + 86_400_000),
                  ratingHelpfulness: 5,
                  ratingActionability: 4,
                  recommendAdvisor: true,
                  writtenFeedback: TORTURE.review,
                  ratedAt: new Date(paidAt.getTime() + 2 * 86_400_000),
                }
              : {}),
          })
          .returning({ id: s.paidQuestions.id });
        return question!.id;
      };
      await asked("answered", day(-6, 4));
      const questionId = await asked("open", day(-1, 4));
      const [newest] = await tx
        .select({ id: s.messages.id })
        .from(s.messages)
        .where(eq(s.messages.conversationId, conversationId))
        .orderBy(desc(s.messages.id))
        .limit(1);
      await tx
        .update(s.conversations)
        .set({ lastMessageId: newest!.id, lastMessageAt: now })
        .where(eq(s.conversations.id, conversationId));
      return {
        advisorId,
        userId: user!.id,
        conversationId,
        packageId: onSale!.id,
        purchaseId: purchase!.id,
        questionId,
      };
    });
  } finally {
    await database.close();
  }
}
