import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TransferStatus } from "../../core/ledger";
import type { Db } from "../db/client.server";
import { bookings, payments, payoutTransfers } from "../db/schema";
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
  const paid = input.paidPaise ?? 118_000;
  const gst = Math.round(paid - paid / 1.18);
  const [payment] = await db
    .insert(payments)
    .values({
      userId: input.seekerId,
      amount: paid,
      feeAmount: paid - gst,
      gstAmount: gst,
      status: "paid",
      provider: "test",
      razorpayOrderId: `order_${randomBytes(6).toString("hex")}`,
      razorpayPaymentId: `pay_${randomBytes(6).toString("hex")}`,
    })
    .returning({ id: payments.id });
  const [booking] = await db
    .insert(bookings)
    .values({
      paymentId: payment!.id,
      userId: input.seekerId,
      advisorId: input.advisorId,
      datetime: input.datetime,
      duration: 30,
      endsAt: new Date(input.datetime.getTime() + 30 * 60_000),
      status: input.bookingStatus ?? "completed",
      sessionType: "First Call",
      advisorTimezone: "UTC",
      seekerTimezone: "Asia/Kolkata",
      videoCallLink: `https://meet.jit.si/test-${randomBytes(6).toString("hex")}`,
    })
    .returning({ id: bookings.id });
  await db.transaction((tx) =>
    creditSession(tx, {
      bookingId: booking!.id,
      commissionPercent: input.commissionPercent ?? 20,
      now: input.now ?? new Date(),
    }),
  );
  let [transfer] = await db
    .select()
    .from(payoutTransfers)
    .where(eq(payoutTransfers.bookingId, booking!.id));
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
  return { bookingId: booking!.id, paymentId: payment!.id, transfer: transfer! };
}
