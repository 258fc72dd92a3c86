/**
 * What the app needs from a payment provider. Razorpay (official SDK) when its keys are set;
 * otherwise the built-in test provider, which signs and refunds the way Razorpay does so the
 * same verification and refund code runs.
 */
export type PaymentGateway = PayoutGateway & {
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

/**
 * Razorpay Route: each advisor is a linked account, and each session's share is a transfer
 * from the seeker's payment to it, held until the session is done (ADR 74).
 */
export type PayoutGateway = {
  /** Creates the advisor's linked account, or updates its bank details when `account` is set. */
  upsertLinkedAccount(input: {
    /** What exists at the provider: both ids, only the account's (a step failed), or none. */
    account: { accountId: string; productId: string | null } | null;
    /** Ours, sent as the provider's `reference_id`. */
    advisorId: string;
    name: string;
    email: string;
    phone: string | null;
    bank: { accountNumber: string; ifsc: string; holderName: string };
  }): Promise<
    LinkedAccountRef & {
      status: "activated" | "under_review" | "needs_clarification";
      /** The provider's words when it needs something fixed. */
      reason?: string;
    }
  >;
  /** Moves `amountPaise` of a captured payment to a linked account, on hold. */
  createTransfer(input: {
    providerPaymentId: string;
    accountId: string;
    amountPaise: number;
    notes: Record<string, string>;
  }): Promise<{ transferId: string }>;
  /** Lifts the hold: the provider settles the transfer to the advisor's bank. */
  releaseTransfer(transferId: string): Promise<void>;
  /** Takes a transfer back from the linked account (its session was refunded). */
  reverseTransfer(transferId: string, amountPaise: number): Promise<{ reversalId: string }>;
};

/**
 * A linked account and its Route product configuration (where the bank details live). When a
 * later step fails, the provider's error carries the ids made so far as `account`.
 */
export type LinkedAccountRef = { accountId: string; productId: string };
