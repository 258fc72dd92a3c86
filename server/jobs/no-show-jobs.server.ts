import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import { settleUndisputed } from "../no-shows/no-shows.server";

/** No-show reports left undisputed for 48 hours are upheld (each claimed once, ADR 96). */
export function noShowJob(db: Db, config: Config, now: () => Date, events: BookingEvents) {
  return {
    name: "settle-no-shows",
    everyMs: 5 * 60_000,
    run: () => settleUndisputed(db, { config, events, now: now() }),
  };
}
