import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import type { Logger } from "../logger.server";
import type { PaymentGateway } from "../payments/gateway.server";
import type { PackageDeps } from "./purchases.server";

/** The package services' deps from a route's load context. */
export function packageDeps(context: {
  db: Db;
  payments: PaymentGateway;
  config: Config;
  logger: Logger;
  events: BookingEvents;
  now: () => Date;
}): PackageDeps {
  const { db, payments, config, logger, events, now } = context;
  return { db, gateway: payments, config, logger, events, now };
}
