import { completeFinishedSessions, sendDueReminders } from "../bookings/session-jobs.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { processRefunds } from "../payments/refund-job.server";

const MINUTE = 60_000;

/** Completion (on start and every 30 minutes) and the reminders, which need a finer tick. */
export function sessionJobs(db: Db, config: Config, now: () => Date) {
  return [
    {
      name: "complete-sessions",
      everyMs: 30 * MINUTE,
      run: () => completeFinishedSessions(db, now()),
    },
    // Reminders are due at a moment; checking every 5 minutes keeps them close to it.
    {
      name: "session-reminders",
      everyMs: 5 * MINUTE,
      run: () => sendDueReminders(db, config, now()),
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
