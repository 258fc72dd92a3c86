import type { Tx } from "../db/client.server";

/** Whose dealings a deletion ends: the person, and their advisor profile if they have one. */
export type DealingsOf = {
  userId: string;
  advisorId: string | null;
  /** The person themself, or the admin deleting on their request. */
  actorUserId: string;
  byAdmin: boolean;
  now: Date;
};

/** What one kind of dealing came to: how many ended, what was refunded, the work after. */
export type DealingsEnded = {
  count: number;
  refundedPaise: number;
  /** Run once the deletion's transaction has committed (calendar events). */
  afterCommit: () => Promise<unknown>;
};

/**
 * What the accounts feature needs of the bookings, packages and questions features, which it
 * may not import: the composition root wires it (server/compose.server.ts), like the bookings'
 * `BusyCalendars`. Each runs in the deletion's transaction, with the usual e-mails to both
 * parties; the deletion calls them in this order (ADR 91).
 */
export type OpenDealings = {
  /**
   * Cancels every upcoming confirmed session of the person (as seeker and as advisor) under the
   * usual refund rules; a package's session goes back to its package or is used by that rule.
   */
  cancelSessions(tx: Tx, input: DealingsOf & { reason: string }): Promise<DealingsEnded>;
  /**
   * Ends every active package the person bought (as if they cancelled it) or sold (as if they
   * withdrew it), refunding the sessions neither used nor still held pro rata. Runs after
   * `cancelSessions`, so no session is booked ahead any more and none is counted twice.
   */
  endPackages(tx: Tx, input: DealingsOf): Promise<DealingsEnded>;
  /** Refunds in full every open paid question the person asked or was asked. */
  refundQuestions(tx: Tx, input: DealingsOf): Promise<DealingsEnded>;
};
