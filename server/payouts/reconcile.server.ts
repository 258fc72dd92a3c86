import { desc, eq, type SQL, sql } from "drizzle-orm";
import {
  monthKey,
  monthRange,
  monthsBetween,
  monthTotals,
  splitFee,
  unaccounted,
  type MonthTotals,
  type PaymentMoney,
} from "../../core/ledger";
import { formatPaise } from "../../core/format";
import { refundOfRest, sessionShares } from "../../core/packages";
import { isUuid } from "../../core/ids";
import type { Config } from "../config.server";
import { type Db, queryRows, type Tx } from "../db/client.server";
import { moneyMonths, reconciliationRuns, users } from "../db/schema";
import { queueEmail } from "../mail/mailer.server";

/*
 * The reconciliation (ADR 74, at scale ADR 80): the ledger against payments, refunds and
 * transfers. A run checks the payments written since the last run began (every money table
 * carries the database's `changed_at` stamp), whatever the last run found amiss, and the next
 * months of a full sweep, so every month is checked through again in turn; the first run, with
 * no last run's watermark, checks the sweep's first month. The months' totals it checks are the ones the database keeps (money_months), and
 * the sweep proves them against the payments themselves.
 */

export type Difference = { check: string; ref: string; detail: string };

/**
 * How far before the last run's start the next run looks: a write whose transaction began
 * earlier may have committed after that run read. Longer ones are caught by the sweep.
 */
export const OVERLAP_MS = 10 * 60_000;
/** Months each run checks in full: hourly, 24 months are each checked at least once a day. */
export const SWEEP_MONTHS = 1;

/** A month's money as the database keeps it (money_months, payment_money). */
type Kept = MonthTotals & { payments: number };

/** One paid payment with what the ledger, refunds and transfers say about it. */
export type PaymentFact = {
  payment_id: string;
  booking_id: string | null;
  booking_status: string | null;
  /** A paid question's payment (ADR 98): its state. */
  question_status: string | null;
  created_at: Date | string;
  amount: number;
  fee: number;
  gst: number;
  credit: number | null;
  credit_fee: number | null;
  commission_percent: string | null;
  commission: number | null;
  debit: number | null;
  refunded: number;
  refunded_gst: number;
  /** What all the payment's credits and debits add up to (by the payment, not a booking). */
  payment_credits: number;
  payment_fees: number;
  payment_net: number;
  payment_commission: number;
  /** A package's payment: its sessions and state, and its sessions' transfers. */
  package_sessions: number | null;
  package_status: string | null;
  package_transfers: number;
  package_released: number;
  /** Its sessions still booked ahead: used already, as far as its refund is concerned. */
  package_upcoming: number;
  transfer_amount: number | null;
  transfer_status: string | null;
  transfer_released: boolean | null;
  payouts: number;
  /** The payment's part of its month as the database counted it, or null if it did not. */
  kept: Kept | null;
};

/** A credit of `e` that was not taken back: a debit for its booking earned nothing. */
const KEPT_CREDIT = sql`e.kind = 'session_credit' and not exists (select 1 from ledger_entries d
  where d.kind = 'refund_debit' and (d.booking_id = e.booking_id or d.question_id = e.question_id))`;

/**
 * The paid payments `where` picks, oldest first, with what the ledger, refunds and transfers
 * say about each: one row each (unless a payment has two bookings or refunds), so the checks
 * below are plain comparisons. Each join is one probe of an index.
 */
