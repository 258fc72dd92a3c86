import type { Tx } from "../db/client.server";

/**
 * What the accounts feature needs of the bookings feature, which it may not import: the
 * composition root wires it (server/compose.server.ts), like the bookings' `BusyCalendars`.
 */
export type UpcomingSessions = {
  /**
   * Cancels every upcoming confirmed session of the person (as seeker and as advisor) in the
   * deletion's transaction, under the usual refund rules, with both parties e-mailed; the
   * returned `afterCommit` is run once the transaction has committed (calendar events).
   */
  cancelAllFor(
    tx: Tx,
    input: {
      userId: string;
      advisorId: string | null;
      actorUserId: string;
      byAdmin: boolean;
      reason: string;
      now: Date;
    },
  ): Promise<{ cancelled: number; refundedPaise: number; afterCommit: () => Promise<unknown> }>;
};
