import { mkdtempSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../core/messages/auth";
import { SECURITY_MESSAGES as M } from "../../core/messages/security";
import { totp, wrongTotp } from "../../tests/support/totp";
import { signIn, signUp } from "../auth/accounts.server";
import { createAuth } from "../auth/auth.server";
import { cookieHeader } from "../auth/second-factor.test-support";
import { verifySecondStep } from "../auth/second-factor.server";
import { ADMIN_SECOND_FACTOR_SETUP, getViewer, requireAdmin } from "../auth/session.server";
import { buildConfig } from "../config.server";
import * as s from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import {
  confirmTotp,
  deletePasskey,
  renamePasskey,
  disableTotp,
  loadSecurity,
  regenerateBackupCodes,
  startTotp,
} from "./security.server";

/*
 * Two-factor authentication end to end through the services (ADR 92): enrolment with a code
 * computed here (RFC 6238), the sign-in's second step with a code and with a backup code,
 * wrong codes locked out like wrong passwords, and admins refused until they have a factor.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: Parameters<typeof signIn>[0] & { config: ReturnType<typeof buildConfig> };
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "second-factor-test-")) });
const PASSWORD = "password-1";
let ipCount = 0;
const nextIp = () => `10.7.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    auth: createAuth(database.db, config, pino({ level: "silent" })),
    config,
  };
});
afterAll(() => database.destroy());

async function account(email: string) {
  await signUp(
    deps,
    { firstName: "Test", lastName: "Person", email, password: PASSWORD },
    nextIp(),
  );
  await database.db
    .update(s.authUsers)
    .set({ emailVerified: true })
    .where(eq(s.authUsers.email, email));
  const [user] = await database.db.select().from(s.authUsers).where(eq(s.authUsers.email, email));
  return user!.id;
}

async function passwordStep(email: string, password = PASSWORD, headers = new Headers()) {
  const result = await signIn(
    deps,
    { email, password, rememberMe: false },
    { headers, clientIp: nextIp() },
  );
  if (!result.ok) return result;
  return { ...result, cookie: cookieHeader(result.headers) };
}

const asRequest = (cookie: string) =>
  new Request("http://localhost/settings/security", { headers: { cookie } });

async function signedIn(email: string) {
  const result = await passwordStep(email);
  if (!result.ok || result.secondStep) throw new Error("expected a one-step sign-in");
  return result.cookie;
}

/** Enrols the account in TOTP; returns its key and backup codes, and the session's cookie. */
async function enrol(email: string) {
  const authUserId = await account(email);
  let cookie = await signedIn(email);
  const who = () => ({ authUserId, email, headers: new Headers({ cookie }) });
  expect((await startTotp(deps, who(), PASSWORD)).ok).toBe(true);
  const view = await loadSecurity(deps, { authUserId, email });
  expect(view.totp).toBe("pending");
  const secret = view.setup!.secret;
  expect(view.setup!.uri).toContain(`secret=${secret}`);
  const confirmed = await confirmTotp(deps, who(), totp(secret));
  if (!confirmed.ok) throw new Error(confirmed.message);
  cookie = cookieHeader(confirmed.headers) || cookie;
  return { authUserId, secret, backupCodes: confirmed.backupCodes, cookie, who };
}

async function secondStep(
  pendingCookie: string,
  input: { method: "totp" | "backup"; code: string; trustDevice?: boolean },
) {
  return verifySecondStep(
    deps,
    { trustDevice: false, ...input },
    { request: asRequest(pendingCookie), clientIp: nextIp() },
    new Date(),
  );
}

describe("enrolment", () => {
  it("asks for the password, then a first right code, and shows ten backup codes", async () => {
    const authUserId = await account("enrol@example.com");
    const cookie = await signedIn("enrol@example.com");
    const who = { authUserId, email: "enrol@example.com", headers: new Headers({ cookie }) };
    expect(await startTotp(deps, who, "wrong-password")).toMatchObject({
      ok: false,
      message: M.wrongPassword,
      field: "password",
    });
    expect((await loadSecurity(deps, who)).totp).toBe("off");
    expect((await startTotp(deps, who, PASSWORD)).ok).toBe(true);
    const { setup } = await loadSecurity(deps, who);
    expect(setup!.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(setup!.qr.size).toBeGreaterThan(20);
    expect(await confirmTotp(deps, who, wrongTotp(setup!.secret))).toMatchObject({
      ok: false,
      message: M.wrongCode,
    });
    const confirmed = await confirmTotp(deps, who, totp(setup!.secret));
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    expect(confirmed.backupCodes).toHaveLength(10);
    expect(confirmed.backupCodes[0]).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect((await loadSecurity(deps, who)).totp).toBe("on");
    const [user] = await database.db
      .select()
      .from(s.authUsers)
      .where(eq(s.authUsers.id, authUserId));
    expect(user!.twoFactorEnabled).toBe(true);
  });
});

describe("enrolment of an account made through Google", () => {
  it("needs no password, since it has none; the first right code turns it on", async () => {
    const email = "google-only@example.com";
    const authUserId = await account(email);
    const cookie = await signedIn(email);
    // As Google sign-up leaves it: a Google account link and no password.
    await database.db
      .delete(s.authAccounts)
      .where(
        and(eq(s.authAccounts.userId, authUserId), eq(s.authAccounts.providerId, "credential")),
      );
    await database.db.insert(s.authAccounts).values({
      id: randomUUID(),
      accountId: "google-sub-1234",
      providerId: "google",
      userId: authUserId,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const who = { authUserId, email, headers: new Headers({ cookie }) };
    expect((await loadSecurity(deps, who)).hasPassword).toBe(false);

    expect((await startTotp(deps, who, "")).ok).toBe(true);
    const { setup } = await loadSecurity(deps, who);
    const confirmed = await confirmTotp(deps, who, totp(setup!.secret));
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect((await loadSecurity(deps, who)).totp).toBe("on");
    // And it turns off the same way, without a password to ask for (on the session the
    // confirmation renewed, as the browser keeps it).
    const renewed = new Headers({ cookie: cookieHeader(confirmed.headers) || cookie });
    expect((await disableTotp(deps, { ...who, headers: renewed }, "")).ok).toBe(true);
    expect((await loadSecurity(deps, who)).totp).toBe("off");
  });
});

describe("signing in with a second factor", () => {
  it("needs the code after the password; the session starts only then", async () => {
    const { secret } = await enrol("code@example.com");
    const first = await passwordStep("code@example.com");
    expect(first).toMatchObject({ ok: true, secondStep: true });
    if (!first.ok) return;
    expect(await getViewer(asRequest(first.cookie), deps)).toBeNull();
    const done = await secondStep(first.cookie, { method: "totp", code: totp(secret) });
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    const viewer = await getViewer(asRequest(cookieHeader(done.headers)), deps);
    expect(viewer?.email).toBe("code@example.com");
  });

  it("takes a backup code once", async () => {
    const { backupCodes } = await enrol("backup@example.com");
    const first = await passwordStep("backup@example.com");
    if (!first.ok) throw new Error(first.message);
    expect((await secondStep(first.cookie, { method: "backup", code: backupCodes[0]! })).ok).toBe(
      true,
    );
    const again = await passwordStep("backup@example.com");
    if (!again.ok) throw new Error(again.message);
    expect(
      await secondStep(again.cookie, { method: "backup", code: backupCodes[0]! }),
    ).toMatchObject({ ok: false, message: M.wrongCode });
    expect((await secondStep(again.cookie, { method: "backup", code: backupCodes[1]! })).ok).toBe(
      true,
    );
  });

  it("locks the e-mail after five wrong codes, as five wrong passwords do", async () => {
    const { secret } = await enrol("guess@example.com");
    const first = await passwordStep("guess@example.com");
    if (!first.ok) throw new Error(first.message);
    for (let i = 0; i < 4; i++) {
      expect(
        await secondStep(first.cookie, { method: "totp", code: wrongTotp(secret) }),
      ).toMatchObject({ ok: false, title: M.wrongCodeTitle });
    }
    expect(
      await secondStep(first.cookie, { method: "totp", code: wrongTotp(secret) }),
    ).toMatchObject({
      ok: false,
      title: AUTH_MESSAGES.lockedTitle,
      message: AUTH_MESSAGES.locked(15),
    });
    // Locked: neither the right code nor the right password gets in for now.
    expect(await secondStep(first.cookie, { method: "totp", code: totp(secret) })).toMatchObject({
      ok: false,
      title: AUTH_MESSAGES.lockedTitle,
    });
    expect(await passwordStep("guess@example.com")).toMatchObject({
      ok: false,
      title: AUTH_MESSAGES.lockedTitle,
    });
  });

  it("counts wrong passwords and wrong codes together", async () => {
    const { secret } = await enrol("mixed@example.com");
    for (let i = 0; i < 3; i++) {
      expect(await passwordStep("mixed@example.com", "not-it")).toMatchObject({ ok: false });
    }
    const first = await passwordStep("mixed@example.com");
    if (!first.ok) throw new Error(first.message);
    expect(
      await secondStep(first.cookie, { method: "totp", code: wrongTotp(secret) }),
    ).toMatchObject({ title: M.wrongCodeTitle });
    expect(
      await secondStep(first.cookie, { method: "totp", code: wrongTotp(secret) }),
    ).toMatchObject({ title: AUTH_MESSAGES.lockedTitle });
  });

  it("skips the second step for 30 days on a trusted device", async () => {
    const { secret } = await enrol("trusted@example.com");
    const first = await passwordStep("trusted@example.com");
    if (!first.ok) throw new Error(first.message);
    const done = await secondStep(first.cookie, {
      method: "totp",
      code: totp(secret),
      trustDevice: true,
    });
    if (!done.ok) throw new Error(done.message);
    const trust = done.headers.getSetCookie().find((c) => c.startsWith("bt.trust_device="));
    expect(trust).toMatch(/Max-Age=2592000/);
    const next = await passwordStep(
      "trusted@example.com",
      PASSWORD,
      new Headers({ cookie: trust!.split(";")[0]! }),
    );
    expect(next).toMatchObject({ ok: true, secondStep: false });
  });

  it("refuses the second step without a pending sign-in", async () => {
    expect(await secondStep("", { method: "totp", code: "123456" })).toMatchObject({
      ok: false,
      title: M.challengeExpiredTitle,
      restart: true,
    });
  });
});

describe("managing the factor", () => {
  it("makes new backup codes with the password; the old ones stop working", async () => {
    const { backupCodes, who } = await enrol("regen@example.com");
    expect(await regenerateBackupCodes(deps, who(), "nope-nope")).toMatchObject({ ok: false });
    const fresh = await regenerateBackupCodes(deps, who(), PASSWORD);
    if (!fresh.ok) throw new Error(fresh.message);
    expect(fresh.backupCodes).toHaveLength(10);
    expect(fresh.backupCodes).not.toContain(backupCodes[0]);
    const first = await passwordStep("regen@example.com");
    if (!first.ok) throw new Error(first.message);
    expect(
      await secondStep(first.cookie, { method: "backup", code: backupCodes[0]! }),
    ).toMatchObject({ ok: false });
  });

  it("turns off with the password; then the password alone signs in", async () => {
    const { authUserId, who } = await enrol("off@example.com");
    expect(await disableTotp(deps, who(), "wrong-one")).toMatchObject({
      ok: false,
      message: M.wrongPassword,
    });
    expect((await disableTotp(deps, who(), PASSWORD)).ok).toBe(true);
    expect((await loadSecurity(deps, { authUserId, email: "off@example.com" })).totp).toBe("off");
    expect(await passwordStep("off@example.com")).toMatchObject({ ok: true, secondStep: false });
  });
});

describe("admins must have a second factor", () => {
  it("sends an admin without one to set it up, and lets them in once they have one", async () => {
    const authUserId = await account("boss@example.com");
    await database.db
      .update(s.users)
      .set({ admin: "Y" })
      .where(eq(s.users.email, "boss@example.com"));
    const cookie = await signedIn("boss@example.com");
    const viewer = await getViewer(asRequest(cookie), deps);
    expect(viewer).toMatchObject({ adminNeedsSecondFactor: true });
    expect(viewer!.roles).not.toContain("admin");
    const refused = await requireAdmin(asRequest(cookie), deps).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("location")).toBe(ADMIN_SECOND_FACTOR_SETUP);

    // A passkey counts (a stored credential, as @better-auth/passkey keeps one).
    await database.db.insert(s.authPasskeys).values({
      id: randomUUID(),
      name: "Laptop",
      publicKey: "cHVibGlj",
      userId: authUserId,
      credentialID: `cred-${randomUUID()}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    await database.db
      .update(s.authUsers)
      .set({ twoFactorEnabled: true })
      .where(eq(s.authUsers.id, authUserId));
    const admin = await requireAdmin(asRequest(cookie), deps);
    expect(admin.roles).toContain("admin");

    // Removing the only factor takes the admin pages away again.
    const [key] = await database.db
      .select()
      .from(s.authPasskeys)
      .where(eq(s.authPasskeys.userId, authUserId));
    const removed = await deletePasskey(
      deps,
      { authUserId, email: "boss@example.com", headers: new Headers({ cookie }) },
      key!.id,
    );
    expect(removed.ok).toBe(true);
    const again = await requireAdmin(asRequest(cookie), deps).catch((e: unknown) => e);
    expect((again as Response).headers.get("location")).toBe(ADMIN_SECOND_FACTOR_SETUP);
  });

  it("refuses to remove someone else's passkey", async () => {
    const owner = await account("owner@example.com");
    const other = await account("other@example.com");
    const cookie = await signedIn("other@example.com");
    const [key] = await database.db
      .insert(s.authPasskeys)
      .values({
        id: randomUUID(),
        publicKey: "cHVibGlj",
        userId: owner,
        credentialID: `cred-${randomUUID()}`,
        counter: 0,
        deviceType: "singleDevice",
        backedUp: false,
      })
      .returning();
    expect(
      await deletePasskey(
        deps,
        { authUserId: other, email: "other@example.com", headers: new Headers({ cookie }) },
        key!.id,
      ),
    ).toMatchObject({ ok: false, message: M.passkeyNotFound });
    expect(
      await database.db.select().from(s.authPasskeys).where(eq(s.authPasskeys.id, key!.id)),
    ).toHaveLength(1);
  });

  it("renames one's own passkey, and not someone else's", async () => {
    const owner = await account("keys@example.com");
    const other = await account("nosy@example.com");
    const stored = (userId: string) =>
      database.db
        .insert(s.authPasskeys)
        .values({
          id: randomUUID(),
          name: "Passkey",
          publicKey: "cHVibGlj",
          userId,
          credentialID: `cred-${randomUUID()}`,
          counter: 0,
          deviceType: "singleDevice",
          backedUp: false,
        })
        .returning();
    const [key] = await stored(owner);
    const as = async (authUserId: string, email: string) => ({
      authUserId,
      email,
      headers: new Headers({ cookie: await signedIn(email) }),
    });
    const nameOf = async () =>
      (await database.db.select().from(s.authPasskeys).where(eq(s.authPasskeys.id, key!.id)))[0]!
        .name;

    expect(
      await renamePasskey(deps, await as(other, "nosy@example.com"), {
        id: key!.id,
        name: "Mine now",
      }),
    ).toMatchObject({ ok: false, message: M.passkeyNotFound });
    expect(await nameOf()).toBe("Passkey");

    const renamed = await renamePasskey(deps, await as(owner, "keys@example.com"), {
      id: key!.id,
      name: "Work laptop",
    });
    expect(renamed.ok).toBe(true);
    expect(await nameOf()).toBe("Work laptop");
  });
});