function factsQuery(where: SQL): SQL {
  // The payment's own sums (refunds, credits, a package's transfers) come from one lateral of
  // scalar subqueries: as joins they would pass the planner's join limit, and it would then
  // join whole tables before filtering by `where`.
  return sql`
      select p.id as payment_id, b.id as booking_id, b.status as booking_status,
        q.status as question_status, p.created_at,
        p.amount, p.fee_amount as fee, p.gst_amount as gst,
        c.amount as credit, c.fee_amount as credit_fee, c.commission_percent,
        c.commission_amount as commission,
        d.amount as debit,
        x.refunded, x.refunded_gst, x.payment_credits, x.payment_fees, x.payment_net,
        x.payment_commission, x.package_sessions, x.package_status, x.package_transfers,
        x.package_released, x.package_upcoming,
        t.amount as transfer_amount, t.status as transfer_status,
        t.released_at is not null as transfer_released,
        x.payouts,
        case when pm.payment_id is not null then json_build_object(
          'month', pm.month, 'payments', pm.payments, 'collected', pm.collected,
          'advisorShares', pm.advisor_shares, 'commission', pm.commission, 'gst', pm.gst,
          'refunds', pm.refunds, 'prepaid', pm.prepaid) end as kept
      from payments p
      left join bookings b on b.payment_id = p.id
      left join paid_questions q on q.payment_id = p.id
      left join ledger_entries c on c.payment_id = p.id and c.kind = 'session_credit'
        and (c.booking_id = b.id or c.question_id = q.id)
      left join ledger_entries d on d.payment_id = p.id and d.kind = 'refund_debit'
        and (d.booking_id = b.id or d.question_id = q.id)
      left join payout_transfers t on t.payment_id = p.id
        and (t.booking_id = b.id or t.question_id = q.id)
      left join payment_money pm on pm.payment_id = p.id
      cross join lateral (select
        coalesce((select sum(amount) from refunds where payment_id = p.id), 0)::int as refunded,
        coalesce((select sum(gst_amount) from refunds where payment_id = p.id), 0)::int
          as refunded_gst,
        (select count(*) from ledger_entries e where e.payment_id = p.id
           and ${KEPT_CREDIT})::int as payment_credits,
        coalesce((select sum(e.fee_amount) from ledger_entries e where e.payment_id = p.id
           and ${KEPT_CREDIT}), 0)::int as payment_fees,
        coalesce((select sum(e.commission_amount) from ledger_entries e where e.payment_id = p.id
           and ${KEPT_CREDIT}), 0)::int as payment_commission,
        coalesce((select sum(e.amount) from ledger_entries e where e.payment_id = p.id
           and e.kind in ('session_credit', 'refund_debit')), 0)::int as payment_net,
        coalesce((select sum(-e.amount) from ledger_entries e
           where e.payment_id = p.id and e.kind in ('payout', 'payout_returned')), 0)::int
          as payouts,
        (select sessions from package_purchases where payment_id = p.id) as package_sessions,
        (select status from package_purchases where payment_id = p.id) as package_status,
        coalesce((select sum(amount) from payout_transfers where payment_id = p.id
           and status not in ('cancelled', 'reversing', 'reversed')), 0)::int
          as package_transfers,
        coalesce((select sum(amount) from payout_transfers where payment_id = p.id
           and (status in ('released', 'settled')
                or (status = 'reversing' and released_at is not null))), 0)::int
          as package_released,
        (select count(*) from package_purchases pp join bookings pb
           on pb.package_purchase_id = pp.id
         where pp.payment_id = p.id and pb.status = 'confirmed')::int as package_upcoming
      ) x
      where p.status in ('paid', 'refunded') and ${where}
      order by p.created_at, p.id`;
}

const factsWhere = (db: Db | Tx, where: SQL) => queryRows<PaymentFact>(db, factsQuery(where));

/** Every paid payment ever made: the full picture, for tests to compare with. */
export function paymentFacts(db: Db | Tx): Promise<PaymentFact[]> {
  return factsWhere(db, sql`true`);
}

/**
 * The payments written since `since`, or pointed at by a row that was (a booking, a package's
 * session, refund, transfer or ledger entry), and those `refs` name (payment or booking ids).
 * Each table is read by its `changed_at` index.
 */
function changedPayments(since: Date, refs: readonly string[]): SQL {
  const ids = sql`string_to_array(${refs.join(",")}, ',')::uuid[]`;
  return sql`
    select id from payments where changed_at >= ${since}
    union all select payment_id from bookings where changed_at >= ${since}
    union all select pp.payment_id from bookings b
      join package_purchases pp on pp.id = b.package_purchase_id where b.changed_at >= ${since}
    union all select payment_id from refunds where changed_at >= ${since}
    union all select payment_id from payout_transfers where changed_at >= ${since}
    union all select payment_id from ledger_entries where changed_at >= ${since}
    union all select unnest(${ids})
    union all select payment_id from bookings where id = any(${ids})`;
}

