import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/advisor-application-fixture.test-support";
import { jpegWithExif } from "../advisors/fixtures.test-support";
import { signIn, signUp } from "../auth/accounts.server";
import { buildConfig } from "../config.server";
import { freePort } from "../../tests/support/app-process";
import { loadServerBundle } from "../../tests/support/server-bundle";
import { advisorProfileProposals, advisors, authUsers, users } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";

/*
 * The onboarding endpoints over HTTP with the production build: who may call them, and that
 * a person only ever changes their own application, photo, profile and bank details.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let baseUrl: string;
let close: () => void;
let deps: Parameters<typeof signUp>[0];
let n = 0;

beforeAll(async () => {
  // The app must know the address the test posts from: its Origin is checked.
  const port = await freePort();
  const build = await loadServerBundle();
  database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bt-onboarding-"));
  const config = buildConfig({
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_SCALE: "100",
  });
  const logger = pino({ level: "silent" });
  const services = build.composeServices({ config, logger, database });
  const { auth } = services;
  deps = { db: database.db, auth, config };
  const server = build.createHttpApp({ services, build }).listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await database.destroy();
});

/** A signed-in person (cookie), optionally with an advisor row of the given status. */
async function person(status?: "approved" | "draft") {
  const email = `onboarding.${++n}@example.com`;
  const password = "password-1";
  await signUp(deps, { firstName: "P", lastName: `${n}`, email, password }, "10.0.0.2");
  await database.db
    .update(authUsers)
    .set({ emailVerified: true })
    .where(eq(authUsers.email, email));
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  let advisorId: string | null = null;
  if (status) {
    const [row] = await database.db
      .insert(advisors)
      .values({ userId: user!.id, profileStatus: status, jobTitle: "Before" })
      .returning({ id: advisors.id });
    advisorId = row!.id;
  }
  const signedIn = await signIn(
    deps,
    { email, password, rememberMe: false },
    { headers: new Headers(), clientIp: "10.0.0.2" },
  );
  if (!signedIn.ok) throw new Error(signedIn.message);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { userId: user!.id, advisorId, cookie };
}

const advisorRow = async (id: string) =>
  (await database.db.select().from(advisors).where(eq(advisors.id, id)))[0]!;
const proposalOf = async (id: string) =>
  (
    await database.db
      .select()
      .from(advisorProfileProposals)
      .where(eq(advisorProfileProposals.advisorId, id))
  )[0];

