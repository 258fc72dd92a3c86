import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  CHANNEL_MESSAGES,
  type ChannelMessageName,
  type ChannelMessageStatus,
  type ChannelParams,
  MAX_CHANNEL_ATTEMPTS,
  PHONE_CHANNELS,
  type PhoneChannel,
  advancesTo,
  channelText,
  nextAttemptAt,
  templateParams,
} from "../../core/channels";
import { sendsKind } from "../../core/notifications";
import type { Db, Tx } from "../db/client.server";
import {
  bookings,
  channelMessages,
  consentEvents,
  notificationPreferences,
  users,
} from "../db/schema";
import type { Logger } from "../logger.server";
import { countDelivery } from "./delivery-stats.server";
import type { ChannelTransport } from "./transports.server";

/** What a message is about: a reminder names its session, to be withdrawn if it moves. */
export type MessageContext = { bookingId?: string; sessionStart?: Date };

/** The person's phone channels that may carry a message now: verified number, opted in. */
export async function openChannels(
  db: Db | Tx,
  userId: string,
): Promise<{ phone: string; channels: PhoneChannel[] } | null> {
  const [person] = await db
    .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!person?.phone || !person.verifiedAt || person.deletedAt) return null;
  const latest = await db
    .selectDistinctOn([consentEvents.kind], {
      kind: consentEvents.kind,
      action: consentEvents.action,
    })
    .from(consentEvents)
    .where(and(eq(consentEvents.userId, userId), inArray(consentEvents.kind, [...PHONE_CHANNELS])))
    .orderBy(consentEvents.kind, desc(consentEvents.at), desc(consentEvents.id));
  const channels = PHONE_CHANNELS.filter((channel) =>
    latest.some((row) => row.kind === channel && row.action === "granted"),
  );
  return { phone: person.phone, channels };
}

/**
 * Queues a WhatsApp/SMS message to a person on each channel they opted in to, with a verified
 * number, and did not turn this kind off on (core/notifications.ts): none at all otherwise.
 * Written in the caller's transaction, so it exists exactly when the change committed.
 */
export async function queueChannelMessages(
  db: Db | Tx,
  input: {
    userId: string;
    name: ChannelMessageName;
    params: ChannelParams;
    settingsUrl: string;
    now: Date;
  } & MessageContext,
): Promise<string[]> {
  const open = await openChannels(db, input.userId);
  if (!open || open.channels.length === 0) return [];
  const stored = await db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, input.userId));
  const kind = CHANNEL_MESSAGES[input.name].kind;
  const channels = open.channels.filter((channel) => sendsKind(kind, stored, { channel }));
  if (channels.length === 0) return [];
  const rows = await db
    .insert(channelMessages)
    .values(
      channels.map((channel) => ({
        userId: input.userId,
        channel,
        toPhone: open.phone,
        name: input.name,
        params: templateParams(input.name, input.params),
        body: channelText(input.name, input.params, input.settingsUrl),
        bookingId: input.bookingId ?? null,
        sessionStart: input.sessionStart ?? null,
        nextAttemptAt: input.now,
        createdAt: input.now,
      })),
    )
    .returning({ id: channelMessages.id });
  return rows.map((row) => row.id);
}

/** A message that needs no opt-in: the code a person asked for, by SMS to the number typed. */
export async function queueVerificationCode(
  db: Db | Tx,
  input: { userId: string; phone: string; code: string; now: Date },
): Promise<void> {
  const name = "phone.verification-code";
  const params = { code: input.code };
  await db.insert(channelMessages).values({
    userId: input.userId,
    channel: "sms",
    toPhone: input.phone,
    name,
    params: templateParams(name, params),
    body: channelText(name, params, ""),
    nextAttemptAt: input.now,
    createdAt: input.now,
  });
}

const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export type ChannelDelivery = {
  transports: Record<PhoneChannel, ChannelTransport>;
  logger: Logger;
  now: () => Date;
  signal?: AbortSignal;
};

type Claimed = typeof channelMessages.$inferSelect;

