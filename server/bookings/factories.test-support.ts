import { randomBytes } from "node:crypto";
import type { WeeklySchedule } from "../../core/slots";
import type { Db } from "../db/client.server";
import { saveSchedule } from "../scheduling/schedule.server";
import { createAdvisor } from "../db/factories.test-support";
import type { PaymentGateway } from "../payments/gateway.server";
import { createTestGateway } from "../payments/test-gateway.server";

/** Test set-up for the session services: an advisor bookable all day in UTC, a refund double. */

/** Every day 09:00-17:00 in UTC, so tests can reason in UTC. */
export const ALL_DAY_UTC: WeeklySchedule = {
  timeZone: "UTC",
  windows: Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((day) => [day, [{ start: "09:00", end: "17:00" }]]),
  ),
};

export async function createBookableAdvisor(db: Db, hourlyRateInr = 2000): Promise<string> {
  const advisorId = await createAdvisor(db, { hourlyRateInr, sessionTimezone: "UTC" });
  const saved = await saveSchedule(db, advisorId, ALL_DAY_UTC);
  if (!saved.ok) throw new Error(saved.message);
  return advisorId;
}

/** A payment provider double: records refunds, and fails while `failing` is set. */
export function fakeGateway(options: { status?: "pending" | "processed" } = {}) {
  const calls: { providerPaymentId: string; amountPaise: number }[] = [];
  let n = 0;
  const gateway: PaymentGateway & { failing: boolean; calls: typeof calls } = {
    ...createTestGateway(),
    name: "test",
    keyId: "rzp_test_double",
    failing: false,
    calls,
    async createOrder() {
      return { orderId: `order_${++n}` };
    },
    async refund(input) {
      if (gateway.failing) throw new Error("provider unavailable");
      calls.push({ providerPaymentId: input.providerPaymentId, amountPaise: input.amountPaise });
      return {
        refundId: `rfnd_${randomBytes(6).toString("hex")}`,
        status: options.status ?? "processed",
      };
    },
  };
  return gateway;
}
