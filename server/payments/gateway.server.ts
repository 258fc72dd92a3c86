/**
 * What the app needs from a payment provider. Razorpay (official SDK) when its keys are set;
 * otherwise the built-in test provider, which signs and refunds the way Razorpay does so the
 * same verification and refund code runs.
 */
export type PaymentGateway = {
  /** Stored on `payments.provider`. */
  readonly name: "razorpay" | "test";
  /** The public key id the browser's checkout is opened with. */
  readonly keyId: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<{ orderId: string }>;
  refund(input: {
    /** The provider's payment id (`payments.razorpay_payment_id`). */
    providerPaymentId: string;
    amountPaise: number;
    notes: Record<string, string>;
  }): Promise<{ refundId: string; status: "pending" | "processed" | "failed" }>;
};
