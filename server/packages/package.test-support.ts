import { createBooking } from "../db/factories.test-support";
import type { Db } from "../db/client.server";
import { advisorPackages, bookings, packagePurchases, payments } from "../db/schema";
import { packagePrice } from "../../core/packages";
import { creditPackageSession } from "../payouts/ledger.server";
import { eq } from "drizzle-orm";

/**
 * A bought package with one session held and credited, written as the services leave it (for
 * journeys and pages that need a package's money without waiting for its session).
 */
export async function usedPackageSession(
  db: Db,
  input: {
    advisorId: string;
    seekerId: string;
    datetime: Date;
    /** The advisor's package it was bought from (3 × 30 minutes at ₹2,400); made if absent. */
    packageId?: string;
  },
) {
  const name = "Three mornings";
  const price = packagePrice(2400);
  const offerId =
    input.packageId ??
    (
      await db
        .insert(advisorPackages)
        .values({
          advisorId: input.advisorId,
          name,
          sessions: 3,
          duration: 30,
          validityDays: 60,
          priceInr: 2400,
        })
        .returning({ id: advisorPackages.id })
    )[0]!.id;
  const [payment] = await db
    .insert(payments)
    .values({
      userId: input.seekerId,
      amount: price.totalPaise,
      feeAmount: price.feePaise,
      gstAmount: price.gstPaise,
      status: "paid",
    })
    .returning({ id: payments.id });
  const [purchase] = await db
    .insert(packagePurchases)
    .values({
      packageId: offerId,
      userId: input.seekerId,
      advisorId: input.advisorId,
      paymentId: payment!.id,
      name,
      sessions: 3,
      duration: 30,
      validityDays: 60,
      status: "active",
      expiresAt: new Date(input.datetime.getTime() + 50 * 86_400_000),
    })
    .returning({ id: packagePurchases.id });
  const booking = await createBooking(db, {
    advisorId: input.advisorId,
    userId: input.seekerId,
    datetime: input.datetime,
    paidPaise: 0,
    status: "completed",
  });
  await db
    .update(bookings)
    .set({ packagePurchaseId: purchase!.id })
    .where(eq(bookings.id, booking.id));
  await db.transaction((tx) =>
    creditPackageSession(tx, { bookingId: booking.id, commissionPercent: 20, now: new Date() }),
  );
  return { offerId, purchaseId: purchase!.id, bookingId: booking.id };
}