/**
 * Sends due messages. A run claims up to BATCH (`FOR UPDATE SKIP LOCKED`, then a lease: the
 * row's next attempt and `locked_until` moved LEASE_MS ahead), so two instances never take one
 * message; a run writes its outcome only while its lease is still the row's, so a run that
 * outlived its lease never overwrites the one that took over. A failure is retried with
 * exponential back-off and dead-lettered (`failed`) after MAX_CHANNEL_ATTEMPTS or at once when
 * the provider refuses for good. Before sending, a reminder whose session was moved or
 * cancelled, or a message whose reader opted out or changed number, is withdrawn.
 */
export async function deliverChannelMessages(
  db: Db,
  { transports, logger, now, signal }: ChannelDelivery,
): Promise<number> {
  const claimedAt = now();
  const lease = new Date(claimedAt.getTime() + LEASE_MS);
  const claimed: Claimed[] = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: channelMessages.id })
      .from(channelMessages)
      .where(
        and(eq(channelMessages.status, "queued"), lte(channelMessages.nextAttemptAt, claimedAt)),
      )
      .orderBy(asc(channelMessages.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(channelMessages)
      .set({ lockedUntil: lease, nextAttemptAt: lease })
      .where(
        inArray(
          channelMessages.id,
          due.map((m) => m.id),
        ),
      )
      .returning();
  });
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let sent = 0;
  for (const [index, message] of claimed.entries()) {
    if (signal?.aborted) {
      await db
        .update(channelMessages)
        .set({ lockedUntil: null, nextAttemptAt: claimedAt })
        .where(
          and(
            eq(channelMessages.lockedUntil, lease),
            eq(channelMessages.status, "queued"),
            inArray(
              channelMessages.id,
              claimed.slice(index).map((m) => m.id),
            ),
          ),
        );
      break;
    }
    if (now().getTime() >= lease.getTime()) break; // the lease ran out: the rest is someone else's
    const withdrawn = await withdrawalReason(db, message);
    if (withdrawn) {
      await settle(db, message, lease, { status: "withdrawn", lastError: withdrawn });
      continue;
    }
    const result = await transports[message.channel].send({
      channel: message.channel,
      to: message.toPhone,
      name: message.name as ChannelMessageName,
      params: message.params,
      body: message.body,
    });
    const at = now();
    const attempts = message.attempts + 1;
    if (result.ok) {
      if (
        await settle(db, message, lease, {
          status: "sent",
          attempts,
          providerId: result.providerId,
          sentAt: at,
          lastError: null,
        })
      ) {
        await countDelivery(db, message, "sent");
        sent++;
      }
      continue;
    }
    const dead = !result.retryable || attempts >= MAX_CHANNEL_ATTEMPTS;
    logger.error(
      { messageId: message.id, channel: message.channel, attempts, error: result.error, dead },
      "channel message not sent",
    );
    if (
      (await settle(db, message, lease, {
        status: dead ? "failed" : "queued",
        attempts,
        lastError: result.error,
        nextAttemptAt: dead ? at : nextAttemptAt(attempts, at, result.retryAfterMs),
        failedAt: dead ? at : null,
      })) &&
      dead
    )
      await countDelivery(db, message, "failed");
  }
  return sent;
}

/** Writes a run's outcome if its lease is still the message's; false when another took it. */
async function settle(
  db: Db,
  message: Claimed,
  lease: Date,
  set: Partial<typeof channelMessages.$inferInsert>,
): Promise<boolean> {
  const [row] = await db
    .update(channelMessages)
    .set({ ...set, lockedUntil: null })
    .where(
      and(
        eq(channelMessages.id, message.id),
        eq(channelMessages.status, "queued"),
        eq(channelMessages.lockedUntil, lease),
      ),
    )
    .returning({ id: channelMessages.id });
  return Boolean(row);
}

/** Why a queued message must not go any more, or null. */
async function withdrawalReason(db: Db, message: Claimed): Promise<string | null> {
  if (message.bookingId && message.sessionStart) {
    const [session] = await db
      .select({ status: bookings.status, datetime: bookings.datetime })
      .from(bookings)
      .where(eq(bookings.id, message.bookingId));
    if (
      !session ||
      session.status !== "confirmed" ||
      session.datetime.getTime() !== message.sessionStart.getTime()
    )
      return "the session was moved or cancelled";
  }
  if (message.name === "phone.verification-code" || !message.userId) return null;
  const open = await openChannels(db, message.userId);
  if (!open || open.phone !== message.toPhone || !open.channels.includes(message.channel))
    return "the reader opted out or changed number";
  return null;
}

