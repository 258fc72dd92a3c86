import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import type { Logger } from "../logger.server";
import type { PaymentGateway } from "./gateway.server";

/** What a service that sells something outside a booking (a package, a question) needs. */
export type SaleDeps = {
  db: Db;
  gateway: PaymentGateway;
  config: Config;
  logger: Logger;
  events: BookingEvents;
  now: () => Date;
};

/** Those deps from a route's load context. */
export function saleDeps(context: {
  db: Db;
  payments: PaymentGateway;
  config: Config;
  logger: Logger;
  events: BookingEvents;
  now: () => Date;
}): SaleDeps {
  const { db, payments, config, logger, events, now } = context;
  return { db, gateway: payments, config, logger, events, now };
}
