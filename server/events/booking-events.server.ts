import type { CancelledByRole } from "../../core/sessions";
import type { Tx } from "../db/client.server";

/**
 * The life of a booking as events (ADR 87). The booking services publish what happened inside
 * the transaction that made it happen; every subscriber runs in that same transaction, so its
 * writes (a ledger entry, a refund, an e-mail in the outbox, an audit line, a calendar event
 * queued) commit or roll back with the change. Work that must wait for the commit (a call to
 * Google) is returned by the subscriber and run by `afterCommit`.
 */
export type BookingEvent =
  /** A paid booking holds its time while the seeker pays. */
  | { type: "booking.held"; bookingId: string }
  /** Confirmed: free at once, or paid. Its room and calendar UID are stored already. */
  | { type: "booking.confirmed"; bookingId: string }
  /** A hold that ended without a session: released, failed, or paid too late. */
  | { type: "booking.released"; bookingId: string }
  | { type: "booking.rescheduled"; bookingId: string; from: Date; actor: EventActor }
  | {
      type: "booking.cancelled";
      bookingId: string;
      actor: EventActor;
      reason: string;
      /** Paise owed back under the refund rule (0: none). */
      refundPaise: number;
    }
  | { type: "booking.completed"; bookingId: string }
  /**
   * A package's session given back to the package after it was used (the advisor did not
   * come): what it was credited is taken back, and the session can be booked again.
   */
  | { type: "package.session.returned"; bookingId: string }
  /**
   * A bought package is ending (cancelled by its seeker, withdrawn by its advisor or an admin):
   * its sessions booked far enough ahead are cancelled first, under that side's rule.
   */
  | {
      type: "package.ending";
      purchaseId: string;
      by: "seeker" | "advisor" | "admin";
      actorUserId: string;
      reason: string;
    }
  /** A bought package's payment arrived: the packages feature makes it usable (or refunds it). */
  | { type: "package.paid"; purchaseId: string; paymentId: string }
  /** A paid question's payment arrived: the questions feature sends it (or refunds it). */
  | { type: "question.paid"; questionId: string; paymentId: string }
  /** A paid question is open: it is written into the pair's conversation, with its files. */
  | { type: "question.opened"; questionId: string }
  /** The advisor marked a paid question answered: their share is credited. */
  | { type: "question.answered"; questionId: string }
  /**
   * Money must go back to the seeker: the refunds feature records it. For a booking (all of
   * its payment), or for a package (the rest of its payment, with that rest's GST part).
   */
  | ({
      type: "refund.requested";
      paymentId: string;
      amount: number;
      reason: string;
    } & RefundSubject)
  /** A refund was recorded (once per subject) and will be sent by the refund job. */
  | ({ type: "refund.queued"; refundId: string; amount: number } & RefundSubject);

/** What a refund is for: a booking, a package's unused sessions, or a paid question. */
export type RefundSubject =
  | { bookingId: string; packagePurchaseId?: undefined; questionId?: undefined; gst?: undefined }
  | { packagePurchaseId: string; bookingId?: undefined; questionId?: undefined; gst: number }
  | { questionId: string; bookingId?: undefined; packagePurchaseId?: undefined; gst?: undefined };

/** Who made a change, in the part they play in the session. */
export type EventActor = { userId: string; role: CancelledByRole };

export type BookingEventType = BookingEvent["type"];
type EventOf<T extends BookingEventType> = Extract<BookingEvent, { type: T }>;

/** Runs once the transaction has committed; a warning is shown to the person who acted. */
export type AfterCommit = () => Promise<string | undefined>;

export type EventContext = {
  /** The time of the change, from the service's clock. */
  now: Date;
  /**
   * Publishes a consequence in the same transaction (a refund recorded: `refund.queued`); its
   * subscribers run once every subscriber has heard the current event.
   */
  publish: (event: BookingEvent) => Promise<void>;
};

export type Subscriber = {
  name: string;
  on: {
    [T in BookingEventType]?: (
      tx: Tx,
      event: EventOf<T>,
      context: EventContext,
    ) => Promise<AfterCommit | void>;
  };
};

type Handler = (tx: Tx, event: BookingEvent, context: EventContext) => Promise<AfterCommit | void>;

/** One transaction's publications: publish inside it, then `afterCommit` once it committed. */
export type EventScope = EventContext & {
  afterCommit(): Promise<{ warning?: string }>;
};

export type BookingEvents = {
  /** The scope of one transaction, at the time of its change. */
  within(tx: Tx, now: Date): EventScope;
};

/**
 * The bus the composition root builds with every subscriber, in order: one that reads what an
 * earlier one wrote (the e-mail reads the Meet link the calendar stored) comes after it.
 */
export function createBookingEvents(subscribers: readonly Subscriber[]): BookingEvents {
  return {
    within(tx, now) {
      const later: AfterCommit[] = [];
      // Breadth first: a consequence published by a subscriber waits until every subscriber
      // has heard its cause, so all of them hear the events in causal order.
      const queue: BookingEvent[] = [];
      let dispatching = false;
      const publish = async (event: BookingEvent) => {
        queue.push(event);
        if (dispatching) return;
        dispatching = true;
        try {
          for (let next = queue.shift(); next; next = queue.shift()) {
            for (const subscriber of subscribers) {
              const handle = subscriber.on[next.type] as Handler | undefined;
              const after = handle ? await handle(tx, next, { now, publish }) : undefined;
              if (after) later.push(after);
            }
          }
        } finally {
          dispatching = false;
          queue.length = 0;
        }
      };
      return {
        now,
        publish,
        async afterCommit() {
          let warning: string | undefined;
          for (const run of later.splice(0)) warning = (await run()) ?? warning;
          return warning ? { warning } : {};
        },
      };
    },
  };
}
