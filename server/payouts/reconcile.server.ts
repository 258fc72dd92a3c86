import { desc, eq, sql } from "drizzle-orm";
import { monthKey, monthTotals, splitFee, unaccounted, type PaymentMoney } from "../../core/ledger";
import { formatInr } from "../../core/format";
import type { Config } from "../config.server";
import { type Db, queryRows, type Tx } from "../db/client.server";
import { reconciliationRuns, users } from "../db/schema";
import { queueEmail } from "../mail/mailer.server";

export type Difference = { check: string; ref: string; detail: string };

const rupees = (paise: number) => formatInr(paise / 100);

/** One paid payment with what the ledger, refunds and transfers say about it. */
export type PaymentFact = {
  payment_id: string;
  booking_id: string | null;
  booking_status: string | null;
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
  transfer_amount: number | null;
  transfer_status: string | null;
  transfer_released: boolean | null;
  payouts: number;
};

/**
 * Every paid payment with what the ledger, refunds and transfers say about it: one row
 * each, so the checks below are plain comparisons.
 */
export async function paymentFacts(db: Db): Promise<PaymentFact[]> {
  return queryRows<PaymentFact>(
    db,
    sql`
      select p.id as payment_id, b.id as booking_id, b.status as booking_status, p.created_at,
        p.amount, p.fee_amount as fee, p.gst_amount as gst,
        c.amount as credit, c.fee_amount as credit_fee, c.commission_percent,
        c.commission_amount as commission,
        d.amount as debit,
        coalesce(r.amount, 0)::int as refunded,
        t.amount as transfer_amount, t.status as transfer_status,
        t.released_at is not null as transfer_released,
        coalesce((select sum(-e.amount) from ledger_entries e
                  where e.payment_id = p.id and e.kind in ('payout', 'payout_returned')), 0)::int
          as payouts
      from payments p
      left join bookings b on b.payment_id = p.id
      left join ledger_entries c on c.booking_id = b.id and c.kind = 'session_credit'
      left join ledger_entries d on d.booking_id = b.id and d.kind = 'refund_debit'
      left join refunds r on r.payment_id = p.id
      left join payout_transfers t on t.booking_id = b.id
      where p.status in ('paid', 'refunded')`,
  );
}

/** A payment's money as the monthly totals count it. */
export function paymentMoney(f: PaymentFact): PaymentMoney {
  return {
    month: monthKey(new Date(f.created_at)),
    amount: f.amount,
    gst: f.gst,
    credit: f.credit === null ? null : { share: f.credit, commission: f.commission ?? 0 },
    advisorNet: (f.credit ?? 0) + (f.debit ?? 0),
    refunded: f.refunded,
  };
}

/** Compares the ledger with payments, refunds and transfers; each difference says where. */
export async function findDifferences(db: Db): Promise<Difference[]> {
  const differences: Difference[] = [];
  const add = (check: string, ref: string, detail: string) =>
    differences.push({ check, ref, detail });
  const money: PaymentMoney[] = [];

  for (const f of await paymentFacts(db)) {
    const ref = f.booking_id ?? f.payment_id;
    const confirmed = ["confirmed", "completed", "cancelled"].includes(f.booking_status ?? "");
    if (confirmed && f.fee > 0 && f.credit === null) {
      add("credit", ref, `a paid session of ${rupees(f.fee)} has no credit`);
    }
    if (f.credit !== null) {
      const expected = splitFee(f.fee, Number(f.commission_percent)).share;
      if (f.credit !== expected || f.credit_fee !== f.fee) {
        add(
          "credit",
          ref,
          `credit ${rupees(f.credit)} differs from the fee's share ${rupees(expected)}`,
        );
      }
      // A zero credit (a 100 % commission) has no transfer and nothing to debit.
      const owed = f.credit > 0 ? f.credit : null;
      if (f.refunded > 0 && f.debit !== (owed === null ? null : -owed)) {
        add("refund", ref, `refunded, but the debit is ${rupees(-(f.debit ?? 0))}`);
      }
      if (f.refunded === 0 && f.debit !== null) {
        add("refund", ref, `debited ${rupees(-f.debit)} without a refund`);
      }
      if (f.transfer_amount !== owed) {
        add("transfer", ref, `transfer ${rupees(f.transfer_amount ?? 0)} differs from the credit`);
      }
    }
    // What left the platform per the ledger must be what the transfers say is released.
    const releasedNow =
      f.transfer_status === "released" ||
      f.transfer_status === "settled" ||
      (f.transfer_status === "reversing" && f.transfer_released === true);
    const expectedPaid = releasedNow ? (f.transfer_amount ?? 0) : 0;
    if (f.payouts !== expectedPaid) {
      add(
        "payout",
        ref,
        `paid out ${rupees(f.payouts)}, the transfer says ${rupees(expectedPaid)}`,
      );
    }
    money.push(paymentMoney(f));
  }
  for (const totals of monthTotals(money)) {
    const missing = unaccounted(totals);
    if (missing !== 0)
      add("month", totals.month, `${rupees(missing)} collected is unaccounted for`);
  }
  return differences;
}

/** Differences as one comparable string, whatever order their keys come in. */
const sameKey = (differences: readonly Difference[]) =>
  JSON.stringify(differences.map((d) => [d.check, d.ref, d.detail]));

/**
 * The reconciliation job: records each run, and e-mails every admin when the differences
 * found are new (a run that finds the same ones again stays quiet). `record` writes what
 * else belongs with the run (an admin's audit entry) in the transaction that stores it.
 */
export async function reconcile(
  db: Db,
  deps: {
    config: Pick<Config, "appUrl">;
    now: () => Date;
    record?: (tx: Tx, run: { id: string; differences: Difference[] }) => Promise<void>;
  },
): Promise<Difference[]> {
  const differences = await findDifferences(db);
  const [previous] = await db
    .select({ differences: reconciliationRuns.differences })
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.ranAt))
    .limit(1);
  await db.transaction(async (tx) => {
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({ ranAt: deps.now(), differences })
      .returning({ id: reconciliationRuns.id });
    await deps.record?.(tx, { id: run!.id, differences });
    // Compared field by field: jsonb gives the stored objects back with their keys reordered.
    const changed = sameKey(previous?.differences ?? []) !== sameKey(differences);
    if (differences.length === 0 || !changed) return;
    const admins = await tx.select({ email: users.email }).from(users).where(eq(users.admin, "Y"));
    for (const admin of admins) {
      await queueEmail(tx, {
        to: admin.email,
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
