import type { Config } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import type { Logger } from "../logger.server";
import type { PaymentGateway } from "../payments/gateway.server";

/**
 * The advisors' own calendars as the booking services ask them (the calendar feature provides
 * it): is this time still free there? `ownTime` is the session's own current time, not busy.
 */
export type BusyCalendars = {
  confirmFree(
    advisorId: string,
    start: Date,
    end: Date,
    ownTime?: { start: Date; end: Date },
  ): Promise<boolean>;
};

/** What the booking and payment services need; routes build it from the load context. */
export type BookingDeps = {
  db: Db;
  gateway: PaymentGateway;
  config: Config;
  logger: Logger;
  /** What follows a booking's change (calendar, e-mails, ledger, refunds, audit). */
  events: BookingEvents;
  /** Advisors' own Google Calendars, asked again before a time is held (null: not set up). */
  ownCalendars?: BusyCalendars | null;
  /** The clock: the composition root's, or a test's. */
  now: () => Date;
};

/** A service answer the route can send as is: a status and the product's message. */
export type Refusal = { ok: false; status: 400 | 404 | 409 | 502; message: string; field?: string };

export type TxDeps = Omit<BookingDeps, "db"> & { tx: Tx };

/** The PostgreSQL constraint a failed statement broke, through Drizzle's wrapper. */
export function violatedConstraint(error: unknown): { code?: string; constraint?: string } {
  let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  while (e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === "string" ? e.constraint : undefined,
      };
    }
    e = e.cause as typeof e;
  }
  return {};
}

/** The services' deps from a route's load context. */
export function bookingDeps(context: {
  db: Db;
  payments: PaymentGateway;
  config: Config;
  logger: Logger;
  events: BookingEvents;
  ownCalendars: BusyCalendars | null;
  now: () => Date;
}): BookingDeps {
  return {
    db: context.db,
    gateway: context.payments,
    config: context.config,
    logger: context.logger,
    events: context.events,
    ownCalendars: context.ownCalendars,
    now: context.now,
  };
}
