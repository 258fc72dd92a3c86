import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthTotals } from "../../core/ledger";
import { seededRandom } from "../../core/seeded-random.test-support";
import { type Db, queryRows } from "../db/client.server";
import { advisorBalances, moneyMonths } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createSeeker } from "../db/factories.test-support";
import { loadPayoutsOverview } from "./admin-payouts.server";
import { findDifferences, paymentFacts, paymentsMoney } from "./reconcile.server";

/*
 * The totals the database keeps (ADR 80) against what the reconciliation counts: each month's
 * money (money_months, the Payouts page's months) must be today's monthTotals of every paid
 * payment's facts, and each advisor's kept balance the sum of their ledger entries, after
 * random writes made straight in SQL, around the services: payments paid, refunded, re-dated
 * across months and re-priced; bookings added, moved to another payment and removed; credits,
 * debits and payouts; refunds added, changed, moved and removed; several at once in one
 * transaction, and (on PostgreSQL) writers of one payment committing at the same moment.
 * MONEY_RANDOM_SEED replays a failure; MONEY_RANDOM_OPS scales it.
 */
const SEED = Number(process.env.MONEY_RANDOM_SEED ?? 20261127);
const OPS = Number(process.env.MONEY_RANDOM_OPS ?? 400);
const HOUR = 3_600_000;
// Four months either side of a new year, India's month ends included (18:30 UTC).
const FROM = Date.UTC(2026, 10, 1);
const SPAN = 120 * 24 * HOUR;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

type Row = Record<string, string | number | null>;
const rows = (db: Db, query: ReturnType<typeof sql>) => queryRows<Row>(db, query);

/** The months the database keeps, and what today's rule makes of every payment's facts. */
async function expectKeptTotals(db: Db) {
  const facts = await paymentFacts(db);
  const money = paymentsMoney(facts);
  const expected = monthTotals(money).map((t) => ({
    ...t,
    payments: money.filter((m) => m.month === t.month).length,
  }));
  const kept = await db.select().from(moneyMonths);
  expect(kept.filter((m) => m.payments > 0).sort((a, b) => b.month.localeCompare(a.month))).toEqual(
    expected,
  );
  // A month left without payments keeps nothing.
  for (const m of kept.filter((k) => k.payments === 0)) {
    expect([m.collected, m.advisorShares, m.commission, m.gst, m.refunds, m.prepaid]).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
  }
  // Each payment's kept part agrees with its facts (the reconciliation's own check).
  expect((await findDifferences(db)).filter((d) => d.check === "totals")).toEqual([]);

  const sums = await rows(
    db,
    sql`select advisor_id, sum(amount)::float8 as held,
          coalesce(-sum(amount) filter (where kind in ('payout', 'payout_returned')), 0)::float8 as paid
        from ledger_entries group by advisor_id order by advisor_id`,
  );
  const balances = await db.select().from(advisorBalances).orderBy(advisorBalances.advisorId);
  expect(balances).toEqual(
    sums.map((s) => ({ advisorId: s.advisor_id, held: s.held, paid: s.paid })),
  );
  return expected;
}

