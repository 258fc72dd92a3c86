import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.server";
import { payments } from "../db/schema";
import type { PaymentGateway } from "./gateway.server";

/** A price the server decided: fee and GST in paise, and their total. */
export type SalePrice = { totalPaise: number; feePaise: number; gstPaise: number };

/**
 * Orders something sold outside a booking (a package, a paid question) in the caller's
 * transaction: its payment at the server's price, the sold thing's row (`record`, given the
 * payment's id), then the provider's order for it. A failure anywhere leaves nothing written.
 */
export async function orderSale(
  tx: Tx,
  gateway: PaymentGateway,
  input: {
    userId: string;
    price: SalePrice;
    /** Writes the sold thing's row and answers its id and the order's notes key for it. */
    record: (paymentId: string) => Promise<{ id: string; notesKey: string }>;
  },
) {
  const { price } = input;
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: input.userId,
      amount: price.totalPaise,
      feeAmount: price.feePaise,
      gstAmount: price.gstPaise,
      status: "created",
      provider: gateway.name,
    })
    .returning({ id: payments.id });
  const paymentId = payment!.id;
  const sold = await input.record(paymentId);
  const { orderId } = await gateway.createOrder({
    amountPaise: price.totalPaise,
    receipt: sold.id,
    notes: { [sold.notesKey]: sold.id, paymentId },
  });
  await tx.update(payments).set({ razorpayOrderId: orderId }).where(eq(payments.id, paymentId));
  return {
    id: sold.id,
    paymentId,
    orderId,
    keyId: gateway.keyId,
    amount: price.totalPaise,
  };
}
