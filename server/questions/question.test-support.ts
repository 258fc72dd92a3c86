import { eq } from "drizzle-orm";
import { verifyPayment } from "../bookings/payment-service.server";
import type { BookingDeps } from "../bookings/context.server";
import type { Db } from "../db/client.server";
import { advisors, paidQuestions } from "../db/schema";
import { paymentSignature } from "../payments/signature.server";
import { startQuestion } from "./questions.server";

/** The advisor takes paid questions at this price (rupees before GST) and answer time. */
export async function offerQuestions(db: Db, advisorId: string, priceInr = 500, answerDays = 3) {
  await db
    .update(advisors)
    .set({ questionPriceInr: priceInr, questionAnswerDays: answerDays })
    .where(eq(advisors.id, advisorId));
}

/** The test checkout's word that the order was paid, as the browser would send it. */
export function paidReport(deps: Pick<BookingDeps, "config">, orderId: string) {
  const paymentId = `pay_${Math.random().toString(36).slice(2)}`;
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(deps.config.testPaymentSecret!, orderId, paymentId),
  };
}

/**
 * A question the seeker asked and paid for through the services (the advisor must offer
 * questions): open, its answer time running from the deps' clock.
 */
export async function askedAndPaid(
  deps: BookingDeps,
  input: { seekerId: string; advisorId: string; body?: string },
) {
  const order = await startQuestion(deps, input.seekerId, {
    advisorId: input.advisorId,
    body: input.body ?? "How do I move my PF when I change jobs?",
    attachments: [],
  });
  if (!order.ok) throw new Error(order.message);
  const verified = await verifyPayment(deps, input.seekerId, paidReport(deps, order.orderId));
  if (!verified.ok) throw new Error(verified.message);
  const [question] = await deps.db
    .select()
    .from(paidQuestions)
    .where(eq(paidQuestions.id, order.questionId));
  return { question: question!, order, settlement: verified.settlement };
}
