import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TransferStatus } from "../../core/ledger";
import type { Db } from "../db/client.server";
import { payoutTransfers } from "../db/schema";
import { createBooking } from "../db/factories.test-support";
import { creditSession } from "./ledger.server";

/*
 * Test data for the payout screens: a paid session credited to its advisor by the ledger's
 * own code, with its transfer then put in the state a test needs, as the payout job and
 * webhooks would leave it.
 */
export async function createCreditedSession(
  db: Db,
  input: {
    advisorId: string;
    seekerId: string;
    datetime: Date;
    bookingStatus?: "confirmed" | "completed";
    transfer?: { status: TransferStatus; lastError?: string; attempts?: number };
    paidPaise?: number;
    commissionPercent?: number;
    now?: Date;
  },
) {
  const booking = await createBooking(db, {
    advisorId: input.advisorId,
    userId: input.seekerId,
    datetime: input.datetime,
    paidPaise: input.paidPaise ?? 118_000,
    status: input.bookingStatus ?? "completed",
  });
  await db.transaction((tx) =>
    creditSession(tx, {
      bookingId: booking.id,
      commissionPercent: input.commissionPercent ?? 20,
      now: input.now ?? new Date(),
    }),
  );
  let [transfer] = await db
    .select()
    .from(payoutTransfers)
    .where(eq(payoutTransfers.bookingId, booking.id));
  if (input.transfer) {
    [transfer] = await db
      .update(payoutTransfers)
      .set({
        status: input.transfer.status,
        lastError: input.transfer.lastError ?? null,
        attempts: input.transfer.attempts ?? 0,
        providerTransferId:
          input.transfer.status === "awaiting_account" || input.transfer.status === "pending"
            ? null
            : `trf_${randomBytes(6).toString("hex")}`,
      })
      .where(eq(payoutTransfers.id, transfer!.id))
      .returning();
  }
  return { bookingId: booking.id, paymentId: booking.paymentId!, transfer: transfer! };
}