/** The facts of the payments `changedPayments` names. */
const changedFactsQuery = (since: Date, refs: readonly string[]) =>
  factsQuery(sql`p.id in (${changedPayments(since, refs)})`);

/** The first and last paid payment: the months the sweep goes through (by a partial index). */
const PAID_RANGE = sql`select min(created_at) as first, max(created_at) as last
  from payments where status in ('paid', 'refunded')`;

/** The facts of one month's payments (India's calendar), by the index on paid payments. */
function monthFacts(db: Db | Tx, month: string) {
  const { from, to } = monthRange(month);
  return factsWhere(db, sql`p.created_at >= ${from} and p.created_at < ${to}`);
}

/** A payment's money as the monthly totals count it (any of its fact rows says the same). */
export function paymentMoney(f: PaymentFact): PaymentMoney {
  return {
    month: monthKey(new Date(f.created_at)),
    amount: f.amount,
    gst: f.gst,
    advisorNet: f.payment_net,
    commission: f.payment_commission,
    creditedFees: f.payment_fees,
    refunded: f.refunded,
    refundedGst: f.refunded_gst,
    paidAhead: f.package_sessions !== null || f.question_status !== null,
  };
}

/** Each payment's money once, from facts that may hold a payment in several rows. */
export function paymentsMoney(facts: readonly PaymentFact[]): PaymentMoney[] {
  const seen = new Set<string>();
  return facts.filter((f) => !seen.has(f.payment_id) && seen.add(f.payment_id)).map(paymentMoney);
}

/** The totals of one month's (or one payment's) facts, with how many rows they are. */
function totalsOf(month: string, facts: readonly PaymentFact[]): Kept {
  const money = paymentsMoney(facts);
  const [totals] = monthTotals(money);
  const none = {
    month,
    collected: 0,
    advisorShares: 0,
    commission: 0,
    gst: 0,
    refunds: 0,
    prepaid: 0,
  };
  return { ...(totals ?? none), payments: money.length };
}

const KEPT_FIELDS = [
  "month",
  "payments",
  "collected",
  "advisorShares",
  "commission",
  "gst",
  "refunds",
  "prepaid",
] as const;

/** Where the kept totals differ from the payments', or null. Nothing kept counts as zero. */
function keptDifference(actual: Kept, kept: Kept | null | undefined): string | null {
  const zero = { collected: 0, advisorShares: 0, commission: 0, gst: 0, refunds: 0, prepaid: 0 };
  const held = kept ?? { ...zero, month: actual.month, payments: 0 };
  const wrong = KEPT_FIELDS.filter((field) => held[field] !== actual[field]);
  return wrong.length ? `the kept monthly totals differ in ${wrong.join(", ")}` : null;
}

