import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { bookings } from "../db/schema";

/**
 * A package's sessions booked or used: upcoming ones, and those held or cancelled that did
 * not go back to the package (cancelled too late by the seeker, or held unless the advisor's
 * no-show was upheld). The rest can be booked.
 */
export async function packageSessionsTaken(db: Db | Tx, purchaseId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.packagePurchaseId, purchaseId),
        or(
          eq(bookings.status, "confirmed"),
          and(
            inArray(bookings.status, ["completed", "cancelled"]),
            eq(bookings.packageSessionReturned, false),
          ),
        ),
      ),
    );
  return row?.n ?? 0;
}
