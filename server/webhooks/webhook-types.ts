import type { TxDeps } from "../bookings/context.server";

/** The parts of a Razorpay webhook body we read. */
export type RazorpayEvent = {
  event: string;
  /** The linked account an event of Route is about. */
  account_id?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; status?: string } };
    order?: { entity?: { id?: string; amount_paid?: number } };
    refund?: { entity?: { id?: string; payment_id?: string; status?: string } };
    transfer?: {
      entity?: {
        id?: string;
        recipient_settlement_id?: string | null;
        error?: { description?: string | null; reason?: string | null };
      };
    };
    settlement?: { entity?: { id?: string } };
    merchant_product?: {
      entity?: { requirements?: { field_reference?: string; reason_code?: string }[] };
    };
  };
};

export type WebhookHandler = (deps: TxDeps, event: RazorpayEvent) => Promise<void>;
