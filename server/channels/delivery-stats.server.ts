import { and, gte, inArray, sql } from "drizzle-orm";
import {
  REMINDER_DELIVERY_DAYS,
  REMINDER_MESSAGES,
  type ReminderDeliveryRow,
} from "../../core/channels";
import { NOTIFICATION_CHANNELS, type NotificationChannel } from "../../core/notifications";
import type { Db, Tx } from "../db/client.server";
import { channelDeliveryDays } from "../db/schema";

export type DeliveryStep = "sent" | "delivered" | "read" | "failed";

const indiaDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day a message counts under: the day (India's time) it was queued. */
export const deliveryDay = (at: Date) => indiaDay.format(at);

/**
 * One step of one message counted under the day it was queued (ADR 95): the figures are cohorts,
 * so of a day's messages as many were delivered as the delivered column says.
 */
export async function countDelivery(
  db: Db | Tx,
  message: { channel: NotificationChannel; name: string | null; createdAt: Date },
  step: DeliveryStep,
  /** -1 takes a dead letter back off the failures when an admin queues it again. */
  by: 1 | -1 = 1,
): Promise<void> {
  const column = channelDeliveryDays[step];
  await db
    .insert(channelDeliveryDays)
    .values({
      day: deliveryDay(message.createdAt),
      channel: message.channel,
      name: message.name ?? "",
      [step]: Math.max(by, 0),
    })
    .onConflictDoUpdate({
      target: [channelDeliveryDays.day, channelDeliveryDays.channel, channelDeliveryDays.name],
      set: { [step]: sql`greatest(${column} + ${by}, 0)` },
    });
}

export type DeliveryFigures = Record<DeliveryStep, number> & { channel: NotificationChannel };

/**
 * Sent, delivered, read and failed per channel for these messages since `since`: at most a
 * row per day, channel and message, so a year is about a thousand rows, whatever the volume.
 */
export async function deliveryFigures(
  db: Db,
  names: readonly string[],
  since: Date,
): Promise<DeliveryFigures[]> {
  const rows = await db
    .select({
      channel: channelDeliveryDays.channel,
      sent: sql<number>`coalesce(sum(${channelDeliveryDays.sent}), 0)::int`,
      delivered: sql<number>`coalesce(sum(${channelDeliveryDays.delivered}), 0)::int`,
      read: sql<number>`coalesce(sum(${channelDeliveryDays.read}), 0)::int`,
      failed: sql<number>`coalesce(sum(${channelDeliveryDays.failed}), 0)::int`,
    })
    .from(channelDeliveryDays)
    .where(
      and(
        inArray(channelDeliveryDays.name, [...names]),
        gte(channelDeliveryDays.day, deliveryDay(since)),
      ),
    )
    .groupBy(channelDeliveryDays.channel);
  return rows;
}

/** The admin dashboard's reminder delivery, per channel, over the last year. */
export async function reminderDelivery(db: Db, now: Date): Promise<ReminderDeliveryRow[]> {
  const since = new Date(now.getTime() - REMINDER_DELIVERY_DAYS * 86_400_000);
  const figures = await deliveryFigures(db, [...REMINDER_MESSAGES, "session.reminder"], since);
  return NOTIFICATION_CHANNELS.map((channel) => {
    const found = figures.find((f) => f.channel === channel);
    const sent = found?.sent ?? 0;
    const failed = found?.failed ?? 0;
    // E-mail reports neither delivery nor reading; SMS (MSG91's reports) delivery only.
    return channel === "email"
      ? { channel, sent, delivered: null, read: null, failed }
      : {
          channel,
          sent,
          delivered: found?.delivered ?? 0,
          read: channel === "sms" ? null : (found?.read ?? 0),
          failed,
        };
  });
}
