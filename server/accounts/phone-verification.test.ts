import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_MAX_SENDS } from "../../core/channels";
import { PHONE_MESSAGES as M } from "../../core/messages/phone";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import { channelMessages, phoneVerifications, users } from "../db/schema";
import {
  phoneState,
  sendPhoneCode,
  setChannelOptIn,
  verifyPhoneCode,
} from "./phone-verification.server";
import { saveProfileSettings } from "./profile.server";

/*
 * Issue 41, point 1: a phone proved by a 6-digit code sent by SMS (through the channel outbox),
 * stored as its HMAC, valid 10 minutes, 5 wrong tries, 5 codes an hour; a changed number is
 * unverified again. The clock is injected.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const NOW = new Date("2026-03-02T10:00:00Z");
const MINUTE = 60_000;
const later = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

let n = 0;
const person = async () => {
  n++;
  return createSeeker(database.db, { phone: `+9197000000${String(n).padStart(2, "0")}` });
};
/** The code in the latest SMS to this person (what the local outbox page shows). */
async function lastCode(userId: string) {
  const rows = await database.db
    .select({
      body: channelMessages.body,
      name: channelMessages.name,
      channel: channelMessages.channel,
    })
    .from(channelMessages)
    .where(eq(channelMessages.userId, userId))
    .orderBy(channelMessages.createdAt);
  const last = rows.filter((r) => r.name === "phone.verification-code").at(-1)!;
  expect(last.channel).toBe("sms");
  return /^(\d{6}) is your BeenThere verification code/.exec(last.body)![1]!;
}

describe("verifying a phone", () => {
  it("sends a 6-digit code by SMS, stores only its hash, and verifies the number with it", async () => {
    const id = await person();
    expect(await sendPhoneCode(database.db, id, SECRET, NOW)).toEqual({ ok: true });
    const code = await lastCode(id);
    const [stored] = await database.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, id));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await phoneState(database.db, id, NOW)).codePending).toBe(true);

    const wrong = code === "000000" ? "111111" : "000000";
    expect(await verifyPhoneCode(database.db, id, wrong, SECRET, later(1))).toEqual({
      ok: false,
      status: 400,
      message: M.wrongCode,
    });
    expect(await verifyPhoneCode(database.db, id, code, SECRET, later(2))).toEqual({ ok: true });
    const [row] = await database.db
      .select({ at: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, id));
    expect(row!.at).toEqual(later(2));
    expect(await verifyPhoneCode(database.db, id, code, SECRET, later(3))).toMatchObject({
      message: M.alreadyVerified,
    });
  });

  it("refuses a code after 10 minutes", async () => {
    const id = await person();
    await sendPhoneCode(database.db, id, SECRET, NOW);
    const code = await lastCode(id);
    expect(await verifyPhoneCode(database.db, id, code, SECRET, later(10))).toEqual({
      ok: false,
      status: 400,
      message: M.codeExpired,
    });
    expect((await phoneState(database.db, id, later(10))).verified).toBe(false);
  });

  it("spends a code after 5 wrong tries, even the right one", async () => {
    const id = await person();
    await sendPhoneCode(database.db, id, SECRET, NOW);
    const code = await lastCode(id);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < PHONE_CODE_MAX_ATTEMPTS; i++)
      expect(await verifyPhoneCode(database.db, id, wrong, SECRET, NOW)).toMatchObject({
        status: 400,
      });
    expect(await verifyPhoneCode(database.db, id, wrong, SECRET, NOW)).toEqual({
      ok: false,
      status: 429,
      message: M.tooManyAttempts,
    });
    expect(await verifyPhoneCode(database.db, id, code, SECRET, NOW)).toMatchObject({
      status: 429,
    });
    // A new code starts over.
    await sendPhoneCode(database.db, id, SECRET, later(1));
    expect(await verifyPhoneCode(database.db, id, await lastCode(id), SECRET, later(1))).toEqual({
      ok: true,
    });
  });

  it("sends at most 5 codes an hour, and the code sent last is the one that counts", async () => {
    const id = await person();
    for (let i = 0; i < PHONE_CODE_MAX_SENDS; i++)
      expect(await sendPhoneCode(database.db, id, SECRET, later(i))).toEqual({ ok: true });
    expect(await sendPhoneCode(database.db, id, SECRET, later(30))).toEqual({
      ok: false,
      status: 429,
      message: M.tooManyCodes,
    });
    expect(await sendPhoneCode(database.db, id, SECRET, later(61))).toEqual({ ok: true });
    expect(await verifyPhoneCode(database.db, id, await lastCode(id), SECRET, later(62))).toEqual({
      ok: true,
    });
  });

  it("needs a number, and a changed number is unverified again", async () => {
    const none = await createSeeker(database.db);
    expect(await sendPhoneCode(database.db, none, SECRET, NOW)).toEqual({
      ok: false,
      status: 400,
      message: M.noPhone,
    });
    const id = await person();
    await sendPhoneCode(database.db, id, SECRET, NOW);
    await verifyPhoneCode(database.db, id, await lastCode(id), SECRET, NOW);
    await setChannelOptIn(database.db, id, "sms", true, NOW);
    const profile = { firstName: "Test", lastName: "Seeker", timeZone: "Asia/Kolkata" };
    // The same number saved again stays verified.
    const [current] = await database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, id));
    await saveProfileSettings(database.db, id, { ...profile, phone: current!.phone }, NOW);
    expect((await phoneState(database.db, id, NOW)).verified).toBe(true);
    await saveProfileSettings(database.db, id, { ...profile, phone: "+919811111111" }, NOW);
    const state = await phoneState(database.db, id, NOW);
    expect(state).toMatchObject({ phone: "+919811111111", verified: false, codePending: false });
    // A code sent to the old number does not prove the new one.
    expect(await setChannelOptIn(database.db, id, "whatsapp", true, NOW)).toMatchObject({
      ok: false,
      message: M.verifyFirst,
    });
  });
});
