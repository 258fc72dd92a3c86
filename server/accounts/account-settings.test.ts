import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES as M } from "../../core/messages/account";
import { createAuth } from "../auth/auth.server";
import { getViewer } from "../auth/session.server";
import { buildConfig } from "../config.server";
import { createTestDatabase } from "../db/database.test-support";
import * as s from "../db/schema";
import {
  accountOverview,
  changePassword,
  hasPassword,
  listSignIns,
  requestEmailChange,
  revokeOtherSignIns,
  revokeSignIn,
  setFirstPassword,
} from "./account-settings.server";
import { undoableChange, undoEmailChange } from "./email-change-undo.server";

/*
 * Issue 38, points 2 and 3, against better-auth's own endpoints on PGlite (or PostgreSQL with
 * TEST_DATABASE_URL): the e-mail change (confirm, undo, refusals), the password (change, first
 * one), and the sessions (list, revoke one or the others; a revoked cookie stops at once).
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: {
  db: typeof database.db;
  auth: ReturnType<typeof createAuth>;
  config: ReturnType<typeof buildConfig>;
};
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "account-settings-")) });
const PASSWORD = "password-1";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const now = () => new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    auth: createAuth(database.db, config, pino({ level: "silent" })),
    config,
  };
});
afterAll(() => database.destroy());

let counter = 0;
async function account(prefix: string) {
  const email = `${prefix}.${++counter}@example.com`;
  await deps.auth.api.signUpEmail({ body: { name: "Test Person", email, password: PASSWORD } });
  await deps.db
    .update(s.authUsers)
    .set({ emailVerified: true })
    .where(eq(s.authUsers.email, email));
  return email;
}

/** A browser's request headers after signing in: its cookie and its User-Agent. */
async function signIn(email: string, userAgent = CHROME_WINDOWS, password = PASSWORD) {
  const response = await deps.auth.api.signInEmail({
    body: { email, password },
    headers: new Headers({ "user-agent": userAgent, "x-forwarded-for": "203.0.113.77" }),
    asResponse: true,
  });
  expect(response.status).toBe(200);
  return browserHeaders(response.headers, userAgent);
}

function browserHeaders(setCookies: Headers, userAgent = CHROME_WINDOWS) {
  const cookie = setCookies
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie, "user-agent": userAgent });
}

async function viewerOf(headers: Headers) {
  const request = new Request("http://localhost/settings/account", { headers });
  return getViewer(request, deps);
}

async function person(headers: Headers) {
  const viewer = await viewerOf(headers);
  expect(viewer).not.toBeNull();
  return viewer!;
}

async function mailsTo(address: string) {
  return deps.db
    .select()
    .from(s.emailOutbox)
    .where(eq(s.emailOutbox.toAddress, address))
    .orderBy(desc(s.emailOutbox.createdAt));
}

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)![0];

async function emails(authUserId: string) {
  const [authUser] = await deps.db
    .select({ email: s.authUsers.email })
    .from(s.authUsers)
    .where(eq(s.authUsers.id, authUserId));
  const [user] = await deps.db
    .select({ email: s.users.email })
    .from(s.users)
    .where(eq(s.users.authUserId, authUserId));
  return { auth: authUser!.email, product: user!.email };
}

/** Opens a link of ours the way a browser would, through better-auth's handler. */
async function open(link: string, headers = new Headers()) {
  return deps.auth.handler(new Request(link, { headers }));
}

