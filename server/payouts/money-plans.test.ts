import { NoopLogger, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client.server";
import { createTestDatabase } from "../db/database.test-support";
import { loadPayoutsOverview } from "./admin-payouts.server";
import { checkChanges } from "./reconcile.server";
import { payoutWorld } from "./payout-world.test-support";

/*
 * What the money's busy paths cost, read from PostgreSQL's own plans on a database with enough
 * rows for the planner to choose as it would at a year's data (tens of thousands, made by SQL,
 * then ANALYZE): every query the incremental reconciliation, the Payouts page and the payout
 * job's due scan send is planned without a sequential scan of a big table.
 */
const BIG_TABLES = ["payments", "bookings", "ledger_entries", "payout_transfers", "refunds"];
const SESSIONS = 20_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  // A year in miniature, written around the triggers (replica mode: data only, as a restore
  // would): sessions ten an hour, one in five refunded, the rest credited and paid out but
  // for the last days' (on hold) and a few failed.
  await database.privileged.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of SEED) await tx.execute(sql.raw(statement));
  });
  for (const table of [...BIG_TABLES, "users", "advisors", "advisor_balances", "payout_accounts"]) {
    await database.privileged.execute(sql.raw(`vacuum analyze ${table}`));
  }
}, 300_000);
afterAll(() => database.destroy());

const SEED = [
  `insert into users (first_name, last_name, email)
     select 'Person' || i, 'Number' || i, 'person' || i || '@example.com'
     from generate_series(1, 4000) i`,
  `insert into advisors (user_id, profile_status)
     select id, 'approved' from users where email ~ '^person([1-9][0-9]{0,2}|1[0-9]{3}|2000)@'`,
  `create temporary table seed_session on commit drop as
     select i, md5('p' || i)::uuid as payment_id, md5('b' || i)::uuid as booking_id,
       (select array_agg(id order by id) from advisors)[1 + i % 2000] as advisor_id,
       (select array_agg(id order by id) from users u where not exists
         (select 1 from advisors a where a.user_id = u.id))[1 + i % 1000] as seeker_id,
       date_trunc('hour', now()) - interval '70 days' + (i / 10) * interval '1 hour' as at,
       i % 5 = 0 as refunded
     from generate_series(1, ${SESSIONS}) i`,
  `insert into payments (id, user_id, amount, fee_amount, gst_amount, status, provider, created_at)
     select payment_id, seeker_id, 118000, 100000, 18000, case when refunded then 'refunded' else 'paid' end,
       'test', at - interval '1 day' from seed_session`,
  `insert into bookings (id, payment_id, user_id, advisor_id, datetime, duration, ends_at, status,
       session_type, advisor_timezone, seeker_timezone, cancellation_reason)
     select booking_id, payment_id, seeker_id, advisor_id, at, 30, at + interval '30 minutes',
       case when refunded then 'cancelled' when at < now() then 'completed' else 'confirmed' end,
       'First Call', 'UTC', 'UTC', case when refunded then 'Plans changed' end
     from seed_session`,
  `insert into ledger_entries (advisor_id, kind, amount, booking_id, payment_id, fee_amount,
       commission_percent, commission_amount, created_at)
     select advisor_id, 'session_credit', 80000, booking_id, payment_id, 100000, 20, 20000,
       at - interval '1 day' from seed_session`,
  `insert into refunds (payment_id, booking_id, amount, status, created_at)
     select payment_id, booking_id, 118000, 'processed', at - interval '12 hours'
     from seed_session where refunded`,
  `insert into ledger_entries (advisor_id, kind, amount, booking_id, payment_id, refund_id, created_at)
     select s.advisor_id, 'refund_debit', -80000, s.booking_id, s.payment_id, r.id, r.created_at
     from seed_session s join refunds r on r.booking_id = s.booking_id`,
  `insert into payout_transfers (advisor_id, booking_id, payment_id, amount, status,
       provider_transfer_id, released_at, last_error, next_attempt_at)
     select advisor_id, booking_id, payment_id, 80000,
       case when at > now() - interval '3 days' then 'on_hold' when i % 397 = 0 then 'failed'
            when i % 991 = 0 then 'pending' else 'released' end,
       'trf_' || i, case when at <= now() - interval '3 days' and i % 397 <> 0 then at + interval '3 days' end,
       case when i % 397 = 0 then 'Beneficiary bank refused' end,
       at + interval '30 minutes' + interval '3 days'
     from seed_session where not refunded`,
  `insert into ledger_entries (advisor_id, kind, amount, booking_id, payment_id, transfer_id,
       provider_transfer_id, created_at)
     select advisor_id, 'payout', -amount, booking_id, payment_id, id, provider_transfer_id, released_at
     from payout_transfers where status = 'released'`,
  `insert into payout_accounts (advisor_id, status, needs_sync) select id, 'activated', false from advisors`,
  `insert into advisor_balances (advisor_id, held, paid)
     select advisor_id, sum(amount), coalesce(-sum(amount) filter (where kind = 'payout'), 0)
     from ledger_entries group by advisor_id`,
];

