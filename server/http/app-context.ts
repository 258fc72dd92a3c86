import type { OpenDealings } from "../accounts/ports";
import type { AdvisorDirectory } from "../advisors/advisor-directory.server";
import type { Auth } from "../auth/auth.server";
import type { OwnCalendars } from "../calendar/own/own-calendars.server";
import type { Config, PublicConfig } from "../config.server";
import type { MessageFeed } from "../conversations/message-feed.server";
import type { Db } from "../db/client.server";
import type { BookingEvents } from "../events/booking-events.server";
import type { Logger } from "../logger.server";
import type { BankCipher } from "../security/bank-cipher.server";
import type { PaymentGateway } from "../payments/gateway.server";
import type { FileStorage } from "../storage/storage.server";

/**
 * What every loader and action receives (React Router's load context): the services the
 * composition root built once (server/compose.server.ts, ADR 68), and this request's own facts.
 */
export type AppContext = {
  db: Db;
  auth: Auth;
  config: Config;
  publicConfig: PublicConfig;
  /** This request's logger (it carries the request id). */
  logger: Logger;
  requestId: string;
  /** The caller's address (behind a proxy, from X-Forwarded-For), for rate limits. */
  clientIp: string;
  /** The TCP peer is this machine (from the socket, not a header): for local-only pages. */
  peerIsLoopback: boolean;
  /** This response's Content-Security-Policy nonce, for the inline scripts we render (none in dev). */
  cspNonce: string | undefined;
  /** Razorpay, or the built-in test provider when no keys are set. */
  payments: PaymentGateway;
  /** The public advisor directory: held in memory while the change feed listens. */
  directory: AdvisorDirectory;
  /** Where uploads go: an S3-compatible bucket or the local disk. */
  storage: FileStorage;
  /** Advisors' bank account numbers, encrypted at rest. */
  bankCipher: BankCipher;
  /** What follows a booking's change (calendar events, e-mails, money, audit). */
  events: BookingEvents;
  /** Advisors' own Google Calendars; null without a Google OAuth client. */
  ownCalendars: OwnCalendars | null;
  /** The bookings, packages and questions features as an account deletion asks them (ADR 91). */
  openDealings: OpenDealings;
  /** New messages, heard from the database, for event streams (issue 39). */
  messageFeed: MessageFeed;
  /** The clock every rule that depends on the time reads. */
  now: () => Date;
};
