import { runDataExports } from "./accounts/data-export.server";
import type { OpenDealings } from "./accounts/ports";
import { type AdvisorDirectory, createAdvisorDirectory } from "./advisors/advisor-directory.server";
import { type Auth, createAuth } from "./auth/auth.server";
import { cancelUpcomingSessionsOf, packageSessionsEnding } from "./bookings/cancel.server";
import { releaseAllExpiredHolds } from "./bookings/holds.server";
import { sessionAudit } from "./bookings/session-audit.server";
import { sessionEmails } from "./bookings/session-emails-subscriber.server";
import type { CalendarClient } from "./calendar/calendar-client";
import { createCalendar } from "./calendar/calendar.server";
import { createOwnCalendars, type OwnCalendars } from "./calendar/own/own-calendars.server";
import { ownCalendarEvents } from "./calendar/own/session-events.server";
import { sessionCalendar } from "./calendar/session-calendar.server";
import type { Config } from "./config.server";
import { channelNotices } from "./channel-notices/channel-notices.server";
import { deliverChannelMessages } from "./channels/channel-outbox.server";
import { type ChannelTransport, createChannelTransports } from "./channels/transports.server";
import type { PhoneChannel } from "../core/channels";
import { MessageFeed } from "./conversations/message-feed.server";
import { paidQuestionMessages, sessionNotices } from "./conversations/session-notices.server";
import type { ChangeFeed } from "./db/change-feed.server";
import type { Database } from "./db/client.server";
import type { startJobs } from "./jobs/scheduler.server";
import { messageJobs } from "./jobs/message-jobs.server";
import { noShowJob } from "./jobs/no-show-jobs.server";
import { packageExpiryJob, questionDeadlineJob } from "./jobs/sale-jobs.server";
import { payoutJobs, refundJob, sessionJobs } from "./jobs/session-jobs.server";
import { createReadiness, type Readiness } from "./lifecycle/readiness.server";
import { createMetrics, type Metrics } from "./metrics/metrics.server";
import {
  type BookingEvents,
  createBookingEvents,
  type Subscriber,
} from "./events/booking-events.server";
import type { Logger } from "./logger.server";
import { createTransport, deliverOutbox, type MailTransport } from "./mail/mailer.server";
import { createPaymentGateway } from "./payments/create-gateway.server";
import { type BankCipher, createBankCipher } from "./security/bank-cipher.server";
import { ledgerSubscriber } from "./payouts/ledger.server";
import { refundRequests } from "./refunds/refunds.server";
import { endPackagesOf, packagePurchasesSubscriber } from "./packages/purchases.server";
import { questionsSubscriber, refundQuestionsOf } from "./questions/questions.server";
import type { PaymentGateway } from "./payments/gateway.server";
import { createStorage, type FileStorage } from "./storage/storage.server";

/**
 * Everything the server is made of, built once at start-up and handed on: to routes through
 * the load context (server/http/app-context.ts), to jobs as arguments (ADR 68). No service
 * keeps a module-level instance or builds its own from the configuration.
 */
export type Services = {
  config: Config;
  logger: Logger;
  database: Database;
  /** The database's change notifications; null without them (a test's bare database). */
  feed: ChangeFeed | null;
  auth: Auth;
  /** Razorpay, or the built-in test provider when no keys are set. */
  payments: PaymentGateway;
  directory: AdvisorDirectory;
  storage: FileStorage;
  /** Google Calendar; null when not configured. */
  calendar: CalendarClient | null;
  /** Advisors' own Google Calendars; null without a Google OAuth client. */
  ownCalendars: OwnCalendars | null;
  mailer: MailTransport;
  /** WhatsApp (Meta's Cloud API) and SMS (MSG91), or the local outbox for each (ADR 95). */
  channelTransports: Record<PhoneChannel, ChannelTransport>;
  /** Encrypts and decrypts advisors' bank account numbers with the configured key. */
  bankCipher: BankCipher;
  /** What follows a booking's change: every feature that cares subscribes here. */
  events: BookingEvents;
  /** The bookings, packages and questions as an account deletion asks them (accounts/ports.ts). */
  openDealings: OpenDealings;
  /** New messages from the database's notifications, for this instance's event streams. */
  messageFeed: MessageFeed;
  now: () => Date;
  /** The instance's Prometheus metrics and its readiness for traffic (ADR 70). */
  metrics: Metrics;
  readiness: Readiness;
};

