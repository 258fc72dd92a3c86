import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import {
  PHONE_CHANNELS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MAX_SENDS,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODE_WINDOW_MINUTES,
  type PhoneChannel,
} from "../../core/channels";
import { PHONE_MESSAGES as M } from "../../core/messages/phone";
import { queueVerificationCode } from "../channels/channel-outbox.server";
import { recordConsent } from "../consents/consents.server";
import type { Db, Tx } from "../db/client.server";
import { consentEvents, phoneVerifications, users } from "../db/schema";

const MINUTE = 60_000;

/** The code's HMAC under the app's secret, bound to the person and the number. */
function codeHash(secret: string, userId: string, phone: string, code: string): string {
  return createHmac("sha256", secret).update(`${userId}:${phone}:${code}`).digest("hex");
}

export type PhoneState = {
  phone: string | null;
  verified: boolean;
  /** A code was sent to the current number and can still be entered. */
  codePending: boolean;
  /** Each phone channel's opt-in (the consent log's latest event). */
  channels: Record<PhoneChannel, boolean>;
};

/** The person's number, whether it is verified, and their WhatsApp/SMS opt-ins. */
export async function phoneState(db: Db, userId: string, now: Date): Promise<PhoneState> {
  const [person] = await db
    .select({
      phone: users.phone,
      verifiedAt: users.phoneVerifiedAt,
      pendingPhone: phoneVerifications.phone,
      expiresAt: phoneVerifications.expiresAt,
      attempts: phoneVerifications.attempts,
    })
    .from(users)
    .leftJoin(phoneVerifications, eq(phoneVerifications.userId, users.id))
    .where(eq(users.id, userId));
  const latest = await db
    .selectDistinctOn([consentEvents.kind], {
      kind: consentEvents.kind,
      action: consentEvents.action,
    })
    .from(consentEvents)
    .where(and(eq(consentEvents.userId, userId), inArray(consentEvents.kind, [...PHONE_CHANNELS])))
    .orderBy(consentEvents.kind, desc(consentEvents.at), desc(consentEvents.id));
  const verified = Boolean(person?.phone && person.verifiedAt);
  return {
    phone: person?.phone ?? null,
    verified,
    codePending: Boolean(
      !verified &&
      person?.phone &&
      person.pendingPhone === person.phone &&
      person.expiresAt! > now &&
      person.attempts! < PHONE_CODE_MAX_ATTEMPTS,
    ),
    channels: Object.fromEntries(
      PHONE_CHANNELS.map((channel) => [
        channel,
        latest.some((row) => row.kind === channel && row.action === "granted"),
      ]),
    ) as Record<PhoneChannel, boolean>,
  };
}

export type VerificationResult = { ok: true } | { ok: false; status: 400 | 429; message: string };

/** The person's saved, not yet verified number (locked), and the code in flight for it, if any. */
async function lockUnverifiedPhone(tx: Tx, userId: string) {
  const [person] = await tx
    .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!person?.phone) return { ok: false as const, status: 400 as const, message: M.noPhone };
  if (person.verifiedAt)
    return { ok: false as const, status: 400 as const, message: M.alreadyVerified };
  const [code] = await tx
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId));
  return { ok: true as const, person: { phone: person.phone }, code };
}

/**
 * Sends a new 6-digit code by SMS to the person's saved number (replacing any earlier one):
 * valid 10 minutes, at most PHONE_CODE_MAX_SENDS an hour. Only the code's HMAC is stored.
 */
export async function sendPhoneCode(
  db: Db,
  userId: string,
  secret: string,
  now: Date,
): Promise<VerificationResult> {
  return db.transaction(async (tx) => {
    const found = await lockUnverifiedPhone(tx, userId);
    if (!found.ok) return found;
    const { person, code: earlier } = found;
    const windowOpen =
      earlier &&
      now.getTime() - earlier.windowStartedAt.getTime() < PHONE_CODE_WINDOW_MINUTES * MINUTE;
    const sends = windowOpen ? earlier.sends + 1 : 1;
    if (sends > PHONE_CODE_MAX_SENDS) return { ok: false, status: 429, message: M.tooManyCodes };
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
    const row = {
      userId,
      phone: person.phone,
      codeHash: codeHash(secret, userId, person.phone, code),
      expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * MINUTE),
      attempts: 0,
      sends,
      windowStartedAt: windowOpen ? earlier.windowStartedAt : now,
    };
    await tx
      .insert(phoneVerifications)
      .values(row)
      .onConflictDoUpdate({ target: phoneVerifications.userId, set: row });
    await queueVerificationCode(tx, { userId, phone: person.phone, code, now });
    return { ok: true };
  });
}

/**
 * Checks a typed code against the one sent to the person's current number: right, in time
 * and within PHONE_CODE_MAX_ATTEMPTS tries, the number is verified (now) and the code spent.
 */
export async function verifyPhoneCode(
  db: Db,
  userId: string,
  code: string,
  secret: string,
  now: Date,
): Promise<VerificationResult> {
  return db.transaction(async (tx) => {
    const found = await lockUnverifiedPhone(tx, userId);
    if (!found.ok) return found;
    const { person, code: pending } = found;
    if (!pending || pending.phone !== person.phone || pending.expiresAt <= now)
      return { ok: false, status: 400, message: M.codeExpired };
    if (pending.attempts >= PHONE_CODE_MAX_ATTEMPTS)
      return { ok: false, status: 429, message: M.tooManyAttempts };
    const expected = Buffer.from(pending.codeHash, "hex");
    const given = Buffer.from(codeHash(secret, userId, person.phone, code), "hex");
    if (!timingSafeEqual(expected, given)) {
      const attempts = pending.attempts + 1;
      await tx
        .update(phoneVerifications)
        .set({ attempts })
        .where(eq(phoneVerifications.userId, userId));
      return attempts >= PHONE_CODE_MAX_ATTEMPTS
        ? { ok: false, status: 429, message: M.tooManyAttempts }
        : { ok: false, status: 400, message: M.wrongCode };
    }
    await tx.update(users).set({ phoneVerifiedAt: now }).where(eq(users.id, userId));
    // Spent, but the row keeps the send window, so the resend limit still counts.
    await tx
      .update(phoneVerifications)
      .set({ expiresAt: now, attempts: PHONE_CODE_MAX_ATTEMPTS })
      .where(eq(phoneVerifications.userId, userId));
    return { ok: true };
  });
}

/**
 * Turns a phone channel on or off, recorded in the consent log with the words shown (only
 * when it changes). Turning on needs a verified number.
 */
export async function setChannelOptIn(
  db: Db,
  userId: string,
  channel: PhoneChannel,
  on: boolean,
  now: Date,
): Promise<VerificationResult> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (on && !(person?.phone && person.verifiedAt))
      return { ok: false, status: 400, message: M.verifyFirst };
    const [latest] = await tx
      .select({ action: consentEvents.action })
      .from(consentEvents)
      .where(and(eq(consentEvents.userId, userId), eq(consentEvents.kind, channel)))
      .orderBy(desc(consentEvents.at), desc(consentEvents.id))
      .limit(1);
    if ((latest?.action === "granted") !== on)
      await recordConsent(tx, userId, [channel], on ? "granted" : "withdrawn", "settings", now);
    return { ok: true };
  });
}
