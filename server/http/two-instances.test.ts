import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../../tests/support/app-process";
import { totp } from "../../tests/support/totp";
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from "../seed/seed.server";
import { createEmptyServerDatabase } from "../db/database.test-support";

/*
 * Two app instances on one PostgreSQL database, as a deployment runs them: an admin approves
 * an applicant through one, and a visitor of the other, whose answer was cached, finds the
 * new advisor as soon as the change's notification is out (it reaches the reader through
 * LISTEN/NOTIFY, not a version query or the five-minute maximum age). Needs a server: runs
 * where TEST_DATABASE_URL is set, as in CI.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let writer: AppProcess;
let reader: AppProcess;
let dropDatabase = async () => {};

describe.skipIf(!serverUrl)("two app instances on one database", () => {
  let databaseUrl: string;

  beforeAll(async () => {
    const empty = await createEmptyServerDatabase(serverUrl!);
    dropDatabase = empty.destroy;
    databaseUrl = empty.url;
    // The app's role and the owner's, as deployed; one after the other: the first migrates
    // and adds the demo data.
    const env = { DATABASE_URL: empty.url, MIGRATION_DATABASE_URL: empty.migrationUrl };
    writer = await startAppProcess(env);
    reader = await startAppProcess(env);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([writer?.stop(), reader?.stop()]);
    await dropDatabase();
  });

  it("shows an approval made through one instance on the other once it is notified", async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const [applicant] = (
      await db.query(
        `select a.id, u.last_name from advisors a join users u on u.id = a.user_id
          where a.profile_status = 'pending' limit 1`,
      )
    ).rows as { id: string; last_name: string }[];
    await db.end();
    expect(applicant).toBeDefined();

    const search = `${reader.url}/api/advisors?search=${encodeURIComponent(applicant!.last_name)}`;
    const found = async () => {
      const res = await fetch(search);
      const body = (await res.json()) as { advisors: { id: string }[] };
      return {
        cache: res.headers.get("x-cache"),
        listed: body.advisors.some((a) => a.id === applicant!.id),
      };
    };
    expect(await found()).toEqual({ cache: "miss", listed: false });
    expect(await found()).toEqual({ cache: "hit", listed: false });

    const origin = { origin: writer.url };
    // Signed in through the sign-in form, as a person would.
    const signIn = await fetch(`${writer.url}/auth`, {
      method: "POST",
      headers: origin,
      body: new URLSearchParams({
        intent: "signin",
        redirectTo: "/dashboard",
        email: "admin@example.com",
        password: DEMO_PASSWORD,
      }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    // An admin's second step: the code of the demo admin's authenticator (ADR 92).
    const secondStep = await fetch(`${writer.url}/auth/two-factor`, {
      method: "POST",
      headers: {
        ...origin,
        cookie: signIn.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
      body: new URLSearchParams({
        method: "totp",
        redirectTo: "/dashboard",
        code: totp(DEMO_ADMIN_TOTP_SECRET),
      }),
      redirect: "manual",
    });
    expect(secondStep.status).toBe(302);
    const cookie = secondStep.headers
      .getSetCookie()
      .filter((c) => !/max-age=0/i.test(c))
      .map((c) => c.split(";")[0])
      .join("; ");
    // The test listens on the channel the instances listen on: once the approval's notification
    // has reached it, it has reached the reader's listening connection too, which handles it
    // as it arrives, before a request sent afterwards can reach the reader's cache.
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    await listener.query("listen public_change");
    const notified = new Promise<void>((resolve) =>
      listener.on(
        "notification",
        ({ payload }) => payload?.split(" ")[0] === "advisors" && resolve(),
      ),
    );
    const approve = await fetch(`${writer.url}/admin/advisors`, {
      method: "POST",
      headers: { cookie, ...origin },
      body: new URLSearchParams({ intent: "approve", advisorId: applicant!.id }),
      redirect: "manual",
    });
    expect(approve.status).toBeLessThan(400);
    await notified;
    await listener.end();
    expect(await found()).toEqual({ cache: "miss", listed: true });
  });
});
