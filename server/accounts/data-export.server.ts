import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { EXPORT_DAYS, PRIVACY_MESSAGES as M } from "../../core/messages/privacy";
import { auditLabel, writeAudit } from "../audit/audit.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import type { Logger } from "../logger.server";
import { queueEmail } from "../mail/mailer.server";
import type { FileStorage } from "../storage/storage.server";
import { zip } from "./zip";

/*
 * "Download my data" (ADR 91). A request only queues a row; the privacy job builds the
 * archive off the request path (however large the account), stores it privately, e-mails the
 * person, and deletes the file once its days are up. The download answers its owner alone,
 * and every request and download is in the audit log.
 */

const DAY_MS = 86_400_000;
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const BATCH = 5;

export type ExportView =
  | { status: "queued" }
  | { status: "ready"; id: string; expiresAt: Date }
  | { status: "failed" }
  | null;

/** The person's latest export as Settings › Privacy shows it (an expired one shows nothing). */
export async function latestExport(db: Db, userId: string, now: Date): Promise<ExportView> {
  const [row] = await db
    .select()
    .from(s.dataExports)
    .where(eq(s.dataExports.userId, userId))
    .orderBy(desc(s.dataExports.createdAt))
    .limit(1);
  if (!row) return null;
  if (row.status === "queued") return { status: "queued" };
  if (row.status === "failed") return { status: "failed" };
  if (row.status === "ready" && row.expiresAt && row.expiresAt > now)
    return { status: "ready", id: row.id, expiresAt: row.expiresAt };
  return null;
}

type Person = { userId: string; firstName: string; lastName: string; email: string };

/** Queues an export (one at a time), audited in the same transaction. */
export async function requestExport(
  db: Db,
  input: Person & { now: Date; requestId?: string | null },
): Promise<{ ok: true; queued: boolean }> {
  return db.transaction(async (tx) => {
    // One request at a time per person, whatever arrives at once.
    await tx
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.id, input.userId))
      .for("update");
    const [pending] = await tx
      .select({ id: s.dataExports.id })
      .from(s.dataExports)
      .where(and(eq(s.dataExports.userId, input.userId), eq(s.dataExports.status, "queued")));
    if (pending) return { ok: true as const, queued: false };
    const [row] = await tx
      .insert(s.dataExports)
      .values({ userId: input.userId, nextAttemptAt: input.now, createdAt: input.now })
      .returning({ id: s.dataExports.id });
    await writeAudit(tx, {
      actorUserId: input.userId,
      action: "account.export_request",
      targetType: "user",
      targetId: input.userId,
      targetLabel: auditLabel(input),
      after: { export_id: row!.id },
      requestId: input.requestId ?? null,
    });
    return { ok: true as const, queued: true };
  });
}

export type ExportDownload =
  { ok: true; file: Buffer; filename: string } | { ok: false; status: 404 | 410; message: string };

/**
 * The archive, for its owner only while it lasts: someone else's export reads as missing
 * (404, whoever asks), an expired one of their own as gone (410). Each download is audited.
 */
export async function downloadExport(
  db: Db,
  storage: FileStorage,
  input: Person & { exportId: string; now: Date; requestId?: string | null },
): Promise<ExportDownload> {
  const [row] = await db
    .select()
    .from(s.dataExports)
    .where(and(eq(s.dataExports.id, input.exportId), eq(s.dataExports.userId, input.userId)));
  if (!row) return { ok: false, status: 404, message: M.exportGone };
  if (row.status !== "ready" || !row.fileKey || !row.expiresAt || row.expiresAt <= input.now)
    return { ok: false, status: 410, message: M.exportGone };
  const file = await storage.readPrivate(row.fileKey);
  if (!file) return { ok: false, status: 410, message: M.exportGone };
  await db.transaction((tx) =>
    writeAudit(tx, {
      actorUserId: input.userId,
      action: "account.export_download",
      targetType: "user",
      targetId: input.userId,
      targetLabel: auditLabel(input),
      after: { export_id: row.id },
      requestId: input.requestId ?? null,
    }),
  );
  const day = row.createdAt.toISOString().slice(0, 10);
  return { ok: true, file, filename: `beenthere-data-${day}.zip` };
}

export type PrivacyJobDeps = {
  storage: FileStorage;
  config: Pick<Config, "appUrl">;
  logger: Logger;
  now: () => Date;
  signal?: AbortSignal;
};

