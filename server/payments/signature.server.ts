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

/** Constant-time comparison of a hex signature received from outside. */
export function signatureMatches(expectedHex: string, received: string | null | undefined) {
  if (!received || !/^[0-9a-f]+$/i.test(received)) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(received, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
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
