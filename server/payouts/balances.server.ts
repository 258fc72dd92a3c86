import { eq, inArray } from "drizzle-orm";
import { type Balances, balancesOf, hasMatured } from "../../core/ledger";
import type { Db } from "../db/client.server";
import { bookings, ledgerEntries } from "../db/schema";

/**
 * The pending, available and paid balances of the given advisors, from their ledger entries,
 * each session's maturity judged at `now` (ADR 74). An advisor without entries has none.
 */
export async function balancesByAdvisor(
  db: Db,
  advisorIds: readonly string[],
  options: { holdDays: number; now: Date },
): Promise<Map<string, Balances>> {
  if (advisorIds.length === 0) return new Map();
  const entries = await db
    .select({
      advisorId: ledgerEntries.advisorId,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      status: bookings.status,
      endsAt: bookings.endsAt,
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .where(inArray(ledgerEntries.advisorId, [...advisorIds]));
  return new Map(
    advisorIds.map((advisorId) => [
      advisorId,
      balancesOf(
        entries
          .filter((e) => e.advisorId === advisorId)
          .map((e) => ({
            kind: e.kind,
            amount: e.amount,
            matured: hasMatured(e, options.holdDays, options.now),
          })),
      ),
    ]),
  );
}
