import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENTS } from "../../core/consents";
import { signUp } from "../auth/accounts.server";
import { createAuth } from "../auth/auth.server";
import { buildConfig } from "../config.server";
import { createTestDatabase } from "../db/database.test-support";
import { createUser } from "../db/factories.test-support";
import * as s from "../db/schema";
import { loadConsents, recordSignUpConsent, setMarketingConsent } from "./consents.server";

/* The consent log (ADR 88): what sign-up, settings and the older accounts' backfill record. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "consents-test-")) });
const NOW = new Date("2026-11-28T09:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const events = (userId: string) =>
  database.db
    .select()
    .from(s.consentEvents)
    .where(eq(s.consentEvents.userId, userId))
    .orderBy(asc(s.consentEvents.id));

describe("the consent log", () => {
  it("a sign-up records the Terms and the Privacy Policy in force, with the words shown", async () => {
    const deps = {
      db: database.db,
      auth: createAuth(database.db, config, pino({ level: "silent" })),
      config,
    };
    const person = { firstName: "Mira", lastName: "Das", email: "mira@example.com" };
    expect(await signUp(deps, { ...person, password: "password-1" }, "10.0.0.9")).toEqual({
      ok: true,
    });
    const [user] = await database.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, "mira@example.com"));
    const log = await events(user!.id);
    expect(log.map((e) => [e.kind, e.action, e.version, e.source])).toEqual([
      ["terms", "granted", CONSENTS.terms.version, "sign-up"],
      ["privacy", "granted", "2026-11-28", "sign-up"],
    ]);
    expect(log[0]!.wording).toBe(
      "By signing up you agree to our Terms & Conditions and Privacy Policy.",
    );
    // Linked again (a second way to sign in): agreed once, when the account was made.
    await recordSignUpConsent(database.db, user!.id, minutes(5));
    expect(await events(user!.id)).toHaveLength(2);
  });

  it("product news is off until turned on, and each change (not each click) is recorded", async () => {
    const userId = await createUser(database.db);
    const marketing = async () =>
      (await loadConsents(database.db, userId)).find((c) => c.kind === "marketing")!;
    expect((await marketing()).given).toBe(false);

    await setMarketingConsent(database.db, userId, false, minutes(1));
    expect(await events(userId)).toEqual([]);
    await setMarketingConsent(database.db, userId, true, minutes(2));
    await setMarketingConsent(database.db, userId, true, minutes(3));
    expect((await marketing()).given).toBe(true);
    await setMarketingConsent(database.db, userId, false, minutes(4));
    expect((await marketing()).given).toBe(false);
    const log = await events(userId);
    expect(log.map((e) => [e.action, e.at.toISOString(), e.source])).toEqual([
      ["granted", minutes(2).toISOString(), "settings"],
      ["withdrawn", minutes(4).toISOString(), "settings"],
    ]);
    expect(log[0]!.wording).toBe(CONSENTS.marketing.wording);
  });

  it("two tabs turning product news on at once record it once", async () => {
    const userId = await createUser(database.db);
    await Promise.all(
      Array.from({ length: 5 }, () => setMarketingConsent(database.db, userId, true, minutes(1))),
    );
    expect(await events(userId)).toHaveLength(1);
  });

  it("accounts older than the log get the agreements they made, marked as before the records", async () => {
    const signedUp = await createUser(database.db, { email: "old@example.com" });
    const [authUser] = await database.db
      .insert(s.authUsers)
      .values({
        id: crypto.randomUUID(),
        name: "Old Timer",
        email: "old-auth@example.com",
        emailVerified: true,
      })
      .returning({ id: s.authUsers.id });
    await database.db
      .update(s.users)
      .set({ authUserId: authUser!.id, createdAt: new Date("2025-10-01T00:00:00Z") })
      .where(eq(s.users.id, signedUp));
    const invited = await createUser(database.db, { email: "invited@example.com" });
    await database.db.update(s.users).set({ authUserId: null }).where(eq(s.users.id, invited));
    // The app's role may not delete from the log (it is append-only): the owner clears it.
    await database.privileged.delete(s.consentEvents);

    const migration = readFileSync(
      path.resolve("server/db/migrations/0018_consents_before_records.sql"),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint"))
      await database.privileged.execute(statement);

    expect(
      (await events(signedUp)).map((e) => [e.kind, e.version, e.source, e.at.toISOString()]),
    ).toEqual([
      ["terms", "2025-06-30", "before-records", "2025-10-01T00:00:00.000Z"],
      ["privacy", "2025-09-04", "before-records", "2025-10-01T00:00:00.000Z"],
    ]);
    // Never signed in: has agreed to nothing yet.
    expect(await events(invited)).toEqual([]);
    const privacy = (await loadConsents(database.db, signedUp)).find((c) => c.kind === "privacy");
    expect(privacy).toMatchObject({ given: true, outdated: true });
  });
});
