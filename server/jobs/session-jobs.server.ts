import {
  completeFinishedSessions,
  sendDueReminders,
  sendStartingNotices,
} from "../bookings/session-jobs.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import type { BankCipher } from "../security/bank-cipher.server";
import type { Logger } from "../logger.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { processRefunds } from "../refunds/refund-job.server";
import { processPayouts } from "../payouts/payout-job.server";
import { reconcile } from "../payouts/reconcile.server";

const MINUTE = 60_000;

/** Completion (on start and every 30 minutes) and the reminders, which need a finer tick. */
export function sessionJobs(db: Db, config: Config, now: () => Date, events: BookingEvents) {
  return [
    {
      name: "complete-sessions",
      everyMs: 30 * MINUTE,
      run: () => completeFinishedSessions(db, now(), events),
    },
    // Reminders are due at a moment; checking every minute keeps "starts now" on time (each
    // check reads only the due window of an index).
    {
      name: "session-reminders",
      everyMs: MINUTE,
      run: async () =>
        (await sendDueReminders(db, config, now())) +
        (await sendStartingNotices(db, config, now())),
    },
  ];
}

/** Sends queued refunds to the payment provider and retries failed ones. */
export function refundJob(db: Db, deps: Omit<Parameters<typeof processRefunds>[1], "signal">) {
  return {
    name: "send-refunds",
    everyMs: MINUTE,
    run: (signal: AbortSignal) => processRefunds(db, { ...deps, signal }),
  };
}

/** Advisors' payouts every minute; the ledger's reconciliation every hour (ADR 74). */
export function payoutJobs(
  db: Db,
  deps: {
    gateway: PaymentGateway;
    cipher: BankCipher;
    config: Config;
    logger: Logger;
    now: () => Date;
  },
) {
  const { gateway, cipher, config, logger, now } = deps;
  return [
    {
      name: "send-payouts",
      everyMs: MINUTE,
      run: (signal: AbortSignal) =>
        processPayouts(db, {
          gateway,
          cipher,
          holdDays: config.payouts.holdDays,
          logger,
          now,
          signal,
        }),
    },
    { name: "reconcile-ledger", everyMs: 60 * MINUTE, run: () => reconcile(db, { config, now }) },
  ];
}