/** The checks of one payment's facts (one row, or more when it has two bookings or refunds). */
function checkPayment(facts: readonly PaymentFact[], add: (d: Difference) => void) {
  const push = (check: string, ref: string, detail: string) => add({ check, ref, detail });
  for (const f of facts) {
    if (f.package_sessions !== null) {
      checkPackage(f, push);
      continue;
    }
    const ref = f.booking_id ?? f.payment_id;
    // A question's share is owed once it is answered, and never before (ADR 98).
    const confirmed =
      ["confirmed", "completed", "cancelled"].includes(f.booking_status ?? "") ||
      f.question_status === "answered";
    if (f.question_status === "open" && f.credit !== null) {
      push("credit", ref, `an unanswered question is credited ${formatPaise(f.credit)}`);
    }
    if (f.question_status === "refunded" && f.refunded !== f.amount) {
      push(
        "refund",
        ref,
        `an unanswered question refunded ${formatPaise(f.refunded)} of ${formatPaise(f.amount)}`,
      );
    }
    if (confirmed && f.fee > 0 && f.credit === null) {
      push("credit", ref, `a paid session of ${formatPaise(f.fee)} has no credit`);
    }
    if (f.credit !== null) {
      const expected = splitFee(f.fee, Number(f.commission_percent)).share;
      if (f.credit !== expected || f.credit_fee !== f.fee) {
        push(
          "credit",
          ref,
          `credit ${formatPaise(f.credit)} differs from the fee's share ${formatPaise(expected)}`,
        );
      }
      // A zero credit (a 100 % commission) has no transfer and nothing to debit.
      const owed = f.credit > 0 ? f.credit : null;
      if (f.refunded > 0 && f.debit !== (owed === null ? null : -owed)) {
        push("refund", ref, `refunded, but the debit is ${formatPaise(-(f.debit ?? 0))}`);
      }
      if (f.refunded === 0 && f.debit !== null) {
        push("refund", ref, `debited ${formatPaise(-f.debit)} without a refund`);
      }
      if (f.transfer_amount !== owed) {
        push(
          "transfer",
          ref,
          `transfer ${formatPaise(f.transfer_amount ?? 0)} differs from the credit`,
        );
      }
    }
    // What left the platform per the ledger must be what the transfers say is released.
    const releasedNow =
      f.transfer_status === "released" ||
      f.transfer_status === "settled" ||
      (f.transfer_status === "reversing" && f.transfer_released === true);
    const expectedPaid = releasedNow ? (f.transfer_amount ?? 0) : 0;
    if (f.payouts !== expectedPaid) {
      push(
        "payout",
        ref,
        `paid out ${formatPaise(f.payouts)}, the transfer says ${formatPaise(expectedPaid)}`,
      );
    }
  }
  const first = facts[0]!;
  const wrong = keptDifference(totalsOf(monthKey(new Date(first.created_at)), facts), first.kept);
  if (wrong) push("totals", first.booking_id ?? first.payment_id, wrong);
}

/**
 * A package's payment: its credits are its first sessions' fee shares, each sent on as a
 * transfer; once it has ended, the unused rest is refunded to the paisa, and never before.
 */
function checkPackage(f: PaymentFact, push: (check: string, ref: string, detail: string) => void) {
  const sessions = f.package_sessions!;
  const ref = f.payment_id;
  const price = { feePaise: f.fee, gstPaise: f.gst, totalPaise: f.amount };
  const used = f.payment_credits;
  if (used > sessions) push("package", ref, `${used} sessions credited of ${sessions}`);
  const owedFees = sessionShares(f.fee, sessions)
    .slice(0, used)
    .reduce((a, b) => a + b, 0);
  if (f.payment_fees !== owedFees) {
    push(
      "credit",
      ref,
      `credited fees ${formatPaise(f.payment_fees)}, the used sessions' ${formatPaise(owedFees)}`,
    );
  }
  if (f.package_transfers !== f.payment_net) {
    push("transfer", ref, `transfers ${formatPaise(f.package_transfers)} differ from the credits`);
  }
  if (f.payouts !== f.package_released) {
    push(
      "payout",
      ref,
      `paid out ${formatPaise(f.payouts)}, the transfers say ${formatPaise(f.package_released)}`,
    );
  }
  const ended = ["cancelled", "withdrawn", "expired"].includes(f.package_status ?? "");
  const taken = used + f.package_upcoming;
  const rest = taken <= sessions ? refundOfRest(price, sessions, taken) : { amount: 0, gst: 0 };
  const owed = ended ? rest : { amount: 0, gst: 0 };
  if (f.refunded !== owed.amount || f.refunded_gst !== owed.gst) {
    push(
      "refund",
      ref,
      `refunded ${formatPaise(f.refunded)}, the unused sessions' rest is ${formatPaise(owed.amount)}`,
    );
  }
}

/**
 * A month's totals must add up: its payments' (`actual`, when the month was read in full),
 * else the kept ones; and its payments' must be what is kept.
 */
