import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../config.server";
import * as s from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import {
  activateInvite,
  createInvite,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from "./accounts.server";
import { createAuth } from "./auth.server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: Parameters<typeof signIn>[0];
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "accounts-test-")) });
const request = (ip = "10.0.0.1") => ({ headers: new Headers(), clientIp: ip });
const t = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    auth: createAuth(database.db, config, pino({ level: "silent" })),
    config,
  };
});
afterAll(() => database.destroy());

async function confirmedAccount(email: string, password: string) {
  expect(
    await signUp(deps, { firstName: "Test", lastName: "Person", email, password }, "10.0.0.9"),
  ).toEqual({ ok: true });
  await database.db
    .update(s.authUsers)
    .set({ emailVerified: true })
    .where(eq(s.authUsers.email, email));
}

describe("sign-up", () => {
  it("creates the product user with the names as typed and queues a confirmation mail", async () => {
    await confirmedAccount("nila@example.com", "password-1");
    const [user] = await database.db
      .select()
      .from(s.users)
      .where(eq(s.users.email, "nila@example.com"));
    expect(user).toMatchObject({
      firstName: "Test",
      lastName: "Person",
      admin: "N",
      isActive: true,
    });
    expect(user!.authUserId).not.toBeNull();
    const mails = await database.db
      .select()
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.toAddress, "nila@example.com"));
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your e-mail for BeenThere"]);
  });

  it("writes a name that passed no form of ours (a provider's) on one line", async () => {
    await deps.auth.api.signUpEmail({
      body: {
        name: "Aditya\r\nATTACH:https://evil.example/payload.exe\r\nX-INJ:1\u0007\u2028Rao",
        email: "aditya@example.com",
        password: "password-1",
      },
    });
    const [user] = await database.db
      .select()
      .from(s.users)
      .where(eq(s.users.email, "aditya@example.com"));
    expect(user).toMatchObject({
      firstName: "Aditya",
      lastName: "ATTACH:https://evil.example/payload.exe X-INJ:1 Rao",
    });
  });

  it("refuses a registered e-mail, in any case, and writes nothing", async () => {
    const before = await database.db.select().from(s.authUsers);
    const result = await signUp(
      deps,
      {
        firstName: "A",
        lastName: "B",
        email: "NILA@example.com".toLowerCase(),
        password: "password-2",
      },
      "10.0.0.9",
    );
    expect(result).toMatchObject({
      ok: false,
      title: "Email Already Registered",
      jumpTo: "signin",
    });
    expect(await database.db.select().from(s.authUsers)).toHaveLength(before.length);
  });
});

describe("confirming the e-mail", () => {
  async function confirmationLink(email: string) {
    const [mail] = await database.db
      .select()
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.toAddress, email));
    const link = /https?:\/\/\S+verify-email\S+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    return link!;
  }
  const person = (email: string) => ({
    firstName: "Ravi",
    lastName: "K",
    email,
    password: "password-1",
  });

  it("signs the person in and sends them on to where they were going", async () => {
    const email = "ravi@example.com";
    await signUp(deps, person(email), "10.0.0.8", "/become-advisor");
    const answer = await deps.auth.handler(new Request(await confirmationLink(email)));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/auth?confirmed=1&redirect=%2Fbecome-advisor");
    const cookies = answer.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const session = await deps.auth.api.getSession({
      headers: new Headers({ cookie: cookies.join("; ") }),
    });
    expect(session?.user.email).toBe(email);
    expect(session?.user.emailVerified).toBe(true);

    // A used link only redirects: it signs no one in a second time.
    const again = await deps.auth.handler(new Request(await confirmationLink(email)));
    expect(again.status).toBe(302);
    expect(again.headers.getSetCookie().join(";")).not.toMatch(/session_token=[^;]/);
  });

  it("carries only a local path: another site becomes the dashboard", async () => {
    const email = "ravi.two@example.com";
    await signUp(deps, person(email), "10.0.0.8", "https://evil.example/steal");
    const answer = await deps.auth.handler(new Request(await confirmationLink(email)));
    expect(answer.headers.get("location")).toBe("/auth?confirmed=1&redirect=%2Fdashboard");
  });
});