describe("changing the e-mail address", () => {
  it("mails the new address, changes nothing until the link is opened, then tells the old one", async () => {
    const old = await account("mira");
    const headers = await signIn(old);
    const me = await person(headers);
    const next = `mira.new.${counter}@example.com`;

    expect(await requestEmailChange(deps, me, next, headers, now())).toEqual({ ok: true });
    const [confirmation] = await mailsTo(next);
    expect(confirmation!.subject).toBe("Confirm your new e-mail address for BeenThere");
    expect(await emails(me.authUserId)).toEqual({ auth: old, product: old });
    expect(await mailsTo(old)).toHaveLength(1); // only the sign-up confirmation so far

    const response = await open(firstLink(confirmation!.text), headers);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings/account?email-changed=1");
    expect(await emails(me.authUserId)).toEqual({ auth: next, product: next });
    expect((await person(headers)).email).toBe(next);
    expect(await accountOverview(deps.db, await person(headers), now())).toMatchObject({
      email: next,
      justChangedTo: next,
    });

    const [notice] = await mailsTo(old);
    expect(notice!.subject).toBe("Your BeenThere e-mail address was changed");
    expect(notice!.text).toContain(`now signs in with ${next}`);
    expect(firstLink(notice!.text)).toMatch(/\/account\/undo-email-change\?token=/);

    // The same link again changes nothing more.
    const again = await open(firstLink(confirmation!.text));
    expect(again.headers.get("location")).toMatch(/error=/);
    expect(await emails(me.authUserId)).toEqual({ auth: next, product: next });
  });

  it("refuses an address another account (or an invited advisor) holds, as sign-up would", async () => {
    const mine = await account("ravi");
    const theirs = await account("sana");
    const headers = await signIn(mine);
    const me = await person(headers);
    await deps.db.insert(s.users).values({
      firstName: "Invited",
      lastName: "Advisor",
      email: `Invited.${counter}@example.com`,
    });
    for (const taken of [theirs, theirs.toUpperCase(), `invited.${counter}@example.com`]) {
      expect(await requestEmailChange(deps, me, taken, headers, now())).toEqual({
        ok: false,
        message: M.emailTaken,
        field: "newEmail",
        status: 400,
      });
    }
    expect(await requestEmailChange(deps, me, mine.toUpperCase(), headers, now())).toMatchObject({
      ok: false,
      message: M.emailSame,
    });
    expect(await mailsTo(theirs)).toHaveLength(1); // its own sign-up mail, nothing more
    expect(await emails(me.authUserId)).toEqual({ auth: mine, product: mine });
  });

  it("does not let a link confirm an address someone took in the meantime", async () => {
    const mine = await account("tara");
    const headers = await signIn(mine);
    const me = await person(headers);
    const next = `tara.new.${counter}@example.com`;
    await requestEmailChange(deps, me, next, headers, now());
    const [confirmation] = await mailsTo(next);
    await deps.auth.api.signUpEmail({ body: { name: "Quick", email: next, password: PASSWORD } });
    await open(firstLink(confirmation!.text), headers);
    expect(await emails(me.authUserId)).toEqual({ auth: mine, product: mine });
  });

  it("undoes a change from the old address: restored, signed out everywhere, a reset link sent", async () => {
    const old = await account("omar");
    const phone = await signIn(old, SAFARI_IPHONE);
    const laptop = await signIn(old);
    const me = await person(laptop);
    const next = `intruder.${counter}@example.com`;
    await requestEmailChange(deps, me, next, laptop, now());
    const [confirmation] = await mailsTo(next);
    await open(firstLink(confirmation!.text), laptop);
    const [notice] = await mailsTo(old);
    const token = new URL(firstLink(notice!.text)).searchParams.get("token")!;

    expect(await undoableChange(deps.db, token, now())).toEqual({ oldEmail: old, newEmail: next });
    expect(await undoEmailChange(deps, token, now())).toEqual({ ok: true, oldEmail: old });
    expect(await emails(me.authUserId)).toEqual({ auth: old, product: old });
    expect(await viewerOf(phone)).toBeNull();
    expect(await viewerOf(laptop)).toBeNull();
    const [reset] = await mailsTo(old);
    expect(reset!.subject).toBe("Reset your BeenThere password");

    // The undo link works once; the old confirmation link cannot redo the change.
    expect(await undoableChange(deps.db, token, now())).toBeNull();
    expect(await undoEmailChange(deps, token, now())).toEqual({
      ok: false,
      message: M.undoInvalid,
    });
    await open(firstLink(confirmation!.text));
    expect(await emails(me.authUserId)).toEqual({ auth: old, product: old });
  });

  it("refuses an unknown or expired undo link and changes nothing", async () => {
    expect(await undoEmailChange(deps, "not-a-token", now())).toEqual({
      ok: false,
      message: M.undoInvalid,
    });
    const old = await account("lina");
    const headers = await signIn(old);
    const me = await person(headers);
    const next = `lina.new.${counter}@example.com`;
    await requestEmailChange(deps, me, next, headers, now());
    await open(firstLink((await mailsTo(next))[0]!.text), headers);
    const token = new URL(firstLink((await mailsTo(old))[0]!.text)).searchParams.get("token")!;
    const eightDays = new Date(Date.now() + 8 * 24 * 60 * 60_000);
    expect(await undoEmailChange(deps, token, eightDays)).toEqual({
      ok: false,
      message: M.undoInvalid,
    });
    expect(await emails(me.authUserId)).toEqual({ auth: next, product: next });
    expect(await viewerOf(headers)).not.toBeNull();
  });
});

