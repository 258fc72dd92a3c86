import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Razorpay's two signatures, HMAC-SHA256 in hex: a payment's is over `order_id|payment_id`
 * under the key secret, a webhook's over the raw request body under the webhook secret.
 * The built-in test checkout signs the same way with its local secret.
 */
export function hmacHex(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}

/** What an HMAC-SHA256 in hex looks like as Razorpay sends it: nothing more, nothing less. */
const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Constant-time comparison of a signature received from outside. Only the exact form is
 * compared (64 lowercase hex digits): an upper-cased or padded copy of a good signature is
 * refused like a wrong one, so no second spelling of it can be accepted and stored.
 */
export function signatureMatches(expectedHex: string, received: string | null | undefined) {
  if (typeof received !== "string" || !SIGNATURE.test(received)) return false;
  if (received.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, "latin1"), Buffer.from(received, "latin1"));
}

/** True when `signature` is the payment signature of our stored order and this payment. */
export function isValidPaymentSignature(
  secret: string,
  storedOrderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return signatureMatches(paymentSignature(secret, storedOrderId, paymentId), signature);
}
