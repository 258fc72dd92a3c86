import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardGreeting } from "../../core/dashboard";
import { buildConfig } from "../config.server";
import * as s from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { signIn, signUp } from "./accounts.server";
import { createAuth } from "./auth.server";
import { getViewer, hasSignedInBefore } from "./session.server";

/*
 * Issue 36: a brand-new account's first visit was greeted "Welcome back". The dashboard says
 * "back" only to someone who has signed in before the session they are using.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: Parameters<typeof signIn>[0];
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "welcome-test-")) });

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    auth: createAuth(database.db, config, pino({ level: "silent" })),
    config,
  };
});
afterAll(() => database.destroy());

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
const viewerWith = async (cookie: string) => {
  const viewer = await getViewer(
    new Request("http://localhost/dashboard", { headers: { cookie } }),
    {
      db: deps.db,
      auth: deps.auth,
    },
  );
  if (!viewer) throw new Error("not signed in");
  return viewer;
};
const greetingFor = async (cookie: string) => {
  const viewer = await viewerWith(cookie);
  return dashboardGreeting(viewer.firstName, await hasSignedInBefore(deps.db, viewer));
};

describe("the dashboard's welcome", () => {
  it('is "Welcome" on the first visit after confirming the e-mail, "Welcome back" on a later sign-in', async () => {
    const email = "first.visit@example.com";
    await signUp(
      deps,
      { firstName: "Kavya", lastName: "Iyer", email, password: "password-1" },
      "10.0.0.7",
    );
    const [mail] = await database.db
      .select()
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.toAddress, email));
    const link = /https?:\/\/\S+verify-email\S+/.exec(mail!.text)![0];
    // The confirmation link signs the new person in: their first session.
    const first = cookieOf((await deps.auth.handler(new Request(link))).headers);
    expect(await greetingFor(first)).toBe("Welcome, Kavya!");

    // A second sign-in (another device, or after the cookie went): now they are back.
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later created_at
    const signedIn = await signIn(
      deps,
      { email, password: "password-1", rememberMe: false },
      { headers: new Headers(), clientIp: "10.0.0.7" },
    );
    if (!signedIn.ok) throw new Error(signedIn.message);
    const second = cookieOf(signedIn.headers);
    expect(await greetingFor(second)).toBe("Welcome back, Kavya!");
    // The first session began before any other: its visit is still the first.
    expect(await greetingFor(first)).toBe("Welcome, Kavya!");
  });
});
