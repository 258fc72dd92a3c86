import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import {
  EMAILS,
  type EmailName,
  isConsented,
  isOptional,
  shouldSend,
} from "../../core/notifications";
import { isPlainAddress, toSingleLine } from "../../core/plain-text";
import type { Config } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import { consentEvents, emailOutbox, notificationPreferences, users } from "../db/schema";
import type { Logger } from "../logger.server";
import { type EmailContent, renderEmail } from "./templates";
import { countDelivery } from "../channels/delivery-stats.server";

export type OutgoingEmail = EmailContent & {
  /** Which e-mail it is: decides whether its reader may have turned it off (core/notifications.ts). */
  name: EmailName;
  to: string;
  subject: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

const MAX_ATTEMPTS = 5;

/**
 * Every e-mail is first written to the outbox, inside the caller's transaction when there is
 * one, so a mail exists exactly when the change that caused it was committed. `deliverOutbox`
 * then sends it: through SMTP when `SMTP_URL` is set, otherwise through nodemailer's JSON
 * transport, which runs the same path but keeps the mail local (listed at /dev/outbox).
 *
 * An e-mail of a kind people may turn off (a reminder, a booking change) is not queued for a
 * person who turned it off: then the answer is null. Receipts, confirmations, cancellations
 * and security notices always go (core/notifications.ts).
 */
export async function queueEmail(db: Db | Tx, email: OutgoingEmail): Promise<string | null> {
  if (isOptional(EMAILS[email.name]) && !(await wanted(db, email))) return null;
  const { html, text } = renderEmail(email);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      name: email.name,
      toAddress: email.to,
      // Subjects quote names and topics people typed: one line, so no header can follow.
      subject: toSingleLine(email.subject),
      html,
      text,
      attachments: email.attachments ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** The reader's stored choices (found by address, as the outbox is) allow this e-mail. */
async function wanted(db: Db | Tx, email: OutgoingEmail): Promise<boolean> {
  const reader = sql`lower(${users.email}) = lower(${email.to})`;
  if (isConsented(EMAILS[email.name])) {
    // Marketing: the latest event of the person's consent log says whether it is given.
    const [latest] = await db
      .select({ action: consentEvents.action })
      .from(consentEvents)
      .innerJoin(users, eq(users.id, consentEvents.userId))
      .where(and(reader, eq(consentEvents.kind, "marketing")))
      .orderBy(desc(consentEvents.at), desc(consentEvents.id))
      .limit(1);
    return shouldSend(email.name, [], { marketingConsent: latest?.action === "granted" });
  }
  const stored = await db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(reader);
  return shouldSend(email.name, stored);
}

/** The mailer, built once by the composition root: SMTP, or JSON kept local. */
export type MailTransport = Pick<ReturnType<typeof createTransport>, "sendMail">;

export function createTransport(config: Config) {
  return config.mail.smtpUrl
    ? nodemailer.createTransport(config.mail.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
}

const LEASE_MS = 2 * 60_000;
const UNSAFE_RECIPIENT = "not sent: the recipient is not one plain e-mail address";

export type OutboxDelivery = {
  config: Config;
  logger: Logger;
  transport: MailTransport;
  /** The clock the claim and its lease are measured by. */
  now?: () => Date;
  /** Aborts at shutdown. */
  signal?: AbortSignal;
};

/**
 * Sends queued mails oldest first; a failure is recorded and retried on the next run. Each run
 * first claims its mails (`FOR UPDATE SKIP LOCKED`, then a short lease in `locked_until`), so
 * several app instances never send one mail twice. Once `signal` aborts (shutdown), the mail
 * being sent finishes and the rest of the claim is released for the next run, here or on
 * another instance.
 */
export async function deliverOutbox(
  db: Db,
  { config, logger, transport, now = () => new Date(), signal }: OutboxDelivery,
): Promise<number> {
  const claimedAt = now();
  const queued = await db.transaction(async (tx) => {
    const free = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "queued"),
          lt(emailOutbox.attempts, MAX_ATTEMPTS),
          or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, claimedAt)),
        ),
      )
      .orderBy(asc(emailOutbox.createdAt))
      .limit(50)
      .for("update", { skipLocked: true });
    if (free.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ lockedUntil: new Date(claimedAt.getTime() + LEASE_MS) })
      .where(
        inArray(
          emailOutbox.id,
          free.map((m) => m.id),
        ),
      )
      .returning();
  });
  queued.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let sent = 0;
  for (const [index, mail] of queued.entries()) {
    if (signal?.aborted) {
      await releaseClaims(db, queued.slice(index));
      break;
    }
    // A batch can outlast its lease (a slow SMTP server): then another run may have taken the
    // mail, and only the run whose lease is still in the row sends it. Within the first half
    // of the lease nobody else can hold it, so a quick batch writes no renewal per mail.
    if (
      now().getTime() - claimedAt.getTime() >= LEASE_MS / 2 &&
      !(await renewLease(db, mail, now()))
    )
      continue;
    // One plain address only, never a list or a display name: a retry would not change that.
    if (!isPlainAddress(mail.toAddress)) {
      await recordFailure(db, mail, UNSAFE_RECIPIENT, true);
      logger.error({ mailId: mail.id }, UNSAFE_RECIPIENT);
      continue;
    }
    try {
      await transport.sendMail({
        from: config.mail.from,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments ?? undefined,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: now(), attempts: mail.attempts + 1, lockedUntil: null })
        .where(eq(emailOutbox.id, mail.id));
      if (mail.name === "session.reminder")
        await countDelivery(db, { ...mail, channel: "email" }, "sent");
      logger.info(
        { mailId: mail.id, subject: mail.subject, smtp: Boolean(config.mail.smtpUrl) },
        "mail sent",
      );
      sent++;
    } catch (error) {
      await recordFailure(db, mail, String(error), mail.attempts + 1 >= MAX_ATTEMPTS);
      if (mail.name === "session.reminder" && mail.attempts + 1 >= MAX_ATTEMPTS)
        await countDelivery(db, { ...mail, channel: "email" }, "failed");
      logger.error({ err: error, mailId: mail.id }, "mail delivery failed");
    }
  }
  return sent;
}