function checkMonth(kept: Kept | undefined, actual: Kept | null, add: (d: Difference) => void) {
  const totals = actual ?? kept;
  const missing = totals ? unaccounted(totals) : 0;
  if (missing !== 0) {
    add({
      check: "month",
      ref: totals!.month,
      detail: `${formatPaise(missing)} collected is unaccounted for`,
    });
  }
  const wrong = actual && keptDifference(actual, kept);
  if (wrong) add({ check: "totals", ref: actual.month, detail: wrong });
}

/** What one run looks at. */
export type Scope = {
  /** Payments written from this moment on (database clock); null: none (the first run). */
  since: Date | null;
  /** The month the last run's sweep reached; this run goes on after it. */
  sweptTo: string | null;
  /** The last run's differences: each is looked at again, so it stays until it is mended. */
  previous: readonly Difference[];
  sweepMonths?: number;
  /** Every month, not the sweep's next ones: a whole check, for tests and tools. */
  full?: boolean;
};

export type Checked = {
  differences: Difference[];
  /** The moment the run's snapshot was taken (database clock). */
  startedAt: Date;
  /** The months checked in full, and every payment checked. */
  swept: string[];
  payments: ReadonlySet<string>;
  sweptTo: string | null;
};

/** The `count` months after `after` in `months` (ascending), round to the start again. */
function nextMonths(months: readonly string[], after: string | null, count: number) {
  const start = Math.max(
    0,
    months.findIndex((m) => after === null || m > after),
  );
  return [...months.slice(start), ...months.slice(0, start)].slice(0, count);
}

/** Every month from the first paid payment to the last, and any kept month holding money. */
async function monthsOf(tx: Tx, kept: ReadonlyMap<string, Kept>): Promise<string[]> {
  type Range = { first: Date | string | null; last: Date | string | null };
  const [range] = await queryRows<Range>(tx, PAID_RANGE);
  const paid = range?.first
    ? monthsBetween(monthKey(new Date(range.first)), monthKey(new Date(range.last!)))
    : [];
  // Not a kept month whose payments all moved away: it holds nothing.
  const held = [...kept.values()].filter((k) => keptDifference(k, null)).map((k) => k.month);
  return [...new Set([...paid, ...held])].sort();
}

/** A run's differences, listed as a full pass lists them: payments oldest first, then months. */
function collector() {
  const payments: { order: string; difference: Difference }[] = [];
  const months: Difference[] = [];
  const seen = new Set<string>();
  return {
    seen,
    /** Checks each payment of `facts` (ordered by payment) not checked before in this run. */
    payments(facts: readonly PaymentFact[]) {
      for (let i = 0; i < facts.length;) {
        const id = facts[i]!.payment_id;
        let end = i + 1;
        while (end < facts.length && facts[end]!.payment_id === id) end++;
        if (!seen.has(id)) {
          seen.add(id);
          const order = `${new Date(facts[i]!.created_at).toISOString()} ${id}`;
          checkPayment(facts.slice(i, end), (difference) => payments.push({ order, difference }));
        }
        i = end;
      }
    },
    month(kept: Kept | undefined, actual: Kept | null) {
      checkMonth(kept, actual, (d) => months.push(d));
    },
    list(): Difference[] {
      payments.sort((a, b) => a.order.localeCompare(b.order));
      months.sort((a, b) => b.ref.localeCompare(a.ref));
      return [...payments.map((p) => p.difference), ...months];
    },
  };
}

/**
 * One run's checks, on one snapshot (repeatable read), so the kept totals and the payments
 * they count are read at the same moment.
 */
