import { and, eq, ne, sql } from "drizzle-orm";
import { FORMER_MEMBER, PRIVACY_MESSAGES as M } from "../../core/messages/privacy";
import { writeAudit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import type { Logger } from "../logger.server";
import { queueEmail } from "../mail/mailer.server";
import { removeStoredFile, type FileStorage } from "../storage/storage.server";
import type { OpenDealings } from "./ports";

/*
 * Deleting an account (ADR 91): in one transaction, the person's upcoming sessions are
 * cancelled under the usual refund rules, their active packages ended and their open paid
 * questions refunded (both parties e-mailed each time), their identity is removed
 * from everything that need not keep it, and their better-auth user goes with its accounts
 * and sessions, so every session cookie they hold stops working at once. The `users` row
 * stays, pseudonymised, because payments, bookings, reviews, the ledger and the audit log
 * point at it and tax and accounting law keeps those.
 */

/** The e-mail a deleted person's row keeps: unique, and routable to nobody (RFC 2606). */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

export type DeletionPreview = {
  upcomingSessions: number;
  /** Packages bought or sold still active: ended, the unused sessions refunded. */
  activePackages: number;
  /** Paid questions asked or asked of them still unanswered: refunded in full. */
  openQuestions: number;
  /** Earnings not yet paid out (paise): advisors only, else null. */
  heldPaise: number | null;
  /** Whether the person confirms with a password (else with the word). */
  hasPassword: boolean;
};

/** What deleting this account would do, as the confirmation states it. */
export async function deletionPreview(
  db: Db,
  person: { userId: string; authUserId: string | null },
  now: Date,
): Promise<DeletionPreview> {
  const [advisor] = await db
    .select({ id: s.advisors.id, held: s.advisorBalances.held })
    .from(s.advisors)
    .leftJoin(s.advisorBalances, eq(s.advisorBalances.advisorId, s.advisors.id))
    .where(eq(s.advisors.userId, person.userId));
  const [upcoming] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(s.bookings)
    .where(
      and(
        eq(s.bookings.status, "confirmed"),
        sql`${s.bookings.datetime} > ${now}`,
        advisor
          ? sql`(${s.bookings.userId} = ${person.userId} or ${s.bookings.advisorId} = ${advisor.id})`
          : eq(s.bookings.userId, person.userId),
      ),
    );
  const purchases = advisor
    ? sql`(${s.packagePurchases.userId} = ${person.userId} or ${s.packagePurchases.advisorId} = ${advisor.id})`
    : eq(s.packagePurchases.userId, person.userId);
  const [packages] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(s.packagePurchases)
    .where(and(eq(s.packagePurchases.status, "active"), purchases));
  const asked = advisor
    ? sql`(${s.paidQuestions.userId} = ${person.userId} or ${s.paidQuestions.advisorId} = ${advisor.id})`
    : eq(s.paidQuestions.userId, person.userId);
  const [questions] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(s.paidQuestions)
    .where(and(eq(s.paidQuestions.status, "open"), asked));
  const [credential] = person.authUserId
    ? await db
        .select({ id: s.authAccounts.id })
        .from(s.authAccounts)
        .where(
          and(
            eq(s.authAccounts.userId, person.authUserId),
            eq(s.authAccounts.providerId, "credential"),
            sql`${s.authAccounts.password} is not null`,
          ),
        )
    : [];
  return {
    upcomingSessions: upcoming?.count ?? 0,
    activePackages: packages?.count ?? 0,
    openQuestions: questions?.count ?? 0,
    heldPaise: advisor ? Number(advisor.held ?? 0) : null,
    hasPassword: credential !== undefined,
  };
}

export type DeleteAccountDeps = {
  db: Db;
  openDealings: OpenDealings;
  storage: FileStorage;
  logger: Logger;
  now: () => Date;
};

export type DeleteAccountResult =
  { ok: true; cancelled: number; name: string } | { ok: false; status: 404; message: string };

export async function deleteAccount(
  deps: DeleteAccountDeps,
  input: {
    userId: string;
    /** The person themself, or the admin acting on their request. */
    actorUserId: string;
    requestId?: string | null;
  },
): Promise<DeleteAccountResult> {
  const { db, openDealings, storage, logger } = deps;
  const now = deps.now();
  const byAdmin = input.actorUserId !== input.userId;
  const result = await db.transaction(async (tx) => {
    const [person] = await tx
      .select()
      .from(s.users)
      .where(and(eq(s.users.id, input.userId), sql`${s.users.deletedAt} is null`))
      .for("update");
    if (!person) return { ok: false as const, status: 404 as const, message: M.notFound };
    const [advisor] = await tx
      .select()
      .from(s.advisors)
      .where(eq(s.advisors.userId, person.id))
      .for("update");
    const [proposal] = advisor
      ? await tx
          .select({ headshotUrl: s.advisorProfileProposals.headshotUrl })
          .from(s.advisorProfileProposals)
          .where(eq(s.advisorProfileProposals.advisorId, advisor.id))
      : [];

    // The mail they were sent is theirs: gone, but for what this deletion is about to send.
    await tx
      .delete(s.emailOutbox)
      .where(
        and(
          sql`lower(${s.emailOutbox.toAddress}) = ${person.email.toLowerCase()}`,
          ne(s.emailOutbox.status, "queued"),
        ),
      );
    // So are their WhatsApp/SMS messages and any code in flight; their number goes below.
    await tx
      .delete(s.channelMessages)
      .where(and(eq(s.channelMessages.userId, person.id), ne(s.channelMessages.status, "queued")));
    await tx.delete(s.phoneVerifications).where(eq(s.phoneVerifications.userId, person.id));
    // Ended while they still have a name and an address: both parties are told as usual.
    // Sessions first: a package's session booked ahead goes back to it (or is used) by the
    // cancel's rule, and the package's end then refunds exactly what is neither used nor held.
    const theirs = {
      userId: person.id,
      advisorId: advisor?.id ?? null,
      actorUserId: input.actorUserId,
      byAdmin,
      now,
    };
    const sessions = await openDealings.cancelSessions(tx, {
      ...theirs,
      reason: M.deleteCancelReason,
    });
    const packages = await openDealings.endPackages(tx, theirs);
    const questions = await openDealings.refundQuestions(tx, theirs);
    await queueEmail(tx, {
      name: "account.deleted",
      to: person.email,
      subject: M.deletedMailSubject,
      heading: M.deletedMailHeading,
      paragraphs: [
        M.deletedMailBody(person.firstName),
        ...(sessions.count > 0 ? [M.deletedMailSessions(sessions.count)] : []),
      ],
    });

    const exports = await tx
      .delete(s.dataExports)
      .where(eq(s.dataExports.userId, person.id))
      .returning({ fileKey: s.dataExports.fileKey });
    if (advisor) {
      await tx
        .delete(s.advisorProfileProposals)
        .where(eq(s.advisorProfileProposals.advisorId, advisor.id));
      await tx.delete(s.advisorSchedules).where(eq(s.advisorSchedules.advisorId, advisor.id));
      // Bank details stay: money already earned is still paid to the account on file.
      await tx
        .update(s.advisors)
        .set({
          headshotUrl: null,
          jobTitle: null,
          currentCompany: null,
          totalExperienceYears: null,
          shortIntro: null,
          about: null,
          phone: null,
          linkedinUrl: null,
          skills: [],
          workLocations: [],
          personalAdviceTopics: [],
          careerAdviceTopics: [],
          businessAdviceTopics: [],
          applicationDraft: null,
          profileStatus: advisor.profileStatus === "draft" ? "draft" : "rejected",
          updatedAt: now,
        })
        .where(eq(s.advisors.id, advisor.id));
    }
    // Their own notes on sessions they booked are theirs, not a record anyone must keep.
    await tx
      .update(s.bookings)
      .set({ additionalInfo: null })
      .where(eq(s.bookings.userId, person.id));
    await tx.delete(s.loginAttempts).where(eq(s.loginAttempts.email, person.email.toLowerCase()));
    await tx
      .update(s.users)
      .set({
        authUserId: null,
        firstName: FORMER_MEMBER,
        lastName: "",
        email: deletedEmail(person.id),
        profession: null,
        ageRange: null,
        city: null,
        country: null,
        phone: null,
        phoneVerifiedAt: null,
        admin: "N",
        isActive: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(s.users.id, person.id));
    // Its sessions and accounts (passwords, Google links) go with it: every cookie is dead.
    if (person.authUserId) {
      await tx.delete(s.authUsers).where(eq(s.authUsers.id, person.authUserId));
    }
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: "account.delete",
      targetType: "user",
      targetId: person.id,
      // The log keeps who was deleted by id alone; the name and address are gone.
      targetLabel: FORMER_MEMBER,
      after: {
        by: byAdmin ? "admin" : "self",
        sessions_cancelled: sessions.count,
        refunded_paise: sessions.refundedPaise,
        packages_ended: packages.count,
        packages_refunded_paise: packages.refundedPaise,
        questions_refunded: questions.count,
        questions_refunded_paise: questions.refundedPaise,
      },
      requestId: input.requestId ?? null,
    });
    return {
      ok: true as const,
      cancelled: sessions.count,
      name: `${person.firstName} ${person.lastName}`.trim(),
      afterCommit: [sessions.afterCommit, packages.afterCommit, questions.afterCommit],
      files: [...exports.flatMap((row) => (row.fileKey ? [row.fileKey] : []))],
      photos: [advisor?.headshotUrl, proposal?.headshotUrl],
    };
  });
  if (!result.ok) return result;
  // After the commit: files and calendars outside the database; a failure here is logged.
  for (const run of result.afterCommit) {
    try {
      await run();
    } catch (error) {
      logger.error({ err: error, userId: input.userId }, "after an account deletion");
    }
  }
  for (const key of result.files) {
    await storage.removePrivate(key).catch((error: unknown) => {
      logger.error({ err: error, key }, "could not remove a deleted account's export");
    });
  }
  for (const url of result.photos) {
    await removeStoredFile(storage, url, (error, key) =>
      logger.error({ err: error, key }, "could not remove a deleted account's photo"),
    );
  }
  logger.info({ userId: input.userId, byAdmin }, "account deleted");
  return { ok: true, cancelled: result.cancelled, name: result.name };
}

/** The person an admin's deletion would remove, as the confirmation names them; null if none. */
export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      userId: s.users.id,
      authUserId: s.users.authUserId,
      firstName: s.users.firstName,
      lastName: s.users.lastName,
      email: s.users.email,
    })
    .from(s.users)
    .where(and(eq(s.users.id, userId), sql`${s.users.deletedAt} is null`));
  return row ?? null;
}
