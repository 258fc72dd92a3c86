import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../../tests/support/app-process";
import { DEMO_PASSWORD } from "../db/seed/seed.server";

/*
 * Two app instances on one PostgreSQL database, as a deployment runs them: an admin approves
 * an applicant through one, and a visitor of the other, whose answer was cached, finds the
 * new advisor as soon as the change's notification is out (it reaches the reader through
 * LISTEN/NOTIFY, not a version query or the five-minute maximum age). Needs a server: runs
 * where TEST_DATABASE_URL is set, as in CI.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const name = `two_instances_${randomBytes(4).toString("hex")}`;
let writer: AppProcess;
let reader: AppProcess;

async function admin(statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)("two app instances on one database", () => {
  let databaseUrl: string;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // One after the other: the first migrates and adds the demo data.
    writer = await startAppProcess({ DATABASE_URL: databaseUrl });
    reader = await startAppProcess({ DATABASE_URL: databaseUrl });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([writer?.stop(), reader?.stop()]);
    if (serverUrl) await admin(`drop database if exists ${name} with (force)`);
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
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // The test listens on the channel the instances listen on: once the approval's notification
    // has reached it, it has reached the reader's listening connection too, which handles it
    // as it arrives, before a request sent afterwards can reach the reader's cache.
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    await listener.query("listen public_change");
    const notified = new Promise<void>((resolve) =>
      listener.on("notification", ({ payload }) => payload === "advisors" && resolve()),
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
