import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_MESSAGES as M } from "../../core/messages/security";
import { giveSecondFactor } from "../auth/second-factor.test-support";
import { ADMIN_SECOND_FACTOR_SETUP } from "../auth/session.server";
import { users } from "../db/schema";
import { startTestApp, type TestApp } from "./app.test-support";

/*
 * Admins must have a second factor (ADR 92), over HTTP on the production build: made admin
 * without one, every admin page, admin action and admin API sends them to set one up, and
 * nothing else treats them as an admin; with one, the same requests are answered.
 */
let app: TestApp;
let person: Awaited<ReturnType<TestApp["createPerson"]>>;

beforeAll(async () => {
  app = await startTestApp();
  person = await app.createPerson({ advisor: "approved" });
  // Granting admin to someone without a second factor is allowed; their admin pages wait.
  await app.database.db.update(users).set({ admin: "Y" }).where(eq(users.id, person.userId));
});
afterAll(() => app.close());

const send = (path: string, init: { form?: Record<string, string>; json?: unknown } = {}) =>
  fetch(`${app.baseUrl}${path}`, {
    method: init.form || init.json ? "POST" : "GET",
    headers: {
      origin: app.baseUrl,
      cookie: person.cookie,
      ...(init.json ? { "content-type": "application/json" } : {}),
    },
    body: init.form
      ? new URLSearchParams(init.form)
      : init.json
        ? JSON.stringify(init.json)
        : undefined,
    redirect: "manual",
  });

type AdminRequest = { path: string; form?: Record<string, string>; json?: unknown };
const ADMIN_REQUESTS: Record<string, () => AdminRequest> = {
  "users page": () => ({ path: "/admin/users" }),
  "advisors page": () => ({ path: "/admin/advisors" }),
  "audit page": () => ({ path: "/admin/audit" }),
  "payouts page": () => ({ path: "/admin/payouts" }),
  "making someone admin": () => ({
    path: "/admin/users",
    form: { intent: "grant", userId: person.userId },
  }),
  "the profile API": () => ({ path: `/admin/advisors/${person.advisorId}/profile` }),
  "saving a profile through the API": () => ({
    path: `/admin/advisors/${person.advisorId}/profile`,
    json: { values: {} },
  }),
};

describe("an admin without a second factor", () => {
  for (const [name, make] of Object.entries(ADMIN_REQUESTS)) {
    it(`is sent to set one up: ${name}`, async () => {
      const request = make();
      const res = await send(request.path, request);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(ADMIN_SECOND_FACTOR_SETUP);
    });
  }

  it("cannot take the admin role, and the setup page says why", async () => {
    expect((await send("/api/role", { form: { role: "admin" } })).status).toBe(403);
    const page = await send(ADMIN_SECOND_FACTOR_SETUP);
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/&#x27;|&#39;/g, "'");
    expect(html).toContain(M.adminNeedsSecondFactor);
  });
});

describe("once they have one", () => {
  it("answers the admin pages and the API", async () => {
    await giveSecondFactor(app.database.db, person.email, app.config.authSecret);
    for (const path of ["/admin/users", "/admin/advisors", "/admin/audit", "/admin/payouts"]) {
      expect((await send(path)).status, path).toBe(200);
    }
    const api = await send(`/admin/advisors/${person.advisorId}/profile`);
    expect(api.status).toBe(200);
    expect((await send("/api/role", { form: { role: "admin" } })).status).toBeLessThan(400);
    const page = await (await send("/settings/security")).text();
    expect(page).not.toContain(M.adminNeedsSecondFactorTitle);
  });
});
