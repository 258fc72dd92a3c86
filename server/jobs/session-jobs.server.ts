import { completeFinishedSessions, sendDueReminders } from "../bookings/session-jobs.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import type { Logger } from "../logger.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { processRefunds } from "../payments/refund-job.server";

const MINUTE = 60_000;

/** Completion (on start and every 30 minutes) and the reminders, which need a finer tick. */
export function sessionJobs(db: Db, config: Config) {
  return [
    {
      name: "complete-sessions",
      everyMs: 30 * MINUTE,
      run: () => completeFinishedSessions(db, new Date()),
    },
    // Reminders are due at a moment; checking every 5 minutes keeps them close to it.
    {
      name: "session-reminders",
      everyMs: 5 * MINUTE,
      run: () => sendDueReminders(db, config, new Date()),
    },
  ];
}

/** Sends queued refunds to the payment provider and retries failed ones. */
export function refundJob(db: Db, config: Config, logger: Logger, gateway: PaymentGateway) {
  return {
    name: "send-refunds",
    everyMs: MINUTE,
    run: (signal: AbortSignal) => processRefunds(db, { gateway, config, logger, signal }),
  };
}
