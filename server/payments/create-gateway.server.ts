import type { Config } from "../config.server";
import type { PaymentGateway } from "./gateway.server";
import { createRazorpayGateway } from "./razorpay-gateway.server";
import { createTestGateway } from "./test-gateway.server";

/** Razorpay when its keys are set, else the built-in test provider: chosen once at start-up. */
export function createPaymentGateway(config: Config): PaymentGateway {
  return config.razorpay ? createRazorpayGateway(config.razorpay) : createTestGateway();
}

/**
 * The secret payment signatures are checked with: Razorpay's key secret, or the test
 * checkout's local secret. Webhooks use Razorpay's webhook secret (or the same local one).
 */
export function paymentSecrets(config: Config): { keySecret: string; webhookSecret?: string } {
  if (config.razorpay) {
    return { keySecret: config.razorpay.keySecret, webhookSecret: config.razorpay.webhookSecret };
  }
  const secret = config.testPaymentSecret!;
  return { keySecret: secret, webhookSecret: secret };
}