/**
 * A provider's delivery status for the message it knows by `providerId`: moves it forward only
 * (sent → delivered → read, or failed), counts it once. Unknown ids are ignored (another
 * environment's, or a message deleted with its account).
 */
export async function applyDeliveryStatus(
  db: Db,
  input: {
    channel: PhoneChannel;
    providerId: string;
    status: "sent" | "delivered" | "read" | "failed";
    at: Date;
    error?: string;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(channelMessages)
      .where(
        and(
          eq(channelMessages.channel, input.channel),
          eq(channelMessages.providerId, input.providerId),
        ),
      )
      .for("update");
    if (!message || !advancesTo(message.status, input.status)) return false;
    // A "read" without a "delivered" first (webhooks may come out of order) counts as both.
    const reached: ChannelMessageStatus[] =
      input.status === "read" && message.status !== "delivered"
        ? ["delivered", "read"]
        : [input.status];
    await tx
      .update(channelMessages)
      .set({
        status: input.status,
        ...(reached.includes("delivered") ? { deliveredAt: input.at } : {}),
        ...(input.status === "read" ? { readAt: input.at } : {}),
        ...(input.status === "failed" ? { failedAt: input.at, lastError: input.error } : {}),
      })
      .where(eq(channelMessages.id, message.id));
    for (const status of reached)
      if (status !== "sent") await countDelivery(tx, message, status as "delivered");
    return true;
  });
}

/** Dead letters, newest first (channel_messages_failed_idx), for the admin. */
export function deadLetters(db: Db, limit = 50) {
  return db
    .select({
      id: channelMessages.id,
      channel: channelMessages.channel,
      name: channelMessages.name,
      toPhone: channelMessages.toPhone,
      attempts: channelMessages.attempts,
      lastError: channelMessages.lastError,
      failedAt: channelMessages.failedAt,
      createdAt: channelMessages.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(channelMessages)
    .leftJoin(users, eq(users.id, channelMessages.userId))
    .where(eq(channelMessages.status, "failed"))
    .orderBy(desc(channelMessages.failedAt), desc(channelMessages.id))
    .limit(limit);
}

/** A dead letter queued again with fresh attempts; null when it is not (or no longer) one. */
export async function requeueDeadLetter(db: Db | Tx, id: string, now: Date) {
  const [row] = await db
    .update(channelMessages)
    .set({
      status: "queued",
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      failedAt: null,
    })
    .where(and(eq(channelMessages.id, id), eq(channelMessages.status, "failed")))
    .returning({
      id: channelMessages.id,
      channel: channelMessages.channel,
      name: channelMessages.name,
      toPhone: channelMessages.toPhone,
      createdAt: channelMessages.createdAt,
    });
  // No longer a failure: it counts by how its next tries end.
  if (row) await countDelivery(db, row, "failed", -1);
  return row ?? null;
}

/** The newest messages, for the local /dev/messages page. */
export function listChannelOutbox(db: Db, limit = 100) {
  return db
    .select({
      id: channelMessages.id,
      channel: channelMessages.channel,
      toPhone: channelMessages.toPhone,
      name: channelMessages.name,
      body: channelMessages.body,
      status: channelMessages.status,
      createdAt: channelMessages.createdAt,
      // A local SMS the page can play MSG91's delivery report for (msg91-webhook.server.ts).
      reportable: sql<boolean>`${channelMessages.channel} = 'sms' and ${channelMessages.status} = 'sent' and ${channelMessages.providerId} like 'local-%'`,
    })
    .from(channelMessages)
    .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id))
    .limit(limit);
}

/** A reader replied STOP on a channel: their opt-in is withdrawn there (found by number). */
export async function usersByPhone(db: Db | Tx, phone: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), sql`${users.phoneVerifiedAt} is not null`));
}
