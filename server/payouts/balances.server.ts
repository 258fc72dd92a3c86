import { inArray, sql } from "drizzle-orm";
import { type Balances, holdPassedFor } from "../../core/ledger";
import { type Db, queryRows } from "../db/client.server";
import { advisorBalances } from "../db/schema";

/** The longest session (bookings_duration_check): one ending after a moment began after this. */
const LONGEST_SESSION_MS = 30 * 60_000;

/**
 * The pending, available and paid balances of the given advisors, each session's maturity
 * judged at `now` (ADR 74). What is held (pending + available) and paid comes from the
 * balances the ledger keeps (advisor_balances); pending is the credits and debits of sessions
 * not matured yet (core/ledger.ts `hasMatured`): those ending within the holding period or
 * later, by the index on an advisor's sessions, and any still confirmed after it (the
 * completion job has not caught up), by the confirmed sessions' index; a credited session is
 * only ever confirmed, completed or cancelled. A paid question's credit matures from its
 * answer (ADR 98), read by the index on an advisor's questions. So it costs the advisors' recent sessions,
 * never their history. An advisor without entries has none.
 */
export async function balancesByAdvisor(
  db: Db,
  advisorIds: readonly string[],
  options: { holdDays: number; now: Date },
): Promise<Map<string, Balances>> {
  if (advisorIds.length === 0) return new Map();
  const ids = [...advisorIds];
  const maturedBy = holdPassedFor(options.now, options.holdDays);
  const since = new Date(maturedBy.getTime() - LONGEST_SESSION_MS);
  const advisorsIn = sql`b.advisor_id = any(string_to_array(${ids.join(",")}, ',')::uuid[])`;
  const [kept, pending] = await Promise.all([
    db.select().from(advisorBalances).where(inArray(advisorBalances.advisorId, ids)),
    queryRows<{ advisor_id: string; pending: number }>(
      db,
      sql`select advisor_id, sum(amount)::float8 as pending from (
            select e.advisor_id, e.amount from bookings b
              join ledger_entries e on e.booking_id = b.id and e.kind in ('session_credit', 'refund_debit')
              where ${advisorsIn} and b.datetime > ${since} and b.ends_at > ${maturedBy}
            union all
            select e.advisor_id, e.amount from bookings b
              join ledger_entries e on e.booking_id = b.id and e.kind in ('session_credit', 'refund_debit')
              where ${advisorsIn} and b.status = 'confirmed' and b.ends_at <= ${maturedBy}
            union all
            select e.advisor_id, e.amount from paid_questions b
              join ledger_entries e on e.question_id = b.id and e.kind in ('session_credit', 'refund_debit')
              where ${advisorsIn} and b.answered_at > ${maturedBy}
          ) unmatured group by advisor_id`,
    ),
  ]);
  const held = new Map(kept.map((row) => [row.advisorId, row]));
  const unmatured = new Map(pending.map((row) => [row.advisor_id, Number(row.pending)]));
  return new Map(
    ids.map((advisorId) => {
      const balance = held.get(advisorId);
      const owed = unmatured.get(advisorId) ?? 0;
      return [
        advisorId,
        { pending: owed, available: (balance?.held ?? 0) - owed, paid: balance?.paid ?? 0 },
      ];
    }),
  );
}