export async function checkChanges(db: Db, scope: Scope): Promise<Checked> {
  return db.transaction(
    async (tx) => {
      // A month's check is a big plan but a short run: compiling it (JIT) would take longer.
      await tx.execute(sql`set local jit = off`);
      const [clock] = await queryRows<{ at: Date | string }>(tx, sql`select now() as at`);
      const kept = new Map((await tx.select().from(moneyMonths)).map((row) => [row.month, row]));
      const months = await monthsOf(tx, kept);
      // The sweep's next months, and again any month the last run found amiss.
      const named = new Set(scope.previous.map((d) => d.ref));
      const cycle = scope.full
        ? months
        : nextMonths(months, scope.sweptTo, scope.sweepMonths ?? SWEEP_MONTHS);
      const swept = [...new Set([...cycle, ...months.filter((m) => named.has(m))])];

      const found = collector();
      for (const month of swept) {
        const facts = await monthFacts(tx, month);
        found.payments(facts);
        found.month(kept.get(month), totalsOf(month, facts));
      }
      if (scope.since !== null) {
        const refs = [...named].filter(isUuid);
        const facts = await queryRows<PaymentFact>(tx, changedFactsQuery(scope.since, refs));
        found.payments(facts);
        // Their months' kept totals must still add up (the sweep proves them against payments).
        for (const month of new Set(facts.map((f) => monthKey(new Date(f.created_at))))) {
          if (!swept.includes(month)) found.month(kept.get(month), null);
        }
      }
      return {
        differences: found.list(),
        startedAt: new Date(clock!.at),
        swept,
        payments: found.seen,
        sweptTo: cycle.at(-1) ?? scope.sweptTo,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Compares the whole ledger with payments, refunds and transfers; each difference says where. */
export async function findDifferences(db: Db): Promise<Difference[]> {
  return (await checkChanges(db, { since: null, sweptTo: null, previous: [], full: true }))
    .differences;
}

/** Differences as one comparable string, whatever order their keys come in. */
const sameKey = (differences: readonly Difference[]) =>
  JSON.stringify(differences.map((d) => [d.check, d.ref, d.detail]));

/**
 * The reconciliation job: checks what changed since the last run and the sweep's next month
 * (the first run: that month alone, its watermark starts the count), records the run with where the next one starts, and e-mails every admin when the
 * differences found are new (a run that finds the same ones again stays quiet). `record`
 * writes what else belongs with the run (an admin's audit entry) in the transaction that
 * stores it.
 */
export async function reconcile(
  db: Db,
  deps: {
    config: Pick<Config, "appUrl">;
    now: () => Date;
    record?: (tx: Tx, run: { id: string; differences: Difference[] }) => Promise<void>;
    /** Tests look back less than OVERLAP_MS, to see that a run checks only what changed. */
    overlapMs?: number;
    sweepMonths?: number;
  },
): Promise<Difference[]> {
  const [previous] = await db
    .select({
      differences: reconciliationRuns.differences,
      watermark: reconciliationRuns.watermark,
      sweptTo: reconciliationRuns.sweptTo,
    })
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.ranAt))
    .limit(1);
  const checked = await checkChanges(db, {
    since: previous?.watermark ?? null,
    sweptTo: previous?.sweptTo ?? null,
    previous: previous?.differences ?? [],
    sweepMonths: deps.sweepMonths,
  });
  const { differences } = checked;
  await db.transaction(async (tx) => {
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({
        ranAt: deps.now(),
        differences,
        watermark: new Date(checked.startedAt.getTime() - (deps.overlapMs ?? OVERLAP_MS)),
        sweptTo: checked.sweptTo,
      })
      .returning({ id: reconciliationRuns.id });
    await deps.record?.(tx, { id: run!.id, differences });
    // Compared field by field: jsonb gives the stored objects back with their keys reordered.
    const changed = sameKey(previous?.differences ?? []) !== sameKey(differences);
    if (differences.length === 0 || !changed) return;
    const admins = await tx.select({ email: users.email }).from(users).where(eq(users.admin, "Y"));
    for (const admin of admins) {
      await queueEmail(tx, {
        to: admin.email,
        name: "admin.ledger-mismatch",
        subject: "BeenThere: the ledger does not reconcile",
        heading: "The ledger does not reconcile",
        paragraphs: [
          `The reconciliation found ${differences.length} difference${differences.length === 1 ? "" : "s"} between the ledger and payments, refunds and transfers.`,
          ...differences.slice(0, 10).map((d) => `${d.check} · ${d.ref}: ${d.detail}`),
        ],
        action: { label: "Open Payouts", url: `${deps.config.appUrl}/admin/payouts` },
      });
    }
  });
  return differences;
}