type Logged = { query: string; params: unknown[] };

/** Every query `work` sends (through Drizzle), each with its plan as PostgreSQL would run it. */
async function plansOf(work: () => Promise<unknown>): Promise<(Logged & { plan: string })[]> {
  const sent: Logged[] = [];
  const original = NoopLogger.prototype.logQuery;
  Object.assign(NoopLogger.prototype, {
    logQuery: (query: string, params: unknown[]) => sent.push({ query, params }),
  });
  try {
    await work();
  } finally {
    NoopLogger.prototype.logQuery = original;
  }
  const client = (database.db as unknown as { $client: ExplainClient }).$client;
  const reads = sent.filter((s) => /^\s*(select|with|update|delete)\b/i.test(s.query));
  return Promise.all(
    reads.map(async (s) => {
      const { rows } = await client.query(`explain ${s.query}`, s.params);
      return { ...s, plan: rows.map((r) => r["QUERY PLAN"]).join("\n") };
    }),
  );
}
type ExplainClient = {
  query(text: string, params: unknown[]): Promise<{ rows: { "QUERY PLAN": string }[] }>;
};

/** The plans that read a big table (of `tables`) from end to end. */
const seqScans = (plans: { query: string; plan: string }[], tables = BIG_TABLES) =>
  plans.filter(({ plan }) =>
    tables.some((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan)),
  );

describe("the money's plans at scale", () => {
  it("the incremental reconciliation reads only what changed, by index", async () => {
    const db = database.db;
    const [clock] = await queryRows<{ at: Date }>(db, sql`select now() as at`);
    const since = new Date(clock!.at);
    // A few writes since: a payment, a booking, a refund, a transfer and a ledger entry.
    await db.execute(sql`update payments set status = 'refunded' where id = md5('p7')::uuid`);
    await db.execute(sql`update bookings set review_submitted = true where id = md5('b8')::uuid`);
    await db.execute(sql`update refunds set reason = 'x' where booking_id = md5('b10')::uuid`);
    await db.execute(
      sql`update payout_transfers set last_error = 'x' where booking_id = md5('b11')::uuid`,
    );
    await db.execute(sql`insert into ledger_entries (advisor_id, kind, amount, booking_id,
        payment_id, provider_transfer_id)
      select advisor_id, 'payout_returned', 80000, booking_id, payment_id, 'trf_12'
      from payout_transfers where booking_id = md5('b12')::uuid`);

    let checked = 0;
    const plans = await plansOf(async () => {
      const run = await checkChanges(db, {
        since,
        sweptTo: null,
        // Last run's differences are looked at again: one named by booking, one by payment.
        previous: [
          { check: "credit", ref: (await idOf("b13"))!, detail: "" },
          { check: "credit", ref: (await idOf("p14"))!, detail: "" },
        ],
        sweepMonths: 0,
      });
      checked = run.payments.size;
    });
    expect(checked).toBe(7);
    expect(plans.some((p) => /changed_at/.test(p.query))).toBe(true);
    expect(seqScans(plans)).toEqual([]);
  });

  it("the Payouts page reads each list's page and the kept totals, by index", async () => {
    const db = database.db;
    const input = { holdDays: 3, now: new Date(), q: "" };
    const first = await loadPayoutsOverview(db, input);
    expect(first.heldTransfers.rows).toHaveLength(25);
    expect(first.advisors.rows).toHaveLength(25);
    const plans = await plansOf(async () => {
      await loadPayoutsOverview(db, input);
      await loadPayoutsOverview(db, {
        ...input,
        at: { held: first.heldTransfers.keys.next, advisors: first.advisors.keys.next },
      });
      await loadPayoutsOverview(db, { ...input, q: "Number17" });
    });
    // The shown advisors' pending money needs each of their entries' sessions: their own
    // history, by the advisor index; the sessions are joined as the planner finds cheapest (at
    // twenty thousand, by hashing them all; at a year's, by key: ADR 80 has the plans).
    const entries = (p: { query: string }) =>
      /from "ledger_entries" inner join "bookings"/.test(p.query);
    expect(seqScans(plans.filter(entries), ["ledger_entries"])).toEqual([]);
    expect(seqScans(plans.filter((p) => !entries(p)))).toEqual([]);
  });

  it("the payout job's due scan reads only open transfers", async () => {
    const w = payoutWorld(database.db, new Date());
    const plans = await plansOf(() => w.runPayouts());
    expect(plans.some((p) => /payout_transfers/.test(p.query))).toBe(true);
    expect(seqScans(plans)).toEqual([]);
  });
});

const idOf = async (seed: string) =>
  (await queryRows<{ id: string }>(database.db, sql`select md5(${seed})::uuid::text as id`))[0]?.id;