describe("the kept monthly totals and balances", () => {
  it(`are exactly what the reconciliation counts after ${OPS} random writes (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const db = database.db;
    const advisorIds = [await createAdvisor(db), await createAdvisor(db), await createAdvisor(db)];
    const seekerId = await createSeeker(db);
    let slot = Date.UTC(2027, 6, 1);
    let transfers = 0;
    // A random row of a query's, read in the writing transaction (PGlite has one connection).
    const any = async (tx: Db, query: ReturnType<typeof sql>) => {
      const found = await rows(tx, query);
      return found.length ? random.pick(found) : undefined;
    };
    const at = () => new Date(FROM + random.int(0, SPAN / 60_000) * 60_000).toISOString();
    const price = () => {
      const fee = random.pick([0, 50_000, 100_000, random.int(1, 300_000)]);
      const gst = random.pick([0, Math.round(fee * 0.18), random.int(0, 50_000)]);
      return { fee, gst };
    };

    const writes: [number, (tx: Db) => Promise<unknown>][] = [
      [
        6,
        (tx) => {
          const { fee, gst } = price();
          const status = random.pick(["paid", "paid", "paid", "refunded", "created", "failed"]);
          return tx.execute(sql`insert into payments (user_id, amount, fee_amount, gst_amount,
              status, provider, created_at)
            values (${seekerId}, ${fee + gst}, ${fee}, ${gst}, ${status}, 'test', ${at()})`);
        },
      ],
      [
        6,
        async (tx) => {
          const payment = await any(tx, sql`select id from payments`);
          const start = new Date((slot += 2 * HOUR));
          const status = random.pick(["confirmed", "completed", "cancelled", "expired"]);
          await tx.execute(sql`insert into bookings (payment_id, user_id, advisor_id, datetime,
              duration, ends_at, status, session_type, advisor_timezone, seeker_timezone,
              cancellation_reason)
            values (${random.chance(0.9) ? (payment?.id ?? null) : null}, ${seekerId},
              ${random.pick(advisorIds)}, ${start}, 30, ${new Date(start.getTime() + 1_800_000)},
              ${status}, 'First Call', 'UTC', 'UTC',
              ${status === "cancelled" ? "Plans changed" : null})`);
        },
      ],
      [
        5,
        async (tx) => {
          const booking = await any(
            tx,
            sql`select b.id, b.advisor_id, b.payment_id
            from bookings b where b.payment_id is not null and not exists
              (select 1 from ledger_entries e where e.booking_id = b.id and e.kind = 'session_credit')`,
          );
          if (!booking) return;
          const fee = random.int(0, 200_000);
          const commission = Math.round((fee * random.pick([0, 10, 12.5, 100])) / 100);
          await tx.execute(sql`insert into ledger_entries (advisor_id, kind, amount, booking_id,
              payment_id, fee_amount, commission_percent, commission_amount)
            values (${booking.advisor_id}, 'session_credit', ${fee - commission}, ${booking.id},
              ${booking.payment_id}, ${fee}, 0, ${commission})`);
        },
      ],
      [
        3,
        async (tx) => {
          const credit = await any(
            tx,
            sql`select c.* from ledger_entries c
            where c.kind = 'session_credit' and c.amount > 0 and not exists
              (select 1 from ledger_entries d where d.booking_id = c.booking_id and d.kind = 'refund_debit')`,
          );
          if (!credit) return;
          await tx.execute(sql`insert into ledger_entries (advisor_id, kind, amount, booking_id, payment_id)
            values (${credit.advisor_id}, 'refund_debit', ${-Number(credit.amount)},
              ${credit.booking_id}, ${credit.payment_id})`);
        },
      ],
      [
        2,
        async (tx) => {
          const credit = await any(
            tx,
            sql`select * from ledger_entries where kind = 'session_credit' and amount > 0`,
          );
          if (!credit) return;
          const kind = random.pick(["payout", "payout_returned"]);
          const amount = kind === "payout" ? -Number(credit.amount) : Number(credit.amount);
          await tx.execute(sql`insert into ledger_entries (advisor_id, kind, amount, booking_id,
              payment_id, provider_transfer_id)
            values (${credit.advisor_id}, ${kind}, ${amount}, ${credit.booking_id},
              ${credit.payment_id}, ${`trf_${++transfers}`})`);
        },
      ],
      [
        4,
        async (tx) => {
          const booking = await any(
            tx,
            sql`select b.id, b.payment_id from bookings b
            where b.payment_id is not null and not exists (select 1 from refunds r where r.booking_id = b.id)`,
          );
          if (!booking) return;
          // Usually the booking's own payment; now and then another's, as a careless write might.
          const other = random.chance(0.2)
            ? await any(tx, sql`select id from payments`)
            : undefined;
          await tx.execute(sql`insert into refunds (payment_id, booking_id, amount)
            values (${other?.id ?? booking.payment_id}, ${booking.id}, ${random.int(1, 150_000)})`);
        },
      ],
      [
        3,
        async (tx) => {
          const refund = await any(tx, sql`select id from refunds`);
          if (!refund) return;
          const move = random.int(0, 2);
          if (move === 0) {
            await tx.execute(
              sql`update refunds set amount = ${random.int(1, 150_000)} where id = ${refund.id}`,
            );
          } else if (move === 1) {
            const payment = await any(tx, sql`select id from payments`);
            await tx.execute(
              sql`update refunds set payment_id = ${payment!.id} where id = ${refund.id}`,
            );
          } else {
            await tx.execute(sql`delete from refunds where id = ${refund.id}`);
          }
        },
      ],
      [
        5,
        async (tx) => {
          const payment = await any(tx, sql`select id, fee_amount from payments`);
          if (!payment) return;
          const change = random.int(0, 2);
          if (change === 0) {
            const status = random.pick(["paid", "refunded", "failed", "created"]);
            await tx.execute(sql`update payments set status = ${status} where id = ${payment.id}`);
          } else if (change === 1) {
            const { fee, gst } = price();
            await tx.execute(sql`update payments set amount = ${fee + gst}, fee_amount = ${fee},
                gst_amount = ${gst} where id = ${payment.id}`);
          } else {
            await tx.execute(
              sql`update payments set created_at = ${at()} where id = ${payment.id}`,
            );
          }
        },
      ],
      [
        2,
        async (tx) => {
          const booking = await any(tx, sql`select id from bookings`);
          const payment = await any(tx, sql`select id from payments`);
          if (!booking) return;
          const to = random.chance(0.2) ? null : (payment?.id ?? null);
          await tx.execute(sql`update bookings set payment_id = ${to} where id = ${booking.id}`);
        },
      ],
      [
        1,
        async (tx) => {
          const booking = await any(
            tx,
            sql`select b.id from bookings b
            where not exists (select 1 from ledger_entries e where e.booking_id = b.id)
              and not exists (select 1 from refunds r where r.booking_id = b.id)`,
          );
          if (booking) await tx.execute(sql`delete from bookings where id = ${booking.id}`);
        },
      ],
    ];
    const total = writes.reduce((t, [weight]) => t + weight, 0);
    const write = (tx: Db) => {
      let roll = random.int(1, total);
      for (const [weight, run] of writes) if ((roll -= weight) <= 0) return run(tx);
    };

    for (let i = 0; i < OPS; i++) {
      // Mostly one write per transaction; sometimes several, each payment refreshed at commit.
      if (random.chance(0.2)) {
        await db.transaction(async (tx) => {
          for (let n = random.int(2, 5); n > 0; n--) await write(tx as unknown as Db);
        });
      } else {
        await write(db);
      }
      if ((i + 1) % 100 === 0) await expectKeptTotals(db);
    }
    const months = await expectKeptTotals(db);
    expect(months.length).toBeGreaterThan(2);

    // What the Payouts page shows is what the rule says, with each month's difference.
    const overview = await loadPayoutsOverview(db, {
      holdDays: 3,
      now: new Date(FROM + SPAN),
      q: "",
    });
    expect(overview.months).toEqual(
      months.map(({ payments: _payments, ...t }) => ({
        ...t,
        difference: t.collected - t.advisorShares - t.commission - t.gst - t.refunds,
      })),
    );
  }, 600_000);

  it("stay exact when writers of one payment commit at the same moment", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db);
    const seekerId = await createSeeker(db);
    const made = [];
    for (let i = 0; i < 18; i++) {
      const [payment] = await rows(
        db,
        sql`insert into payments (user_id, amount, fee_amount, gst_amount, status, provider)
          values (${seekerId}, 118000, 100000, 18000, 'paid', 'test') returning id`,
      );
      const start = new Date(Date.UTC(2028, 0, 1) + i * 2 * HOUR);
      const [booking] = await rows(
        db,
        sql`insert into bookings (payment_id, user_id, advisor_id, datetime, duration, ends_at,
            status, session_type, advisor_timezone, seeker_timezone)
          values (${payment!.id}, ${seekerId}, ${advisorId}, ${start}, 30,
            ${new Date(start.getTime() + 1_800_000)}, 'confirmed', 'First Call', 'UTC', 'UTC')
          returning id`,
      );
      made.push({ paymentId: payment!.id, bookingId: booking!.id });
    }
    // Each transaction writes, then waits, so their commits (and the refreshes) overlap.
    const slowly = (write: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        await tx.execute(write);
        await tx.execute(sql`select pg_sleep(0.05)`);
      });
    await Promise.all(
      made.flatMap(({ paymentId, bookingId }) => [
        slowly(sql`insert into ledger_entries (advisor_id, kind, amount, booking_id, payment_id,
            fee_amount, commission_percent, commission_amount)
          values (${advisorId}, 'session_credit', 80000, ${bookingId}, ${paymentId}, 100000, 20, 20000)`),
        slowly(sql`insert into refunds (payment_id, booking_id, amount)
          values (${paymentId}, ${bookingId}, 118000)`),
        slowly(sql`update payments set status = 'refunded' where id = ${paymentId}`),
      ]),
    );
    await expectKeptTotals(db);
  }, 120_000);
});