/**
 * The privacy job: builds the due exports (claimed by pushing `next_attempt_at` a lease ahead,
 * so another instance skips them), then deletes the files whose days are up.
 */
export async function runDataExports(
  db: Db,
  deps: PrivacyJobDeps,
): Promise<{ built: number; expired: number }> {
  const now = deps.now();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: s.dataExports.id })
      .from(s.dataExports)
      .where(and(eq(s.dataExports.status, "queued"), lte(s.dataExports.nextAttemptAt, now)))
      .orderBy(asc(s.dataExports.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(s.dataExports)
      .set({
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${s.dataExports.attempts} + 1`,
      })
      .where(
        inArray(
          s.dataExports.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  let built = 0;
  for (const job of claimed) {
    if (deps.signal?.aborted) break; // the lease lapses and another run takes it
    try {
      await buildOne(db, deps, job);
      built += 1;
    } catch (error) {
      deps.logger.error({ err: error, exportId: job.id }, "data export failed");
      const failed = job.attempts >= MAX_ATTEMPTS;
      await db
        .update(s.dataExports)
        .set({
          status: failed ? "failed" : "queued",
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: new Date(now.getTime() + 60_000 * 2 ** job.attempts),
        })
        .where(and(eq(s.dataExports.id, job.id), eq(s.dataExports.status, "queued")));
    }
  }
  return { built, expired: await expireExports(db, deps) };
}

async function buildOne(
  db: Db,
  deps: PrivacyJobDeps,
  job: typeof s.dataExports.$inferSelect,
): Promise<void> {
  const data = await collectPersonalData(db, job.userId);
  if (!data) {
    await db.delete(s.dataExports).where(eq(s.dataExports.id, job.id));
    return;
  }
  const madeAt = deps.now();
  const files = Object.entries(data.files).map(([name, value]) => ({
    name: `${name}.json`,
    data: Buffer.from(JSON.stringify(value, null, 2) + "\n", "utf8"),
  }));
  files.unshift({ name: "README.txt", data: Buffer.from(readme(madeAt), "utf8") });
  const archive = zip(files, madeAt);
  const key = `exports/${job.id}-${randomUUID()}.zip`;
  await deps.storage.putPrivate(key, archive, "application/zip");
  const expiresAt = new Date(madeAt.getTime() + EXPORT_DAYS * DAY_MS);
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(s.dataExports)
      .set({
        status: "ready",
        fileKey: key,
        byteSize: archive.length,
        readyAt: madeAt,
        expiresAt,
        lastError: null,
      })
      .where(and(eq(s.dataExports.id, job.id), eq(s.dataExports.status, "queued")))
      .returning({ id: s.dataExports.id });
    if (!row) return false;
    await queueEmail(tx, {
      name: "account.data-export-ready",
      to: data.email,
      subject: M.exportMailSubject,
      heading: M.exportMailHeading,
      paragraphs: [M.exportMailBody(data.firstName), M.exportMailExpiry],
      action: {
        label: M.exportDownload,
        url: `${deps.config.appUrl}/settings/privacy/exports/${job.id}`,
      },
      footnote: M.exportMailFootnote,
    });
    return true;
  });
  // The account went (or another run finished first) while this one built: not kept.
  if (!stored) await deps.storage.removePrivate(key);
}

/** Deletes the files of exports whose days are up; the rows stay as the record of a request. */
async function expireExports(db: Db, deps: PrivacyJobDeps): Promise<number> {
  const now = deps.now();
  const due = await db
    .select({ id: s.dataExports.id, fileKey: s.dataExports.fileKey })
    .from(s.dataExports)
    .where(and(eq(s.dataExports.status, "ready"), lte(s.dataExports.expiresAt, now)))
    .limit(50);
  for (const row of due) {
    if (row.fileKey) await deps.storage.removePrivate(row.fileKey);
    await db
      .update(s.dataExports)
      .set({ status: "expired", fileKey: null })
      .where(eq(s.dataExports.id, row.id));
  }
  return due.length;
}

function readme(madeAt: Date): string {
  return [
    "Your BeenThere data",
    "",
    `Made ${madeAt.toISOString()}. Each file is JSON (UTF-8); times are ISO 8601 in UTC and`,
    "money is in paise (1/100 of a rupee) unless a field says rupees.",
    "",
    "account.json   your account, sign-in methods and signed-in devices",
    "advisor.json   your advisor profile and schedule (advisors only)",
    "sessions.json  sessions you booked and sessions booked with you, with their payments",
    "               and refunds; other people appear by first name only",
    "reviews.json   reviews you wrote and reviews you received",
    "earnings.json  your ledger entries, payouts and balance (advisors only)",
    "emails.json    the e-mails we sent you",
    "texts.json     the WhatsApp and SMS messages we sent you",
    "choices.json   what you agreed to and when (terms, privacy notice, marketing, WhatsApp",
    "               and SMS), and which messages you chose to get on which channel",
    "messages.json  your conversations: every message in them, yours and the other person's",
    "               (by first name), with session notices and the names of files sent",
    "purchases.json packages you bought or sold (sessions used, refunds) and paid questions",
    "               you asked or were asked (status, dates, price, rating); other people",
    "               appear by first name only",
    "records.json   our audit records about your account, and your data requests",
    "",
  ].join("\n");
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Everything held about one person, as the files of their export. Another person appears by
 * first name alone: never their e-mail, surname, notes or payment details.
 */
export async function collectPersonalData(
  db: Db,
  userId: string,
): Promise<{ email: string; firstName: string; files: Record<string, unknown> } | null> {
  const [user] = await db.select().from(s.users).where(eq(s.users.id, userId));
  if (!user || user.deletedAt) return null;
  const authUser = user.authUserId
    ? (await db.select().from(s.authUsers).where(eq(s.authUsers.id, user.authUserId)))[0]
    : undefined;
  const signIns = user.authUserId
    ? await db
        .select({ provider: s.authAccounts.providerId, createdAt: s.authAccounts.createdAt })
        .from(s.authAccounts)
        .where(eq(s.authAccounts.userId, user.authUserId))
    : [];
  const devices = user.authUserId
    ? await db
        .select({
          createdAt: s.authSessions.createdAt,
          updatedAt: s.authSessions.updatedAt,
          expiresAt: s.authSessions.expiresAt,
          ipAddress: s.authSessions.ipAddress,
          userAgent: s.authSessions.userAgent,
        })
        .from(s.authSessions)
        .where(eq(s.authSessions.userId, user.authUserId))
    : [];
  const [advisor] = await db.select().from(s.advisors).where(eq(s.advisors.userId, userId));

  const account = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: authUser?.emailVerified ?? false,
    profession: user.profession,
    ageRange: user.ageRange,
    city: user.city,
    country: user.country,
    phone: user.phone,
    phoneVerifiedAt: iso(user.phoneVerifiedAt),
    timeZone: user.timeZone,
    photoUrl: user.photoUrl,
    messagingStoppedAt: iso(user.messagingBlockedAt),
    admin: user.admin === "Y",
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
    signInMethods: signIns.map((row) => ({
      method: row.provider === "credential" ? "email and password" : row.provider,
      since: iso(row.createdAt),
    })),
    signedInDevices: devices.map((row) => ({
      signedInAt: iso(row.createdAt),
      lastActiveAt: iso(row.updatedAt),
      expiresAt: iso(row.expiresAt),
      ipAddress: row.ipAddress,
      browser: row.userAgent,
    })),
  };

  const otherUser = alias(s.users, "other_user");
  const advisorUser = alias(s.users, "advisor_user");
  const refundOf = alias(s.refunds, "refund_of");
  const sessionColumns = {
    id: s.bookings.id,
    datetime: s.bookings.datetime,
    duration: s.bookings.duration,
    status: s.bookings.status,
    sessionType: s.bookings.sessionType,
    topics: s.bookings.topics,
    cancellationReason: s.bookings.cancellationReason,
    cancelledAt: s.bookings.cancelledAt,
    cancelledBy: s.bookings.cancelledBy,
    createdAt: s.bookings.createdAt,
    refundAmount: refundOf.amount,
    refundStatus: refundOf.status,
    refundProcessedAt: refundOf.processedAt,
  };
  const asSeeker = await db
    .select({
      ...sessionColumns,
      additionalInfo: s.bookings.additionalInfo,
      meetingLink: s.bookings.videoCallLink,
      advisorFirstName: advisorUser.firstName,
      yourTimezone: s.bookings.seekerTimezone,
      payment: {
        id: s.payments.id,
        amount: s.payments.amount,
        feeAmount: s.payments.feeAmount,
        gstAmount: s.payments.gstAmount,
        currency: s.payments.currency,
        status: s.payments.status,
        provider: s.payments.provider,
        orderId: s.payments.razorpayOrderId,
        paymentId: s.payments.razorpayPaymentId,
        createdAt: s.payments.createdAt,
      },
    })
    .from(s.bookings)
    .innerJoin(s.advisors, eq(s.advisors.id, s.bookings.advisorId))
    .innerJoin(advisorUser, eq(advisorUser.id, s.advisors.userId))
    .leftJoin(s.payments, eq(s.payments.id, s.bookings.paymentId))
    .leftJoin(refundOf, eq(refundOf.bookingId, s.bookings.id))
    .where(eq(s.bookings.userId, userId))
    .orderBy(asc(s.bookings.datetime));
  const asAdvisor = advisor
    ? await db
        .select({
          ...sessionColumns,
          meetingLink: s.bookings.videoCallLink,
          seekerFirstName: otherUser.firstName,
          yourTimezone: s.bookings.advisorTimezone,
        })
        .from(s.bookings)
        .innerJoin(otherUser, eq(otherUser.id, s.bookings.userId))
        .leftJoin(refundOf, eq(refundOf.bookingId, s.bookings.id))
        .where(eq(s.bookings.advisorId, advisor.id))
        .orderBy(asc(s.bookings.datetime))
    : [];
  const who = (cancelledBy: string | null) =>
    cancelledBy === null ? null : cancelledBy === userId ? "you" : "someone else";
  const session = <T extends (typeof asSeeker)[number] | (typeof asAdvisor)[number]>(row: T) => ({
    ...row,
    datetime: iso(row.datetime),
    cancelledAt: iso(row.cancelledAt),
    cancelledBy: who(row.cancelledBy),
    createdAt: iso(row.createdAt),
    refundProcessedAt: iso(row.refundProcessedAt),
  });

  const written = await db
    .select({
      bookingId: s.reviews.bookingId,
      advisorFirstName: advisorUser.firstName,
      ratingHelpfulness: s.reviews.ratingHelpfulness,
      ratingActionability: s.reviews.ratingActionability,
      recommendAdvisor: s.reviews.recommendAdvisor,
      writtenFeedback: s.reviews.writtenFeedback,
      createdAt: s.reviews.createdAt,
    })
    .from(s.reviews)
    .innerJoin(s.advisors, eq(s.advisors.id, s.reviews.advisorId))
    .innerJoin(advisorUser, eq(advisorUser.id, s.advisors.userId))
    .where(eq(s.reviews.userId, userId));
  const received = advisor
    ? await db
        .select({
          bookingId: s.reviews.bookingId,
          reviewerFirstName: otherUser.firstName,
          ratingHelpfulness: s.reviews.ratingHelpfulness,
          ratingActionability: s.reviews.ratingActionability,
          recommendAdvisor: s.reviews.recommendAdvisor,
          writtenFeedback: s.reviews.writtenFeedback,
          createdAt: s.reviews.createdAt,
        })
        .from(s.reviews)
        .innerJoin(otherUser, eq(otherUser.id, s.reviews.userId))
        .where(eq(s.reviews.advisorId, advisor.id))
    : [];

  const emails = await db
    .select({
      subject: s.emailOutbox.subject,
      text: s.emailOutbox.text,
      status: s.emailOutbox.status,
      createdAt: s.emailOutbox.createdAt,
      sentAt: s.emailOutbox.sentAt,
    })
    .from(s.emailOutbox)
    .where(sql`lower(${s.emailOutbox.toAddress}) = ${user.email.toLowerCase()}`)
    .orderBy(asc(s.emailOutbox.createdAt));

  // About them: entries whose target is their account or advisor profile, with what changed;
  // the staff member who acted is not named. What they did themselves as an admin to other
  // people is listed by kind and time only: those details are the other people's.
  const targets = [userId, ...(advisor ? [advisor.id] : [])];
  const about = await db
    .select()
    .from(s.auditLog)
    .where(inArray(s.auditLog.targetId, targets))
    .orderBy(asc(s.auditLog.createdAt));
  const byThem = await db
    .select({
      action: s.auditLog.action,
      targetType: s.auditLog.targetType,
      createdAt: s.auditLog.createdAt,
    })
    .from(s.auditLog)
    .where(
      and(
        eq(s.auditLog.actorUserId, userId),
        or(sql`${s.auditLog.targetId} is null`, sql`${s.auditLog.targetId} not in ${targets}`),
      ),
    )
    .orderBy(asc(s.auditLog.createdAt));
  const requests = await db
    .select({
      status: s.dataExports.status,
      createdAt: s.dataExports.createdAt,
      readyAt: s.dataExports.readyAt,
      expiresAt: s.dataExports.expiresAt,
    })
    .from(s.dataExports)
    .where(eq(s.dataExports.userId, userId))
    .orderBy(asc(s.dataExports.createdAt));

  const files: Record<string, unknown> = {
    account,
    messages: await messagesFile(db, userId, advisor?.id ?? null),
    choices: await choicesFile(db, userId),
    texts: await textsFile(db, userId),
    purchases: await purchasesFile(db, userId, advisor?.id ?? null),
    sessions: {
      booked: asSeeker.map((row) => session(row)),
      bookedWithYou: asAdvisor.map((row) => session(row)),
    },
    reviews: {
      written: written.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      received: received.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    },
    emails: emails.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      sentAt: iso(row.sentAt),
    })),
    records: {
      aboutYou: about.map((row) => {
        const details = (row.details ?? {}) as Record<string, unknown>;
        return {
          action: row.action,
          by: row.actorUserId === userId ? "you" : "BeenThere",
          before: details.before ?? null,
          after: details.after ?? null,
          note: details.note ?? null,
          at: iso(row.createdAt),
        };
      }),
      byYouAsAdmin: byThem.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      dataRequests: requests.map((row) => ({
        status: row.status,
        requestedAt: iso(row.createdAt),
        readyAt: iso(row.readyAt),
        expiresAt: iso(row.expiresAt),
      })),
    },
  };
  if (advisor) {
    files.advisor = await advisorFile(db, advisor);
    files.earnings = await earningsFile(db, advisor.id);
  }
  return { email: user.email, firstName: user.firstName, files };
}

/**
 * Packages and paid questions (issue 40): what they bought or asked, with their own payment and
 * refund, and what they sold or were asked, with the other person by first name and none of
 * that person's payment details.
 */
async function purchasesFile(db: Db, userId: string, advisorId: string | null) {
  const otherUser = alias(s.users, "purchase_other");
  const refundOf = alias(s.refunds, "purchase_refund");
  const sessionCount = (condition: SQL) =>
    sql<number>`(select count(*)::int from ${s.bookings} b
      where b.package_purchase_id = ${s.packagePurchases.id} and ${condition})`;
  const packageColumns = {
    id: s.packagePurchases.id,
    name: s.packagePurchases.name,
    sessions: s.packagePurchases.sessions,
    duration: s.packagePurchases.duration,
    validityDays: s.packagePurchases.validityDays,
    status: s.packagePurchases.status,
    // Held, or cancelled without going back to the package (late, or a no-show).
    sessionsUsed: sessionCount(
      sql`(b.status = 'completed' or (b.status = 'cancelled' and not b.package_session_returned))`,
    ),
    sessionsBooked: sessionCount(sql`b.status = 'confirmed'`),
    pricePaise: s.payments.feeAmount,
    boughtAt: s.packagePurchases.createdAt,
    expiresAt: s.packagePurchases.expiresAt,
    endedAt: s.packagePurchases.endedAt,
    refundAmount: refundOf.amount,
    refundStatus: refundOf.status,
    refundProcessedAt: refundOf.processedAt,
  };
  const bought = await db
    .select({
      ...packageColumns,
      advisorFirstName: otherUser.firstName,
      payment: {
        amount: s.payments.amount,
        gstAmount: s.payments.gstAmount,
        status: s.payments.status,
        provider: s.payments.provider,
        orderId: s.payments.razorpayOrderId,
        paymentId: s.payments.razorpayPaymentId,
        createdAt: s.payments.createdAt,
      },
    })
    .from(s.packagePurchases)
    .innerJoin(s.payments, eq(s.payments.id, s.packagePurchases.paymentId))
    .innerJoin(s.advisors, eq(s.advisors.id, s.packagePurchases.advisorId))
    .innerJoin(otherUser, eq(otherUser.id, s.advisors.userId))
    .leftJoin(refundOf, eq(refundOf.packagePurchaseId, s.packagePurchases.id))
    .where(eq(s.packagePurchases.userId, userId))
    .orderBy(asc(s.packagePurchases.createdAt));
  const sold = advisorId
    ? await db
        .select({ ...packageColumns, seekerFirstName: otherUser.firstName })
        .from(s.packagePurchases)
        .innerJoin(s.payments, eq(s.payments.id, s.packagePurchases.paymentId))
        .innerJoin(otherUser, eq(otherUser.id, s.packagePurchases.userId))
        .leftJoin(refundOf, eq(refundOf.packagePurchaseId, s.packagePurchases.id))
        .where(eq(s.packagePurchases.advisorId, advisorId))
        .orderBy(asc(s.packagePurchases.createdAt))
    : [];

  const questionColumns = {
    id: s.paidQuestions.id,
    status: s.paidQuestions.status,
    question: s.paidQuestions.body,
    attachments: s.paidQuestions.attachments,
    priceInr: s.paidQuestions.priceInr,
    answerDays: s.paidQuestions.answerDays,
    askedAt: s.paidQuestions.createdAt,
    paidAt: s.paidQuestions.paidAt,
    answerDueBy: s.paidQuestions.deadline,
    answeredAt: s.paidQuestions.answeredAt,
    refundedAt: s.paidQuestions.refundedAt,
    ratingHelpfulness: s.paidQuestions.ratingHelpfulness,
    ratingActionability: s.paidQuestions.ratingActionability,
    recommendAdvisor: s.paidQuestions.recommendAdvisor,
    writtenFeedback: s.paidQuestions.writtenFeedback,
    ratedAt: s.paidQuestions.ratedAt,
  };
  const asked = await db
    .select({
      ...questionColumns,
      advisorFirstName: otherUser.firstName,
      payment: {
        amount: s.payments.amount,
        gstAmount: s.payments.gstAmount,
        status: s.payments.status,
        provider: s.payments.provider,
        orderId: s.payments.razorpayOrderId,
        paymentId: s.payments.razorpayPaymentId,
        createdAt: s.payments.createdAt,
      },
      refundAmount: refundOf.amount,
      refundStatus: refundOf.status,
      refundProcessedAt: refundOf.processedAt,
    })
    .from(s.paidQuestions)
    .innerJoin(s.payments, eq(s.payments.id, s.paidQuestions.paymentId))
    .innerJoin(s.advisors, eq(s.advisors.id, s.paidQuestions.advisorId))
    .innerJoin(otherUser, eq(otherUser.id, s.advisors.userId))
    .leftJoin(refundOf, eq(refundOf.questionId, s.paidQuestions.id))
    .where(eq(s.paidQuestions.userId, userId))
    .orderBy(asc(s.paidQuestions.createdAt));
  const askedOfYou = advisorId
    ? await db
        .select({ ...questionColumns, seekerFirstName: otherUser.firstName })
        .from(s.paidQuestions)
        .innerJoin(otherUser, eq(otherUser.id, s.paidQuestions.userId))
        .where(eq(s.paidQuestions.advisorId, advisorId))
        .orderBy(asc(s.paidQuestions.createdAt))
    : [];

  const dated = <T extends { boughtAt: Date; expiresAt: Date | null; endedAt: Date | null }>(
    row: T,
  ) => ({
    ...row,
    boughtAt: iso(row.boughtAt),
    expiresAt: iso(row.expiresAt),
    endedAt: iso(row.endedAt),
  });
  // Files by name only: the stored keys are ours.
  const question = <T extends (typeof asked)[number] | (typeof askedOfYou)[number]>(row: T) => ({
    ...row,
    attachments: row.attachments.map((file) => ({
      fileName: file.fileName,
      contentType: file.contentType,
      byteSize: file.byteSize,
    })),
    askedAt: iso(row.askedAt),
    paidAt: iso(row.paidAt),
    answerDueBy: iso(row.answerDueBy),
    answeredAt: iso(row.answeredAt),
    refundedAt: iso(row.refundedAt),
    ratedAt: iso(row.ratedAt),
  });
  return {
    packagesBought: bought.map((row) => ({
      ...dated(row),
      refundProcessedAt: iso(row.refundProcessedAt),
      payment: { ...row.payment, createdAt: iso(row.payment.createdAt) },
    })),
    // What was refunded of a sale, without the buyer's refund's own details.
    packagesSold: sold.map(({ refundStatus: _, refundProcessedAt: __, ...row }) => dated(row)),
    questionsAsked: asked.map((row) => ({
      ...question(row),
      payment: { ...row.payment, createdAt: iso(row.payment.createdAt) },
      refundProcessedAt: iso(row.refundProcessedAt),
    })),
    questionsAskedOfYou: askedOfYou.map((row) => question(row)),
  };
}

/** What the person agreed to, in the words they saw, and their choices of messages. */
async function choicesFile(db: Db, userId: string) {
  const [consents, preferences] = await Promise.all([
    db
      .select({
        kind: s.consentEvents.kind,
        action: s.consentEvents.action,
        version: s.consentEvents.version,
        wording: s.consentEvents.wording,
        source: s.consentEvents.source,
        at: s.consentEvents.at,
      })
      .from(s.consentEvents)
      .where(eq(s.consentEvents.userId, userId))
      .orderBy(asc(s.consentEvents.at), asc(s.consentEvents.id)),
    db
      .select({
        kind: s.notificationPreferences.kind,
        channel: s.notificationPreferences.channel,
        enabled: s.notificationPreferences.enabled,
        updatedAt: s.notificationPreferences.updatedAt,
      })
      .from(s.notificationPreferences)
      .where(eq(s.notificationPreferences.userId, userId)),
  ]);
  return {
    consents: consents.map((row) => ({ ...row, at: iso(row.at) })),
    notificationChoices: preferences.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })),
  };
}

/** The WhatsApp and SMS messages sent (or still to send) to the person. */
async function textsFile(db: Db, userId: string) {
  const rows = await db
    .select({
      channel: s.channelMessages.channel,
      to: s.channelMessages.toPhone,
      name: s.channelMessages.name,
      body: s.channelMessages.body,
      status: s.channelMessages.status,
      createdAt: s.channelMessages.createdAt,
      sentAt: s.channelMessages.sentAt,
      deliveredAt: s.channelMessages.deliveredAt,
      readAt: s.channelMessages.readAt,
    })
    .from(s.channelMessages)
    .where(eq(s.channelMessages.userId, userId))
    .orderBy(asc(s.channelMessages.createdAt));
  return rows.map((row) => ({
    ...row,
    createdAt: iso(row.createdAt),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
  }));
}

async function advisorFile(db: Db, advisor: typeof s.advisors.$inferSelect) {
  const schedules = await db
    .select()
    .from(s.advisorSchedules)
    .where(eq(s.advisorSchedules.advisorId, advisor.id));
  const slots =
    schedules.length > 0
      ? await db
          .select()
          .from(s.scheduleSlots)
          .where(
            inArray(
              s.scheduleSlots.scheduleId,
              schedules.map((row) => row.id),
            ),
          )
      : [];
  const blocked = await db
    .select({
      startTime: s.blockedSlots.startTime,
      endTime: s.blockedSlots.endTime,
      reason: s.blockedSlots.reason,
    })
    .from(s.blockedSlots)
    .where(eq(s.blockedSlots.advisorId, advisor.id));
  const [proposal] = await db
    .select()
    .from(s.advisorProfileProposals)
    .where(eq(s.advisorProfileProposals.advisorId, advisor.id));
  const {
    bankAccountNumber,
    applicationDraft,
    createdAt,
    updatedAt,
    userId: _userId,
    ...profile
  } = advisor;
  return {
    profile: {
      ...profile,
      // Kept encrypted; Payment Settings shows it to you.
      bankAccountNumber: bankAccountNumber ? "stored encrypted (see Payment Settings)" : null,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    },
    applicationDraft,
    proposedChanges: proposal
      ? {
          fields: proposal.fields,
          headshotUrl: proposal.headshotUrl,
          status: proposal.status,
          reason: proposal.reason,
          submittedAt: iso(proposal.submittedAt),
        }
      : null,
    schedules: schedules.map((schedule) => ({
      timezone: schedule.timezone,
      isActive: schedule.isActive,
      slots: slots
        .filter((slot) => slot.scheduleId === schedule.id)
        .map(({ dayOfWeek, startTime, endTime, isAvailable }) => ({
          dayOfWeek,
          startTime,
          endTime,
          isAvailable,
        })),
    })),
    blockedTimes: blocked.map((row) => ({
      startTime: iso(row.startTime),
      endTime: iso(row.endTime),
      reason: row.reason,
    })),
  };
}

async function earningsFile(db: Db, advisorId: string) {
  const entries = await db
    .select({
      kind: s.ledgerEntries.kind,
      amount: s.ledgerEntries.amount,
      bookingId: s.ledgerEntries.bookingId,
      feeAmount: s.ledgerEntries.feeAmount,
      commissionPercent: s.ledgerEntries.commissionPercent,
      commissionAmount: s.ledgerEntries.commissionAmount,
      createdAt: s.ledgerEntries.createdAt,
    })
    .from(s.ledgerEntries)
    .where(eq(s.ledgerEntries.advisorId, advisorId))
    .orderBy(asc(s.ledgerEntries.createdAt));
  const transfers = await db
    .select({
      bookingId: s.payoutTransfers.bookingId,
      amount: s.payoutTransfers.amount,
      status: s.payoutTransfers.status,
      releasedAt: s.payoutTransfers.releasedAt,
      settledAt: s.payoutTransfers.settledAt,
      createdAt: s.payoutTransfers.createdAt,
    })
    .from(s.payoutTransfers)
    .where(eq(s.payoutTransfers.advisorId, advisorId))
    .orderBy(asc(s.payoutTransfers.createdAt));
  const [balance] = await db
    .select({ held: s.advisorBalances.held, paid: s.advisorBalances.paid })
    .from(s.advisorBalances)
    .where(eq(s.advisorBalances.advisorId, advisorId));
  return {
    balance: { heldPaise: balance?.held ?? 0, paidOutPaise: balance?.paid ?? 0 },
    ledgerEntries: entries.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    payouts: transfers.map((row) => ({
      ...row,
      releasedAt: iso(row.releasedAt),
      settledAt: iso(row.settledAt),
      createdAt: iso(row.createdAt),
    })),
  };
}

/**
 * The person's conversations (issue 39, point 6): each with the other party by first name
 * ("A former member" once deleted), and every message in it, oldest first.
 */
async function messagesFile(db: Db, userId: string, advisorId: string | null) {
  const seekerUser = alias(s.users, "conversation_seeker");
  const advisorUser = alias(s.users, "conversation_advisor");
  const list = await db
    .select({
      id: s.conversations.id,
      seekerId: s.conversations.seekerId,
      seekerFirstName: seekerUser.firstName,
      seekerDeletedAt: seekerUser.deletedAt,
      advisorUserId: s.advisors.userId,
      advisorFirstName: advisorUser.firstName,
      advisorDeletedAt: advisorUser.deletedAt,
      createdAt: s.conversations.createdAt,
    })
    .from(s.conversations)
    .innerJoin(seekerUser, eq(seekerUser.id, s.conversations.seekerId))
    .innerJoin(s.advisors, eq(s.advisors.id, s.conversations.advisorId))
    .innerJoin(advisorUser, eq(advisorUser.id, s.advisors.userId))
    .where(
      advisorId
        ? or(eq(s.conversations.seekerId, userId), eq(s.conversations.advisorId, advisorId))
        : eq(s.conversations.seekerId, userId),
    )
    .orderBy(asc(s.conversations.createdAt));
  if (list.length === 0) return [];
  const rows = await db
    .select()
    .from(s.messages)
    .where(
      inArray(
        s.messages.conversationId,
        list.map((c) => c.id),
      ),
    )
    .orderBy(asc(s.messages.id));
  const files = await db
    .select({
      messageId: s.messageAttachments.messageId,
      fileName: s.messageAttachments.fileName,
      contentType: s.messageAttachments.contentType,
      byteSize: s.messageAttachments.byteSize,
    })
    .from(s.messageAttachments)
    .where(inArray(s.messageAttachments.messageId, rows.map((m) => m.id).concat(-1)));
  return list.map((c) => {
    const youAreSeeker = c.seekerId === userId;
    const other = youAreSeeker
      ? { name: c.advisorFirstName, deleted: c.advisorDeletedAt }
      : { name: c.seekerFirstName, deleted: c.seekerDeletedAt };
    const otherName = other.deleted ? "A former member" : other.name;
    return {
      with: otherName,
      youAre: youAreSeeker ? "seeker" : "advisor",
      startedAt: iso(c.createdAt),
      messages: rows
        .filter((m) => m.conversationId === c.id)
        .map((m) =>
          m.sessionEvent
            ? {
                from: "BeenThere",
                session: m.sessionEvent,
                sessionStart: iso(m.sessionStart),
                at: iso(m.createdAt),
              }
            : {
                from: m.senderId === userId ? "you" : otherName,
                text: m.body,
                files: files.filter((f) => f.messageId === m.id).map(({ messageId: _, ...f }) => f),
                at: iso(m.createdAt),
              },
        ),
    };
  });
}
