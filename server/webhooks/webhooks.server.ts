import { webhookEvents } from "../db/schema";
import type { BookingDeps } from "../bookings/context.server";
import { paymentIdForOrder, releaseHold, settlePayment } from "../bookings/payment-service.server";
import { paymentSecrets } from "../payments/create-gateway.server";
import { payoutWebhookHandlers } from "./payout-webhooks.server";
import { applyRefundEvent } from "../refunds/refund-job.server";
import { hmacHex, signatureMatches } from "../payments/signature.server";
import type { RazorpayEvent, WebhookHandler } from "./webhook-types";

const paymentEntity = (event: RazorpayEvent) => event.payload?.payment?.entity;

/** payment.captured / order.paid: confirm a booking whose browser never came back. */
const confirmFromPayment: WebhookHandler = async (deps, event) => {
  const payment = paymentEntity(event);
  const orderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  if (!payment?.id || !orderId) return;
  const settlement = await settlePayment(deps, {
    orderId,
    providerPaymentId: payment.id,
    amount: payment.amount,
  });
  deps.logger.info({ event: event.event, orderId, settlement }, "payment webhook settled");
};

/** payment.failed: release the hold so the time is offered again. */
const releaseFromFailure: WebhookHandler = async (deps, event) => {
  const orderId = paymentEntity(event)?.order_id;
  const paymentId = orderId ? await paymentIdForOrder(deps, orderId) : null;
  if (paymentId) await releaseHold(deps, { paymentId }, true);
};

/** refund.processed / refund.failed: the provider's answer to a refund we sent. */
const applyRefund: WebhookHandler = async (deps, event) => {
  const refundId = event.payload?.refund?.entity?.id;
  if (!refundId || (event.event !== "refund.processed" && event.event !== "refund.failed")) return;
  await applyRefundEvent(deps.tx, { event: event.event, refundId }, deps.now());
};

/** Which events do something. Every verified event is stored once whatever its type. */
export const webhookHandlers: Record<string, WebhookHandler> = {
  "payment.captured": confirmFromPayment,
  "order.paid": confirmFromPayment,
  "payment.failed": releaseFromFailure,
  "refund.processed": applyRefund,
  "refund.failed": applyRefund,
  ...payoutWebhookHandlers,
};

export type WebhookAnswer = { status: 200 | 400 | 503; body: Record<string, unknown> };

/**
 * POST /api/webhooks/razorpay. The signature is over the raw body (re-serialised JSON would
 * not match). Each event id is stored in the handling transaction, so a repeat changes
 * nothing and a failure half-way is retried by Razorpay as a whole.
 */
export async function handleRazorpayWebhook(
  deps: BookingDeps,
  rawBody: string,
  headers: Headers,
): Promise<WebhookAnswer> {
  const secret = paymentSecrets(deps.config).webhookSecret;
  if (!secret) {
    deps.logger.error("a Razorpay webhook arrived but RAZORPAY_WEBHOOK_SECRET is not set");
    return { status: 503, body: { error: "Webhooks are not configured" } };
  }
  if (!signatureMatches(hmacHex(secret, rawBody), headers.get("x-razorpay-signature"))) {
    deps.logger.warn("webhook with a bad signature refused");
    return { status: 400, body: { error: "Invalid signature" } };
  }
  const eventId = headers.get("x-razorpay-event-id");
  let event: RazorpayEvent;
  try {
    event = JSON.parse(rawBody) as RazorpayEvent;
  } catch {
    return { status: 400, body: { error: "Invalid JSON" } };
  }
  if (!eventId || typeof event?.event !== "string") {
    return { status: 400, body: { error: "Missing event id or type" } };
  }
  const handled = await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(webhookEvents)
      .values({ eventId, eventType: event.event })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!stored) return false;
    await webhookHandlers[event.event]?.({ ...deps, tx }, event);
    return true;
  });
  return { status: 200, body: handled ? { ok: true } : { ok: true, duplicate: true } };
}