describe("the password", () => {
  it("changes with the current one and signs out the other sessions, not this one", async () => {
    const email = await account("neel");
    const here = await signIn(email);
    const there = await signIn(email, SAFARI_IPHONE);
    const me = await person(here);
    const result = await changePassword(
      deps,
      me,
      { currentPassword: PASSWORD, newPassword: "a-new-password" },
      here,
      now(),
    );
    expect(result.ok).toBe(true);
    const renewed = browserHeaders((result as { headers: Headers }).headers);
    expect(await viewerOf(renewed)).not.toBeNull();
    expect(await viewerOf(there)).toBeNull();
    await signIn(email, CHROME_WINDOWS, "a-new-password");
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const email = await account("uma");
    const here = await signIn(email);
    const there = await signIn(email, SAFARI_IPHONE);
    const me = await person(here);
    expect(
      await changePassword(
        deps,
        me,
        { currentPassword: "not-my-password", newPassword: "a-new-password" },
        here,
        now(),
      ),
    ).toEqual({
      ok: false,
      message: M.currentPasswordWrong,
      field: "currentPassword",
      status: 400,
    });
    expect(await viewerOf(here)).not.toBeNull();
    expect(await viewerOf(there)).not.toBeNull();
    await signIn(email); // the old password still works
  });

  it("lets an account without a password (made through Google) set a first one, once", async () => {
    const email = await account("gopal");
    const headers = await signIn(email);
    const me = await person(headers);
    // As if made through Google: no credential account.
    await deps.db
      .delete(s.authAccounts)
      .where(
        and(eq(s.authAccounts.userId, me.authUserId), eq(s.authAccounts.providerId, "credential")),
      );
    expect(await hasPassword(deps.db, me.authUserId)).toBe(false);
    expect(await setFirstPassword(deps, me, "first-password", headers)).toEqual({ ok: true });
    expect(await hasPassword(deps.db, me.authUserId)).toBe(true);
    await signIn(email, CHROME_WINDOWS, "first-password");
    expect(await setFirstPassword(deps, me, "another-password", headers)).toEqual({
      ok: false,
      message: M.passwordAlreadySet,
      status: 400,
    });
  });
});

describe("where you are signed in", () => {
  it("lists the sessions, this device first, named from the User-Agent, the address masked", async () => {
    const email = await account("asha");
    const phone = await signIn(email, SAFARI_IPHONE);
    const laptop = await signIn(email);
    const list = await listSignIns(deps, await person(laptop), laptop, now());
    expect(list.map(({ device, address, current }) => ({ device, address, current }))).toEqual([
      { device: "Chrome on Windows", address: "203.0.113.x", current: true },
      { device: "Safari on iOS", address: "203.0.113.x", current: false },
    ]);
    expect(JSON.stringify(list)).not.toMatch(/token/i);
    expect((await listSignIns(deps, await person(phone), phone, now()))[0]).toMatchObject({
      device: "Safari on iOS",
      current: true,
    });
  });

  it("signs out one session by its id: its cookie stops working at once", async () => {
    const email = await account("dev");
    const phone = await signIn(email, SAFARI_IPHONE);
    const laptop = await signIn(email);
    const me = await person(laptop);
    const phoneSession = (await listSignIns(deps, me, laptop, now())).find((x) => !x.current)!;
    expect(await revokeSignIn(deps, me, phoneSession.id, laptop, now())).toEqual({
      ok: true,
      device: "Safari on iOS",
    });
    expect(await viewerOf(phone)).toBeNull();
    const session = await deps.auth.handler(
      new Request("http://localhost:3000/api/auth/get-session", { headers: phone }),
    );
    expect(await session.json()).toBeNull();
    expect(await viewerOf(laptop)).not.toBeNull();
    expect(await revokeSignIn(deps, me, phoneSession.id, laptop, now())).toEqual({
      ok: false,
      message: M.sessionGone,
      status: 404,
    });
  });

  it("signs out all the others and keeps this one", async () => {
    const email = await account("kiran");
    const one = await signIn(email, SAFARI_IPHONE);
    const two = await signIn(email, SAFARI_IPHONE);
    const here = await signIn(email);
    expect(await revokeOtherSignIns(deps, await person(here), here, now())).toEqual({
      ok: true,
      count: 2,
    });
    expect(await viewerOf(one)).toBeNull();
    expect(await viewerOf(two)).toBeNull();
    expect(await viewerOf(here)).not.toBeNull();
  });

  it("does not let one person sign out another's session by its id", async () => {
    const victim = await signIn(await account("victim"));
    const victimSession = (await listSignIns(deps, await person(victim), victim, now()))[0]!;
    const seeker = await signIn(await account("seeker"));
    expect(await revokeSignIn(deps, await person(seeker), victimSession.id, seeker, now())).toEqual(
      { ok: false, message: M.sessionGone, status: 404 },
    );
    expect(await viewerOf(victim)).not.toBeNull();
    const [row] = await deps.db
      .select({ n: sql<number>`count(*)` })
      .from(s.authSessions)
      .where(eq(s.authSessions.id, victimSession.id));
    expect(Number(row!.n)).toBe(1);
  });
});
