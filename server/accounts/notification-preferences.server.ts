import { and, desc, eq, sql } from "drizzle-orm";
import type { PreferenceChoice } from "../../core/forms/settings";
import { type PreferenceMatrix, preferenceMatrix } from "../../core/notifications";
import type { Db } from "../db/client.server";
import { consentEvents, notificationPreferences } from "../db/schema";

/** Every switchable kind's choice per channel: the stored ones, the defaults for the rest. */
export async function notificationSettings(db: Db, userId: string): Promise<PreferenceMatrix> {
  const stored = await db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return preferenceMatrix(stored);
}

/**
 * Stores each choice (one statement, so all or nothing): a saved box is the person's choice,
 * even where it matches today's default.
 */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  choices: readonly PreferenceChoice[],
  now: Date,
): Promise<void> {
  if (choices.length === 0) return;
  const rows = choices.map((choice) => ({ userId, ...choice, updatedAt: now }));
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        notificationPreferences.userId,
        notificationPreferences.kind,
        notificationPreferences.channel,
      ],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
}

/** Whether the person's latest marketing consent is given (product news, ADR 88's log). */
export async function marketingConsent(db: Db, userId: string): Promise<boolean> {
  const [latest] = await db
    .select({ action: consentEvents.action })
    .from(consentEvents)
    .where(and(eq(consentEvents.userId, userId), eq(consentEvents.kind, "marketing")))
    .orderBy(desc(consentEvents.at), desc(consentEvents.id))
    .limit(1);
  return latest?.action === "granted";
}