const post = (url: string, cookie: string, body: BodyInit, type?: string) =>
  fetch(`${baseUrl}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: baseUrl, ...(type ? { "content-type": type } : {}) },
    body,
  });

const upload = (
  cookie: string,
  bytes: Buffer,
  type: string,
  extra: Record<string, string> = {},
) => {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], "photo", { type }));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return post("/api/advisor/headshot", cookie, form);
};

describe("onboarding over HTTP", () => {
  it("sends visitors to sign in", async () => {
    const res = await fetch(`${baseUrl}/become-advisor/apply`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?redirect=%2Fbecome-advisor%2Fapply");
    const edit = await fetch(`${baseUrl}/advisor/x/edit`, { redirect: "manual" });
    expect(edit.headers.get("location")).toBe("/auth?redirect=%2Fadvisor%2Fx%2Fedit");
  });

  it("a draft is not an advisor: no bank details, no advisor panel", async () => {
    const me = await person();
    const saved = await post(
      "/become-advisor/apply",
      me.cookie,
      JSON.stringify({ intent: "save", draft: { currentStep: 1, values: { phone: "12345678" } } }),
      "application/json",
    );
    expect(saved.status).toBe(200);
    const bank = await fetch(`${baseUrl}/api/advisor/bank-details`, {
      headers: { cookie: me.cookie },
    });
    expect(bank.status).toBe(403);
    const dashboard = await (
      await fetch(`${baseUrl}/dashboard`, { headers: { cookie: me.cookie } })
    ).text();
    expect(dashboard).not.toContain("Payment Settings");
  });

  it("an advisor edits only their own profile, whatever id the address or the body names", async () => {
    const me = await person("approved");
    const other = await person("approved");
    const values = { ...validApplication(), hourlyRate: "900", advisorId: other.advisorId };
    const res = await post(
      `/advisor/${other.advisorId}/edit`,
      me.cookie,
      JSON.stringify({ values, advisorId: other.advisorId }),
      "application/json",
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    // Their own profile is live: the edit waits for review beside it (ADR 83).
    expect(await advisorRow(me.advisorId!)).toMatchObject({
      jobTitle: "Before",
      profileStatus: "approved",
    });
    expect((await proposalOf(me.advisorId!))?.fields).toMatchObject({
      jobTitle: "Product Manager",
      hourlyRate: 900,
    });
    expect(await advisorRow(other.advisorId!)).toMatchObject({
      jobTitle: "Before",
      profileStatus: "approved",
    });
    expect(await proposalOf(other.advisorId!)).toBeUndefined();
  });

  it("a photo goes to one's own profile only, and bad files are refused by the server", async () => {
    const me = await person("approved");
    const other = await person("approved");
    const ok = await upload(me.cookie, await jpegWithExif(), "image/jpeg", {
      advisorId: other.advisorId!,
    });
    expect(ok.status).toBe(200);
    const { url } = (await ok.json()) as { url: string };
    // A live profile's new photo waits for review beside it (ADR 83).
    expect((await advisorRow(me.advisorId!)).headshotUrl).toBeNull();
    expect((await proposalOf(me.advisorId!))?.headshotUrl).toBe(url);
    expect((await advisorRow(other.advisorId!)).headshotUrl).toBeNull();
    expect(await proposalOf(other.advisorId!)).toBeUndefined();
    expect((await fetch(`${baseUrl}${url}`)).headers.get("content-type")).toBe("image/webp");

    const lying = await upload(me.cookie, Buffer.from("<svg onload=alert(1)>"), "image/png");
    expect(lying.status).toBe(400);
    expect(await lying.json()).toEqual({ ok: false, message: "Please select a valid image file" });
    const huge = await upload(me.cookie, Buffer.alloc(6 * 1024 * 1024, 7), "image/jpeg");
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "Image size must be less than 5MB" });
    expect((await proposalOf(me.advisorId!))?.headshotUrl).toBe(url);
  });

  it("bank details: the owner gets the number back, the dashboard never carries it", async () => {
    const me = await person("approved");
    const details = {
      bankAccountHolderName: "P",
      bankName: "Axis Bank",
      bankAccountNumber: "917020012345678",
      bankIfscCode: "UTIB0000123",
      bankBranch: "Andheri",
    };
    const bad = await post(
      "/api/advisor/bank-details",
      me.cookie,
      JSON.stringify({ ...details, bankBranch: "" }),
      "application/json",
    );
    expect(bad.status).toBe(400);
    // The form kit's answer: the form's message, and each field's beside it (FormFailure).
    expect(await bad.json()).toEqual({
      ok: false,
      message: "All fields are required",
      fieldErrors: { bankBranch: "All fields are required" },
    });
    const saved = await post(
      "/api/advisor/bank-details",
      me.cookie,
      JSON.stringify(details),
      "application/json",
    );
    expect(await saved.json()).toMatchObject({
      ok: true,
      message: "Bank details saved successfully",
    });
    const own = await fetch(`${baseUrl}/api/advisor/bank-details`, {
      headers: { cookie: me.cookie },
    });
    expect(own.headers.get("cache-control")).toBe("no-store");
    expect(await own.json()).toMatchObject({ details: { bankAccountNumber: "917020012345678" } });
    const dashboard = await (
      await fetch(`${baseUrl}/dashboard`, { headers: { cookie: me.cookie } })
    ).text();
    expect(dashboard).not.toContain("917020012345678");
    expect((await advisorRow(me.advisorId!)).bankAccountNumber).not.toContain("917020012345678");
  });
});
