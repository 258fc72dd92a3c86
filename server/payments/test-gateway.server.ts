import { randomBytes } from "node:crypto";
import type { PaymentGateway } from "./gateway.server";
import { paymentSignature } from "./signature.server";

const id = (prefix: string) => `${prefix}_test${randomBytes(9).toString("hex")}`;

/**
 * The built-in provider used when no Razorpay keys are set. It plays Razorpay's part with
 * ids shaped like Razorpay's; the test checkout page pays through `signTestPayment`, and
 * verification checks that signature with exactly the code that checks Razorpay's. Linked
 * accounts are active at once and transfers succeed, so payouts run end to end locally.
 */
export function createTestGateway(): PaymentGateway {
  return {
    name: "test",
    keyId: "rzp_test_builtin",
    async createOrder() {
      return { orderId: id("order") };
    },
    async refund() {
      return { refundId: id("rfnd"), status: "processed" };
    },
    async upsertLinkedAccount({ account }) {
      return {
        accountId: account?.accountId ?? id("acc"),
        productId: account?.productId ?? id("acc_prd"),
        status: "activated",
      };
    },
    async createTransfer() {
      return { transferId: id("trf") };
    },
    async releaseTransfer() {},
    async reverseTransfer() {
      return { reversalId: id("rvrsl") };
    },
  };
}

/** What the test checkout hands back on "Pay": Razorpay's success fields. */
export function signTestPayment(secret: string, orderId: string) {
  const razorpay_payment_id = id("pay");
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id,
    razorpay_signature: paymentSignature(secret, orderId, razorpay_payment_id),
  };
}
