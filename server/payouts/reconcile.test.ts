import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, reconciliationRuns } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import {
  createAdvisor,
  createBooking,
  createSeeker,
  createUser,
} from "../db/factories.test-support";
import { creditSession } from "./ledger.server";
import { checkChanges, findDifferences, reconcile } from "./reconcile.server";
import { createCreditedSession } from "./credited-session.test-support";

/*
 * The reconciliation at scale (ADR 80): a run checks what was written since the last one, by
 * the database's own stamps, and one more month in full, round and round; a difference stays
 * until it is mended, and the admins hear of it once.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let advisorId: string;
let seekerId: string;
const MONTHS = ["2026-07", "2026-08", "2026-09"];
const sessions: { bookingId: string; paymentId: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  advisorId = await createAdvisor(db);
  seekerId = await createSeeker(db);
  await createUser(db, { admin: "Y", email: "money-admin@example.com" });
  // Two paid, credited sessions in each of three months (paid mid-month, India's time).
  for (const [i, month] of [...MONTHS, ...MONTHS].entries()) {
    const session = await createCreditedSession(db, {
      advisorId,
      seekerId,
      datetime: new Date(Date.UTC(2026, 6, 1) + i * 86_400_000),
    });
    await db.execute(
      sql`update payments set created_at = ${`${month}-15T06:00:00Z`} where id = ${session.paymentId}`,
    );
    sessions.push(session);
  }
});
afterAll(() => database.destroy());

const deps = { config: { appUrl: "http://localhost" }, now: () => new Date(), overlapMs: 0 };
const lastRun = async () =>
  (
    await database.db
      .select()
      .from(reconciliationRuns)
      .orderBy(desc(reconciliationRuns.ranAt))
      .limit(1)
  )[0]!;
const mails = () =>
  database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, "money-admin@example.com"));

describe("the reconciliation, run after run", () => {
  it("checks one month first, then what changed since and the next month, in turn", async () => {
    const db = database.db;
    // The first run has no watermark: what was written before it waits for the sweep.
    const initial = await checkChanges(db, { since: null, sweptTo: null, previous: [] });
    expect(initial.swept).toEqual([MONTHS[0]]);
    expect(initial.payments.size).toBe(2);
    expect(await reconcile(db, { ...deps, sweepMonths: MONTHS.length })).toEqual([]);
    const first = await lastRun();
    expect(first.sweptTo).toBe(MONTHS.at(-1));

    // Nothing written since: nothing to check but the sweep's month.
    const scope = { since: first.watermark, sweptTo: first.sweptTo, previous: [] };
    const quiet = await checkChanges(db, { ...scope, sweepMonths: 0 });
    expect(quiet.payments.size).toBe(0);
    const swept = await checkChanges(db, scope);
    expect(swept.swept).toEqual([MONTHS[0]]);
    expect(swept.payments.size).toBe(2);

    // A refund written around the services (no debit): the payment it names is checked, and
    // its month no longer adds up.
    const [session] = sessions;
    await db.execute(sql`insert into refunds (payment_id, booking_id, amount)
      values (${session!.paymentId}, ${session!.bookingId}, 118000)`);
    const changed = await checkChanges(db, { ...scope, sweepMonths: 0 });
    expect([...changed.payments]).toEqual([session!.paymentId]);
    expect(changed.differences).toEqual([
      { check: "refund", ref: session!.bookingId, detail: expect.stringContaining("debit") },
      { check: "month", ref: MONTHS[0], detail: expect.stringContaining("unaccounted") },
    ]);
    expect(changed.differences).toEqual(await findDifferences(db));
    await db.execute(sql`delete from refunds where booking_id = ${session!.bookingId}`);
    expect(await reconcile(db, deps)).toEqual([]);
  });

  it("finds by its sweep what no write touched, keeps it until mended, and tells the admins once", async () => {
    const db = database.db;
    // The sweep's next months, from where the last run left it.
    const after = MONTHS.indexOf((await lastRun()).sweptTo!);
    const next = [1, 2, 3, 4].map((i) => MONTHS[(after + i) % MONTHS.length]!);
    const month = next[1]!;
    // Written as a restore (or a fix by hand) would: no trigger, an old stamp. A paid,
    // confirmed session, never credited, in the second month the sweep will reach.
    const planted = await database.privileged.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const booking = await createBooking(tx as never, {
        advisorId,
        userId: seekerId,
        datetime: new Date(Date.UTC(2026, 9, 20, 4)),
      });
      await tx.execute(sql`update payments set created_at = ${`${month}-10T06:00:00Z`},
        changed_at = '2000-01-01' where id = ${booking.paymentId}`);
      await tx.execute(sql`update bookings set changed_at = '2000-01-01' where id = ${booking.id}`);
      return booking;
    });

    const runs: string[][] = [];
    for (let i = 0; i < next.length; i++) {
      const differences = await reconcile(db, { ...deps, sweepMonths: 1 });
      const run = await lastRun();
      runs.push([run.sweptTo!, ...differences.map((d) => `${d.check} ${d.ref}`)]);
    }
    const found = [
      `credit ${planted.id}`,
      `totals ${planted.id}`,
      `month ${month}`,
      `totals ${month}`,
    ];
    // Not seen while its month waits; found when swept; kept while other months are swept.
    expect(runs).toEqual([[next[0]], [month, ...found], [next[2], ...found], [next[3], ...found]]);
    expect(await mails()).toHaveLength(1);

    // Mended (credited, as the confirmation would have): the next run finds nothing.
    await db.transaction((tx) =>
      creditSession(tx, { bookingId: planted.id, commissionPercent: 20, now: new Date() }),
    );
    expect(await reconcile(db, deps)).toEqual([]);
    expect(await findDifferences(db)).toEqual([]);
    expect(await mails()).toHaveLength(1);
  });
});
