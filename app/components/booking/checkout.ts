import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";

/** The browser side of paying: the booking calls and Razorpay's checkout script. */

export type PaymentOrder = {
  keyId: string;
  amount: number;
  orderId: string | null;
  paymentId: string;
  free: boolean;
};
export type PaymentSuccess = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

export async function postJson<T>(url: string, body: unknown, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError("We could not reach the server. Please check your connection.", 0);
  }
  const data = (await response.json().catch(() => ({}))) as T & { error?: string; field?: string };
  if (!response.ok) throw new ApiError(data.error ?? M.bookingFailed, response.status, data.field);
  return data;
}

/** Sent with `keepalive`, so it still arrives when the seeker is leaving the page. */
export const releaseHold = (paymentId: string, reason: "dismissed" | "failed") =>
  postJson("/api/payments/release", { paymentId, reason }, { keepalive: true }).catch(
    () => undefined,
  );

export const verifyPayment = (fields: PaymentSuccess) =>
  postJson<{ paymentId: string; settlement: "confirmed" | "already-settled" | "refunded" }>(
    "/api/payments/verify",
    fields,
  );

type RazorpayInstance = {
  open(): void;
  on(event: "payment.failed", handler: (r: { error?: { description?: string } }) => void): void;
};
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const CHECKOUT_URL = "https://checkout.razorpay.com/v1/checkout.js";
let loading: Promise<RazorpayConstructor> | null = null;

/** Loads checkout.js on first use; rejects (and can be retried) when it cannot load. */
function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error(M.gatewayLoadFailed));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(M.gatewayLoadFailed));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export type CheckoutHandlers = {
  onSuccess: (fields: PaymentSuccess) => void;
  onDismiss: () => void;
  onFailure: (description: string | undefined) => void;
};

/** Opens Razorpay's checkout for an order: INR, the order id, the seeker prefilled. */
export async function openRazorpayCheckout(
  order: PaymentOrder & { orderId: string },
  seeker: { name: string; email: string },
  description: string,
  handlers: CheckoutHandlers,
) {
  const Razorpay = await loadRazorpay();
  const checkout = new Razorpay({
    key: order.keyId,
    amount: order.amount,
    currency: "INR",
    order_id: order.orderId,
    name: "BeenThere",
    description,
    prefill: { name: seeker.name, email: seeker.email },
    theme: { color: "#1e5f59" },
    handler: handlers.onSuccess,
    modal: { ondismiss: handlers.onDismiss },
  });
  checkout.on("payment.failed", (response) => handlers.onFailure(response.error?.description));
  checkout.open();
}
