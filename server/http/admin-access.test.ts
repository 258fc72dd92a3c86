import path from "node:path";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAdvisorValues } from "../../core/admin/add-advisor-fixture.test-support";
import { createAdvisor, createUser } from "../admin/people.test-support";
import { signUp } from "../auth/accounts.server";
import { giveSecondFactor, signInFully } from "../auth/second-factor.test-support";
import { buildConfig } from "../config.server";
import { freePort } from "../../tests/support/app-process";
import { loadServerBundle } from "../../tests/support/server-bundle";
import * as s from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";

/*
 * Every admin page and action, called directly as a visitor, a seeker and an advisor (forged
 * posts included): a visitor is sent to sign in, the others get the not-found page, and
 * nothing in the database changes. An admin's call is shown to work, so the refusals are real.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let baseUrl: string;
let close: () => void;
const cookies: Record<"seeker" | "advisor" | "admin", string> = {
  seeker: "",
  advisor: "",
  admin: "",
};
let targets: {
  seekerId: string;
  adminId: string;
  pendingId: string;
  approvedId: string;
  invitedId: string;
};

beforeAll(async () => {
  // The app must know the address the test posts from: its Origin is checked.
  const port = await freePort();
  const build = await loadServerBundle();
  database = await createTestDatabase();
  const db = database.db;
  const logger = pino({ level: "silent" });
  const config = buildConfig({
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.resolve("data/test-admin-access"),
  });
  const services = build.composeServices({ config, logger, database });
  const { auth } = services;
  const deps = { db, auth, config };
  const login = async (email: string, setup: (userId: string) => Promise<unknown>) => {
    const password = "password-1";
    await signUp(deps, { firstName: "Test", lastName: "Person", email, password }, "10.0.0.1");
    await db.update(s.authUsers).set({ emailVerified: true }).where(eq(s.authUsers.email, email));
    const [user] = await db.select().from(s.users).where(eq(s.users.email, email));
    await setup(user!.id);
    return signInFully(deps, { email, password }, "10.0.0.1");
  };
  cookies.seeker = await login("seeker@example.com", async () => {});
  cookies.advisor = await login("advisor@example.com", (userId) =>
    db.insert(s.advisors).values({ userId, profileStatus: "approved" }),
  );
  let adminId = "";
  cookies.admin = await login("admin@example.com", async (userId) => {
    adminId = userId;
    await db.update(s.users).set({ admin: "Y" }).where(eq(s.users.id, userId));
    await giveSecondFactor(db, "admin@example.com", config.authSecret);
  });
  const seeker = await createUser(db);
  targets = {
    seekerId: seeker.id,
    adminId,
    pendingId: (await createAdvisor(db, "pending")).advisor.id,
    approvedId: (await createAdvisor(db, "approved")).advisor.id,
    invitedId: (await createAdvisor(db, "pending_activation", { isActive: false })).advisor.id,
  };
  const app = build.createHttpApp({ services, build });
  const server = app.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await database.destroy();
});

/** Everything an admin action could change. */
async function snapshot() {
  const db = database.db;
  const [audit] = await db.select({ n: count() }).from(s.auditLog);
  const [mails] = await db.select({ n: count() }).from(s.emailOutbox);
  return {
    audit: audit!.n,
    mails: mails!.n,
    users: await db
      .select({ id: s.users.id, admin: s.users.admin })
      .from(s.users)
      .orderBy(s.users.id),
    advisors: await db
      .select({ id: s.advisors.id, status: s.advisors.profileStatus })
      .from(s.advisors)
      .orderBy(s.advisors.id),
  };
}

type Call = { name: string; path: string; body?: () => BodyInit };
const form = (fields: Record<string, string>) => () => new URLSearchParams(fields);
const calls = (): Call[] => [
  { name: "users page", path: "/admin/users" },
  { name: "advisors page", path: "/admin/advisors" },
  { name: "add advisor page", path: "/admin/advisors/new" },
  { name: "audit page", path: "/admin/audit" },
  { name: "payouts page", path: "/admin/payouts" },
  {
    name: "retry a payout",
    path: "/admin/payouts",
    body: form({ intent: "retry", transferId: targets.seekerId }),
  },
  { name: "run the reconciliation", path: "/admin/payouts", body: form({ intent: "reconcile" }) },
  { name: "debug page", path: "/advisor-debug" },
  {
    name: "make admin",
    path: "/admin/users",
    body: form({ intent: "grant", userId: targets.seekerId }),
  },
  {
    name: "revoke admin",
    path: "/admin/users",
    body: form({ intent: "revoke", userId: targets.adminId }),
  },
  {
    name: "approve",
    path: "/admin/advisors",
    body: form({ intent: "approve", advisorId: targets.pendingId }),
  },
  {
    name: "reject",
    path: "/admin/advisors",
    body: form({ intent: "reject", advisorId: targets.approvedId, reason: "forged" }),
  },
  {
    name: "resend invitation",
    path: "/admin/advisors",
    body: form({ intent: "resend-invitation", advisorId: targets.invitedId }),
  },
  { name: "profile for the dialog", path: `/admin/advisors/${targets.approvedId}/profile` },
  {
    name: "save another's profile",
    path: `/admin/advisors/${targets.approvedId}/profile`,
    body: () => JSON.stringify({ values: { jobTitle: "Forged" } }),
  },
  {
    name: "create advisor",
    path: "/admin/advisors/new",
    body: () => {
      const body = new FormData();
      const { headshot: _headshot, ...values } = newAdvisorValues({ email: "forged@example.com" });
      body.set("values", JSON.stringify(values));
      body.set("headshot", new Blob([Buffer.from("not really")], { type: "image/png" }), "a.png");
      return body;
    },
  },
];

