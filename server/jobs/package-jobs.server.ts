import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import { expirePackages } from "../packages/purchases.server";

/** Packages past their validity end, their unused sessions refunded (ADR 97). */
export function packageExpiryJob(db: Db, config: Config, now: () => Date, events: BookingEvents) {
  return {
    name: "expire-packages",
    everyMs: 10 * 60_000,
    run: () => expirePackages({ db, config, events, now }),
  };
}
