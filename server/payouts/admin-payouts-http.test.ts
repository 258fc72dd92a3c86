import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYOUT_MESSAGES as M } from "../../core/messages/payouts";
import { signIn, signUp } from "../auth/accounts.server";
import { buildConfig } from "../config.server";
import { freePort } from "../../tests/support/app-process";
import { loadServerBundle } from "../../tests/support/server-bundle";
import {
  advisors,
  auditLog,
  authUsers,
  payoutTransfers,
  reconciliationRuns,
  users,
} from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createSeeker } from "../db/factories.test-support";
import { createCreditedSession } from "./credited-session.test-support";
import { giveSecondFactor } from "../auth/second-factor.test-support";

/*
 * /admin/payouts through the real HTTP server and production build: an admin retries a failed
 * transfer and runs the reconciliation; a seeker and an advisor get the not-found page for the
 * screen and both its actions, a visitor is sent to sign in, and none of them changes a thing.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let baseUrl: string;
let close: () => void;
const cookies: Record<string, string> = {};
let failedId: string;
let heldId: string;

beforeAll(async () => {
  const port = await freePort();
  const build = await loadServerBundle();
  database = await createTestDatabase();
  const config = buildConfig({
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "bt-admin-payouts-http-")),
    LOG_LEVEL: "silent",
  });
  const services = build.composeServices({ config, logger: pino({ level: "silent" }), database });
  const deps = { db: database.db, auth: services.auth, config };
  for (const who of ["seeker", "advisor", "admin"]) {
    const person = { email: `${who}@example.com`, password: "password-1" };
    await signUp(deps, { firstName: who, lastName: "Test", ...person }, "10.0.0.3");
    await database.db
      .update(authUsers)
      .set({ emailVerified: true })
      .where(eq(authUsers.email, person.email));
    const signedIn = await signIn(
      deps,
      { ...person, rememberMe: false },
      { headers: new Headers(), clientIp: "10.0.0.3" },
    );
    if (!signedIn.ok) throw new Error(signedIn.message);
    cookies[who] = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }
  await database.db.update(users).set({ admin: "Y" }).where(eq(users.email, "admin@example.com"));
  // Admins must have a second factor (ADR 92); the session signed in above stays.
  await giveSecondFactor(database.db, "admin@example.com", config.authSecret);
  const [advisorUser] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, "advisor@example.com"));
  await database.db.insert(advisors).values({ userId: advisorUser!.id, profileStatus: "approved" });

  const advisorId = await createAdvisor(database.db, {}, { firstName: "Kavya", lastName: "Rao" });
  const seekerId = await createSeeker(database.db);
  const start = Date.now() - 20 * 86_400_000;
  failedId = (
    await createCreditedSession(database.db, {
      advisorId,
      seekerId,
      datetime: new Date(start),
      transfer: { status: "failed", lastError: "Beneficiary account is frozen" },
    })
  ).transfer.id;
  heldId = (
    await createCreditedSession(database.db, {
      advisorId,
      seekerId,
      datetime: new Date(start + 86_400_000),
      transfer: { status: "on_hold" },
    })
  ).transfer.id;

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

const get = (who?: string) =>
  fetch(`${baseUrl}/admin/payouts`, {
    redirect: "manual",
    headers: who ? { cookie: cookies[who]! } : {},
  });
const post = (fields: Record<string, string>, who?: string) =>
  fetch(`${baseUrl}/admin/payouts`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, ...(who ? { cookie: cookies[who]! } : {}) },
    body: new URLSearchParams(fields),
  });

/** Everything the screen's actions could change. */
async function snapshot() {
  const db = database.db;
  const [audit] = await db.select({ n: count() }).from(auditLog);
  const [runs] = await db.select({ n: count() }).from(reconciliationRuns);
  return {
    audit: audit!.n,
    runs: runs!.n,
    transfers: await db.select().from(payoutTransfers).orderBy(payoutTransfers.id),
  };
}

describe("/admin/payouts over HTTP", () => {
  it("refuses a visitor, a seeker and an advisor, page and actions, and changes nothing", async () => {
    const before = await snapshot();
    const visitor = await get();
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/auth?redirect=%2Fadmin%2Fpayouts");
    expect((await post({ intent: "retry", transferId: failedId })).status).toBe(302);
    for (const who of ["seeker", "advisor"]) {
      expect((await get(who)).status, who).toBe(404);
      expect((await post({ intent: "retry", transferId: failedId }, who)).status, who).toBe(404);
      expect((await post({ intent: "reconcile" }, who)).status, who).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("shows an admin the screen with the failed transfer and the month's totals", async () => {
    const res = await get("admin");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(M.monthsTitle);
    expect(html).toContain("Beneficiary account is frozen");
    expect(html).toContain(M.retryLabel("Kavya Rao"));
  });

  it("answers every admin search holding a NUL or another control character as the words beside it", async () => {
    const open = (url: string) =>
      fetch(`${baseUrl}${url}`, { redirect: "manual", headers: { cookie: cookies.admin! } });
    const payouts = await open("/admin/payouts?q=%00");
    expect(payouts.status).toBe(200);
    const html = await payouts.text();
    expect(html).not.toContain(M.fetchFailed);
    expect(html).toContain("Beneficiary account is frozen");
    const named = await (await open("/admin/payouts?q=%00Kavya%1B")).text();
    expect(named).toContain(M.retryLabel("Kavya Rao"));
    for (const url of ["/admin/users?q=%00", "/admin/audit?target=%00"]) {
      const res = await open(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).not.toMatch(/Failed to fetch/);
    }
  });

  it("answers a malformed id with 400, an unknown one with 404, and a held transfer with 409", async () => {
    const before = await snapshot();
    const malformed = await post({ intent: "retry", transferId: "not-an-id" }, "admin");
    expect(malformed.status).toBe(400);
    const unknown = await post(
      { intent: "retry", transferId: "00000000-0000-4000-8000-000000000000" },
      "admin",
    );
    expect(unknown.status).toBe(404);
    const held = await post({ intent: "retry", transferId: heldId }, "admin");
    expect(held.status).toBe(409);
    expect(await held.text()).toContain(M.notFailed);
    expect(await snapshot()).toEqual(before);
  });

  it("lets an admin retry the failed transfer, once, with an audit entry", async () => {
    const res = await post({ intent: "retry", transferId: failedId }, "admin");
    expect(res.status).toBe(200);
    const [transfer] = await database.db
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.id, failedId));
    expect(transfer).toMatchObject({ status: "awaiting_account", lastError: null, attempts: 0 });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, failedId));
    expect(entries.map((e) => e.action)).toEqual(["payout.retry"]);
    // It is no longer failed: a second retry is refused.
    expect((await post({ intent: "retry", transferId: failedId }, "admin")).status).toBe(409);
  });

  it("lets an admin run the reconciliation, with an audit entry", async () => {
    const before = await snapshot();
    const res = await post({ intent: "reconcile" }, "admin");
    expect(res.status).toBe(200);
    const after = await snapshot();
    expect(after.runs).toBe(before.runs + 1);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "ledger.reconcile"));
    expect(entry?.targetType).toBe("ledger");
  });
});
