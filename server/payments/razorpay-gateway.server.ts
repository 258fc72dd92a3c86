import Razorpay from "razorpay";
import type { PaymentGateway } from "./gateway.server";

type RazorpayKeys = { keyId: string; keySecret: string; apiUrl?: string };

/** Razorpay through its official SDK: orders (INR, paise) and refunds. */
export function createRazorpayGateway(keys: RazorpayKeys): PaymentGateway {
  const client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  if (keys.apiUrl) {
    // The SDK fixes its host; its axios instance is the only way to point it at a local
    // server that answers like Razorpay (tests, never production).
    (
      client as unknown as { api: { rq: { defaults: { baseURL: string } } } }
    ).api.rq.defaults.baseURL = keys.apiUrl.replace(/\/$/, "");
  }
  return {
    name: "razorpay",
    keyId: keys.keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await client.orders
        .create({ amount: amountPaise, currency: "INR", receipt, notes })
        .catch((error: unknown) => {
          throw providerError("order", error);
        });
      return { orderId: order.id };
    },
    async refund({ providerPaymentId, amountPaise, notes }) {
      const refund = await client.payments
        .refund(providerPaymentId, { amount: amountPaise, speed: "normal", notes })
        .catch((error: unknown) => {
          throw providerError("refund", error);
        });
      const status =
        refund.status === "processed" || refund.status === "failed" ? refund.status : "pending";
      return { refundId: refund.id, status };
    },
  };
}

/** The SDK rejects with a plain object; make it an Error that says what failed. */
function providerError(what: string, error: unknown): Error {
  const detail = error as { statusCode?: number; error?: { description?: string } } | undefined;
  return new Error(
    `Razorpay ${what} failed (${detail?.statusCode ?? "no status"}): ${detail?.error?.description ?? String(error)}`,
    { cause: error },
  );
}