/** The composition root: the one place services are built from the configuration. */
export function composeServices({
  config,
  logger,
  database,
  feed = null,
  now = () => new Date(),
  processMetrics = false,
}: Pick<Services, "config" | "logger" | "database"> &
  Partial<Pick<Services, "feed" | "now">> & {
    /** Node's own process metrics too: only the real server (one per process). */
    processMetrics?: boolean;
  }) {
  const auth = createAuth(database.db, config, logger, now);
  const calendar = createCalendar(config);
  const events = bookingEvents({ config, logger, calendar });
  return {
    config,
    logger,
    database,
    feed,
    auth,
    payments: createPaymentGateway(config),
    directory: createAdvisorDirectory({ db: database.db, feed }),
    storage: createStorage(config),
    calendar,
    ownCalendars: createOwnCalendars({ db: database.db, auth, config, logger, now }),
    mailer: createTransport(config),
    channelTransports: createChannelTransports(config),
    bankCipher: createBankCipher(config.bankEncryptionKey),
    events,
    openDealings: openDealings(config, events),
    messageFeed: new MessageFeed(database),
    now,
    metrics: createMetrics({ database, processMetrics }),
    readiness: createReadiness({ database, changes: feed ?? undefined }),
  } satisfies Services;
}

/**
 * Who hears of a booking's change, in order (ADR 87): the shared calendar event first (it may
 * give the session a Meet link), then the advisor's own calendar, the e-mails (which carry
 * that link) and the WhatsApp/SMS for those who opted in, the money (a credit, a refund and
 * its debit), the audit log and the notice in the pair's conversation.
 */
export function bookingSubscribers(deps: {
  config: Config;
  logger: Logger;
  calendar: CalendarClient | null;
}): Subscriber[] {
  return [
    packageSessionsEnding,
    sessionCalendar(deps),
    ownCalendarEvents,
    sessionEmails(deps.config),
    channelNotices(deps.config),
    ledgerSubscriber(deps.config),
    packagePurchasesSubscriber(deps.config),
    questionsSubscriber(deps.config),
    refundRequests,
    sessionAudit,
    sessionNotices,
    paidQuestionMessages,
  ];
}

export function bookingEvents(deps: Parameters<typeof bookingSubscribers>[0]): BookingEvents {
  return createBookingEvents(bookingSubscribers(deps));
}

/**
 * Account deletion's way to the bookings feature (its cancel, for every session), the packages
 * feature (its end of a package) and the questions feature (its refund) (ADR 91).
 */
export function openDealings(config: Pick<Config, "appUrl">, events: BookingEvents): OpenDealings {
  return {
    cancelSessions: async (tx, input) => {
      const { cancelled, ...rest } = await cancelUpcomingSessionsOf(tx, events, input);
      return { count: cancelled, ...rest };
    },
    endPackages: (tx, input) => endPackagesOf(tx, events, config, input),
    refundQuestions: (tx, input) => refundQuestionsOf(tx, events, config, input),
  };
}

/** The periodic jobs, each handed the services it works with. */
export function serverJobs(services: Services): Parameters<typeof startJobs>[0] {
  const { database, config, logger, payments, mailer, now, ownCalendars, bankCipher } = services;
  const db = database.db;
  return [
    {
      name: "deliver-outbox",
      everyMs: 5_000,
      run: (signal: AbortSignal) =>
        deliverOutbox(db, { config, logger, transport: mailer, now, signal }),
    },
    {
      // Lapsed payment holds free their time (bookings also release them before writing).
      name: "release-expired-holds",
      everyMs: 60_000,
      run: () => releaseAllExpiredHolds(db, services.events, now()),
    },
    ...sessionJobs(db, config, now, services.events),
    noShowJob(db, config, now, services.events),
    packageExpiryJob(db, config, now, services.events),
    questionDeadlineJob(db, config, now, services.events),
    refundJob(db, { gateway: payments, config, logger, now }),
    ...payoutJobs(db, { gateway: payments, cipher: bankCipher, config, logger, now }),
    ...(ownCalendars?.jobs() ?? []),
    ...messageJobs(db, config, now),
    {
      // People's data exports: built off the request path, deleted when their days are up.
      name: "data-exports",
      everyMs: 5_000,
      run: (signal: AbortSignal) =>
        runDataExports(db, { storage: services.storage, config, logger, now, signal }),
    },
    {
      // WhatsApp and SMS, like the e-mail outbox: due messages leased, sent, retried (ADR 95).
      name: "deliver-channel-messages",
      everyMs: 5_000,
      run: (signal: AbortSignal) =>
        deliverChannelMessages(db, {
          transports: services.channelTransports,
          logger,
          now,
          signal,
        }),
    },
  ];
}
