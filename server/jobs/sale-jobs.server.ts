import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import { expirePackages } from "../packages/purchases.server";
import { refundOverdueQuestions } from "../questions/questions.server";

/** Packages past their validity end, their unused sessions refunded (ADR 97). */
export function packageExpiryJob(db: Db, config: Config, now: () => Date, events: BookingEvents) {
  return {
    name: "expire-packages",
    everyMs: 10 * 60_000,
    run: () => expirePackages({ db, config, events, now }),
  };
}

/** Paid questions left unanswered past their deadline are refunded in full (ADR 98). */
export function questionDeadlineJob(
  db: Db,
  config: Config,
  now: () => Date,
  events: BookingEvents,
) {
  return {
    name: "refund-overdue-questions",
    everyMs: 5 * 60_000,
    run: () => refundOverdueQuestions({ db, config, events, now }),
  };
}
