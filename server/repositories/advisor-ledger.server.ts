import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { ledgerEntries } from "../db/schema";

/**
 * The dashboard tile's "earned so far": what pending + available + paid add up to, which is
 * the session credits less their refunds, however far each has got.
 */
export async function earnedTotal(db: Db, advisorId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.advisorId, advisorId),
        inArray(ledgerEntries.kind, ["session_credit", "refund_debit"]),
      ),
    );
  return row?.total ?? 0;
}
