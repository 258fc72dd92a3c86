import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCommand, freePort } from "../../tests/support/app-process";
import { signIn, signUp } from "../auth/accounts.server";
import { createAuth } from "../auth/auth.server";
import { createBooking } from "../db/factories.test-support";
import { EVERY_MORNING } from "../bookings/bookings.test-support";
import { buildConfig } from "../config.server";
import { type Database, type Db, openDatabase, queryRows } from "../db/client.server";
import { advisors, authUsers, bookings, payments, users } from "../db/schema";
import { createEmptyServerDatabase } from "../db/database.test-support";
import { saveSchedule } from "../scheduling/schedule.server";

/*
 * SIGTERM while a booking is being written (ADR 70). The production server runs as a child
 * process on PostgreSQL; the test's own connection holds an uncommitted booking of the same
 * advisor at the same time, so the server's insert waits on the exclusion constraint, half-way
 * through its transaction. Then: SIGTERM, the server stops accepting connections, the test
 * lets the insert go, the booking completes and answers, and the process exits 0. PostgreSQL
 * only: an embedded database cannot be locked from outside the server.
 */
const SERVER = process.env.TEST_DATABASE_URL;
const SECRET = "shutdown-test-secret-of-at-least-32-chars";

/** The production server, as `npm start` runs it: the one place that names the command. */
function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, appCommand(), {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Resolves when the child's output (stdout and stderr) has shown `text`. */
function outputOf(child: ChildProcess) {
  let output = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters.filter((w) => output.includes(w.text))) w.resolve();
  };
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  return {
    text: () => output,
    shows: (text: string) =>
      new Promise<void>((resolve, reject) => {
        if (output.includes(text)) return resolve();
        waiters.push({ text, resolve });
        child.once("exit", () => reject(new Error(`exited without "${text}":\n${output}`)));
      }),
  };
}

describe.skipIf(!SERVER)("SIGTERM during a booking", () => {
  let child: ChildProcess;
  let output: ReturnType<typeof outputOf>;
  let exited: Promise<number | null>;
  let database: Database;
  let dropDatabase = async () => {};
  let baseUrl = "";

  beforeAll(async () => {
    const empty = await createEmptyServerDatabase(SERVER!);
    dropDatabase = empty.destroy;
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawnServer({
      PORT: String(port),
      APP_URL: baseUrl,
      DATABASE_URL: empty.url,
      MIGRATION_DATABASE_URL: empty.migrationUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "shutdown-server-")),
      AUTH_SECRET: SECRET,
      SEED: "false",
    });
    output = outputOf(child);
    exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    await output.shows("is running at"); // migrated and listening
    database = await openDatabase({ url: empty.url });
  });

  afterAll(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await database?.close();
    await dropDatabase();
  });

  it("finishes the booking in flight, refuses new connections and exits 0", async () => {
    const { db } = database;
    const seeker = await signedInPerson(db, "seeker@example.com");
    const other = await signedInPerson(db, "other@example.com");
    const [advisor] = await db
      .insert(advisors)
      .values({ userId: other.userId, profileStatus: "approved", hourlyRateInr: 2000 })
      .returning({ id: advisors.id });
    await saveSchedule(db, advisor!.id, EVERY_MORNING);
    const start = await offeredStart(advisor!.id);

    // An uncommitted booking of the same advisor at the same time, held by the test.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const blocker = db
      .transaction(async (tx) => {
        await createBooking(tx as unknown as Db, {
          advisorId: advisor!.id,
          userId: other.userId,
          datetime: new Date(start),
        });
        holding();
        await held;
        tx.rollback();
      })
      .catch(() => {});
    await isHolding;

    const booking = fetch(`${baseUrl}/api/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: seeker.cookie },
      body: JSON.stringify({
        advisorId: advisor!.id,
        topics: ["Careers"],
        sessionType: "First Call",
        duration: 30,
        datetime: start,
        seekerTimezone: "Asia/Kolkata",
      }),
    });
    await untilInsertWaits(db);

    child.kill("SIGTERM");
    await output.shows("shutting down");
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow("fetch failed");

    letGo();
    await blocker;
    const answer = await booking;
    expect(answer.status).toBe(201);
    const { paymentId, orderId } = (await answer.json()) as Record<string, string>;
    expect(await exited).toBe(0);
    expect(output.text()).toContain('"msg":"shut down"');

    // The whole booking was written: its hold and its payment with the provider's order.
    const [written] = await db
      .select({ status: bookings.status, orderId: payments.razorpayOrderId })
      .from(bookings)
      .innerJoin(payments, eq(payments.id, bookings.paymentId))
      .where(eq(bookings.paymentId, paymentId!));
    expect(written).toEqual({ status: "pending_payment", orderId });
  });

  /** A verified account with a session the server accepts (same secret), and its user id. */
  async function signedInPerson(db: Db, email: string) {
    const config = buildConfig({
      APP_URL: baseUrl,
      AUTH_SECRET: SECRET,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "shutdown-test-")),
    });
    const deps = { db, auth: createAuth(db, config, pino({ level: "silent" })), config };
    const password = "password-1";
    await signUp(deps, { firstName: "Test", lastName: "Person", email, password }, "10.0.0.3");
    await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, email));
    const signedIn = await signIn(
      deps,
      { email, password, rememberMe: false },
      { headers: new Headers(), clientIp: "10.0.0.3" },
    );
    if (!signedIn.ok) throw new Error(signedIn.message);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { userId: user!.id, cookie };
  }

  /** The first start the server offers 2 days from now (past the 12-hour lead). */
  async function offeredStart(advisorId: string): Promise<string> {
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(
      `${baseUrl}/api/advisors/${advisorId}/slots?date=${date}&tz=UTC&duration=30`,
    );
    const { slots } = (await res.json()) as { slots: { start: string }[] };
    return slots[0]!.start;
  }
});

/** Waits until a backend of this database waits for a lock: the server's booking insert. */
async function untilInsertWaits(db: Db) {
  const waiting = async () =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      )
    )[0]!.n > 0;
  while (!(await waiting())) await new Promise((resolve) => setImmediate(resolve));
}