const send = (call: Call, cookie?: string) =>
  fetch(`${baseUrl}${call.path}`, {
    method: call.body ? "POST" : "GET",
    body: call.body?.(),
    redirect: "manual",
    headers: { origin: baseUrl, ...(cookie ? { cookie } : {}) },
  });

describe("admin pages and actions", () => {
  it("send a visitor to sign in, with the way back, and change nothing", async () => {
    const before = await snapshot();
    for (const call of calls()) {
      const res = await send(call);
      expect([302, 303], call.name).toContain(res.status);
      expect(res.headers.get("location"), call.name).toBe(
        `/auth?redirect=${encodeURIComponent(call.path)}`,
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(["seeker", "advisor"] as const)(
    "answer a signed-in %s with the not-found page and change nothing",
    async (role) => {
      const before = await snapshot();
      for (const call of calls()) {
        const res = await send(call, cookies[role]);
        expect(res.status, call.name).toBe(404);
        // Pages show the 404 page; the dialog's data route answers a bare "Not Found".
        expect(await res.text(), call.name).toMatch(/Oops! Page not found|^Not Found$/);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it("work for an admin", async () => {
    for (const call of calls().filter((c) => !c.body)) {
      const res = await send(call, cookies.admin);
      expect(res.status, call.name).toBe(200);
    }
    const approve = calls().find((c) => c.name === "approve")!;
    expect((await send(approve, cookies.admin)).status).toBe(200);
    const [advisor] = await database.db
      .select({ status: s.advisors.profileStatus })
      .from(s.advisors)
      .where(eq(s.advisors.id, targets.pendingId));
    expect(advisor!.status).toBe("approved");
  });

  it("refuse a rejection reason over the limit, for its field, and change nothing", async () => {
    const { advisor } = await createAdvisor(database.db, "pending");
    const before = await snapshot();
    const res = await send(
      {
        name: "reject",
        path: "/admin/advisors.data",
        body: form({ intent: "reject", advisorId: advisor.id, reason: "x".repeat(1001) }),
      },
      cookies.admin,
    );
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("fieldErrors");
    expect(body).toContain("Please keep the reason under 1000 characters.");
    expect(await snapshot()).toEqual(before);
  });

  it("create an advisor for an admin from a real photo, and refuse an invalid form with its messages", async () => {
    const photo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#1e5f59" },
    })
      .png()
      .toBuffer();
    const post = (values: Record<string, unknown>, bytes: Buffer) => {
      const body = new FormData();
      body.set("values", JSON.stringify(values));
      body.set("headshot", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "me.png");
      return fetch(`${baseUrl}/admin/advisors/new`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: { origin: baseUrl, cookie: cookies.admin },
      });
    };
    const { headshot: _headshot, ...values } = newAdvisorValues({ email: "made@example.com" });
    const refused = await post({ ...values, skills: [] }, photo);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Please fix the highlighted errors before submitting.");
    const fake = await post({ ...values, email: "fake@example.com" }, Buffer.from("not an image"));
    expect(fake.status).toBe(400);
    expect(await fake.text()).toContain("Please select a valid image file");

    const created = await post(values, photo);
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin/advisors");
    const [user] = await database.db
      .select()
      .from(s.users)
      .where(eq(s.users.email, "made@example.com"));
    expect(user).toMatchObject({ isActive: false, authUserId: null });
    const [advisor] = await database.db
      .select()
      .from(s.advisors)
      .where(eq(s.advisors.userId, user!.id));
    expect(advisor!.profileStatus).toBe("pending_activation");
    expect(advisor!.headshotUrl).toMatch(/^\/uploads\/headshots\/new-.+\.webp$/);
    const fakeUser = await database.db
      .select()
      .from(s.users)
      .where(eq(s.users.email, "fake@example.com"));
    expect(fakeUser).toEqual([]);
  });
});