/** Extends this run's lease on `mail` unless it ran out and another run took the mail. */
async function renewLease(db: Db, mail: { id: string; lockedUntil: Date | null }, now: Date) {
  const [renewed] = await db
    .update(emailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(emailOutbox.id, mail.id),
        eq(emailOutbox.status, "queued"),
        eq(emailOutbox.lockedUntil, mail.lockedUntil!),
      ),
    )
    .returning({ lockedUntil: emailOutbox.lockedUntil });
  if (renewed) mail.lockedUntil = renewed.lockedUntil;
  return Boolean(renewed);
}

/** Hands back claimed mails not yet tried, unless their lease ran out and another run took them. */
async function releaseClaims(db: Db, mails: { id: string; lockedUntil: Date | null }[]) {
  await db
    .update(emailOutbox)
    .set({ lockedUntil: null })
    .where(
      and(
        eq(emailOutbox.status, "queued"),
        eq(emailOutbox.lockedUntil, mails[0]!.lockedUntil!),
        inArray(
          emailOutbox.id,
          mails.map((m) => m.id),
        ),
      ),
    );
}

async function recordFailure(
  db: Db,
  mail: { id: string; attempts: number },
  lastError: string,
  final: boolean,
) {
  await db
    .update(emailOutbox)
    .set({
      attempts: mail.attempts + 1,
      lastError,
      lockedUntil: null,
      status: final ? "failed" : "queued",
    })
    .where(eq(emailOutbox.id, mail.id));
}

/** The newest mails, for the local /dev/outbox page. */
export function listOutbox(db: Db, limit = 100) {
  return db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      attachments: emailOutbox.attachments,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}