describe("sign-in lockout", () => {
  it("locks after 5 failures, refuses the right password while locked, and unlocks 15 minutes after the last", async () => {
    await confirmedAccount("lock@example.com", "right-password");
    const attempt = (password: string, at: Date) =>
      signIn(deps, { email: "lock@example.com", password, rememberMe: false }, request(), at);
    for (let i = 0; i < 4; i++) {
      expect(await attempt("wrong", t(i))).toMatchObject({ ok: false, title: "Login Failed" });
    }
    expect(await attempt("wrong", t(4))).toMatchObject({
      ok: false,
      title: "Account Temporarily Locked",
      message: "Too many failed login attempts. Please try again in 15 minutes.",
    });
    expect(await attempt("right-password", t(10))).toMatchObject({
      title: "Account Temporarily Locked",
      message: "Too many failed login attempts. Please try again in 9 minutes.",
    });
    const after = await attempt("right-password", t(20));
    expect(after.ok).toBe(true);
    expect(
      await database.db
        .select()
        .from(s.loginAttempts)
        .where(eq(s.loginAttempts.email, "lock@example.com")),
    ).toEqual([]);
  });

  it("a password reset lifts the lock, so the new password works at once", async () => {
    const email = "reset-lock@example.com";
    await confirmedAccount(email, "old-password");
    const attempt = (password: string, at: Date) =>
      signIn(deps, { email, password, rememberMe: false }, request(), at);
    for (let i = 0; i < 5; i++) await attempt("wrong", t(i));
    expect(await attempt("old-password", t(5))).toMatchObject({
      title: "Account Temporarily Locked",
    });

    expect(await requestPasswordReset(deps, email, "10.0.0.7")).toEqual({ ok: true });
    const [mail] = await database.db
      .select()
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.subject, "Reset your BeenThere password"));
    const token = /\/reset-password\/([\w-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    expect(await resetPassword(deps.auth, { token: token!, password: "new-password" })).toEqual({
      ok: true,
    });

    expect((await attempt("new-password", t(6))).ok).toBe(true);
  });

  it("a success clears the count", async () => {
    await confirmedAccount("clear@example.com", "right-password");
    const attempt = (password: string, at: Date) =>
      signIn(deps, { email: "clear@example.com", password, rememberMe: true }, request(), at);
    for (let i = 0; i < 4; i++) await attempt("wrong", t(i));
    expect((await attempt("right-password", t(5))).ok).toBe(true);
    expect(await attempt("wrong", t(6))).toMatchObject({ title: "Login Failed" });
  });

  it("a remembered session gets a lasting cookie; otherwise it ends with the browser", async () => {
    await confirmedAccount("remember@example.com", "right-password");
    const remembered = await signIn(
      deps,
      { email: "remember@example.com", password: "right-password", rememberMe: true },
      request(),
    );
    const forgotten = await signIn(
      deps,
      { email: "remember@example.com", password: "right-password", rememberMe: false },
      request(),
    );
    const sessionCookie = (r: typeof remembered) =>
      r.ok ? r.headers.getSetCookie().find((c) => c.startsWith("bt.session_token=")) : undefined;
    expect(sessionCookie(remembered)).toMatch(/Max-Age=\d+/);
    expect(sessionCookie(forgotten)).not.toMatch(/Max-Age/);
  });

  it("limits how many sign-ins one client may try", async () => {
    const results = [];
    for (let i = 0; i < 31; i++) {
      results.push(
        await signIn(
          deps,
          { email: `spray${i}@example.com`, password: "x", rememberMe: false },
          request("10.9.9.9"),
        ),
      );
    }
    expect(results.at(-1)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Too many attempts from your network/),
    });
    expect(results.at(-2)).toMatchObject({ title: "Account Not Found" });
  });
});

describe("invited advisors (ADR 4)", () => {
  async function invitedAdvisor(email: string) {
    const [user] = await database.db
      .insert(s.users)
      .values({ firstName: "Invited", lastName: "Advisor", email, isActive: false })
      .returning();
    const [advisor] = await database.db
      .insert(s.advisors)
      .values({ userId: user!.id, profileStatus: "pending_activation" })
      .returning();
    return { user: user!, advisor: advisor! };
  }

  it("setting a password activates the user, approves the profile and works once", async () => {
    const { user, advisor } = await invitedAdvisor("invited@example.com");
    const token = await createInvite(database.db, user.id);
    expect(await activateInvite(database.db, { token, password: "first-password" })).toEqual({
      ok: true,
      email: "invited@example.com",
    });
    const [after] = await database.db.select().from(s.users).where(eq(s.users.id, user.id));
    expect(after).toMatchObject({ isActive: true });
    expect(after!.authUserId).not.toBeNull();
    const agreed = await database.db
      .select()
      .from(s.consentEvents)
      .where(eq(s.consentEvents.userId, user.id));
    expect(agreed.map((c) => [c.kind, c.source, c.wording])).toEqual([
      [
        "terms",
        "sign-up",
        "By activating your account you agree to our Terms & Conditions and Privacy Policy.",
      ],
      [
        "privacy",
        "sign-up",
        "By activating your account you agree to our Terms & Conditions and Privacy Policy.",
      ],
    ]);
    const [profile] = await database.db
      .select()
      .from(s.advisors)
      .where(eq(s.advisors.id, advisor.id));
    expect(profile!.profileStatus).toBe("approved");
    const login = await signIn(
      deps,
      { email: "invited@example.com", password: "first-password", rememberMe: false },
      request("10.1.1.1"),
    );
    expect(login.ok).toBe(true);
    expect(await activateInvite(database.db, { token, password: "second-password" })).toMatchObject(
      {
        ok: false,
        message: "Failed to update password. Link may have expired.",
      },
    );
  });

  it("an expired or unknown token changes nothing", async () => {
    const { user } = await invitedAdvisor("late@example.com");
    const token = await createInvite(
      database.db,
      user.id,
      new Date(Date.now() - 8 * 24 * 3600_000),
    );
    expect((await activateInvite(database.db, { token, password: "password-1" })).ok).toBe(false);
    expect(
      (await activateInvite(database.db, { token: "made-up", password: "password-1" })).ok,
    ).toBe(false);
    const [after] = await database.db.select().from(s.users).where(eq(s.users.id, user.id));
    expect(after).toMatchObject({ isActive: false, authUserId: null });
  });
});
