import { auditLabel, writeAudit } from "../audit/audit.server";
import type { Tx } from "../db/client.server";
import type { EventActor, Subscriber } from "../events/booking-events.server";
import { loadSession } from "../repositories/booking-parties.server";

/**
 * The audit log records an admin's cancellation or reschedule of someone else's session, in
 * the transaction of the change itself. A party's own change (even by a party who is also an
 * admin) is not an admin action and writes nothing.
 */
export const sessionAudit: Subscriber = {
  name: "audit",
  on: {
    "booking.rescheduled": async (tx, { bookingId, actor, from }) => {
      await auditAdminChange(tx, bookingId, actor, "booking.reschedule", (booking) => ({
        before: { datetime: from.toISOString() },
        after: { datetime: booking.datetime.toISOString() },
      }));
    },
    "booking.cancelled": async (tx, { bookingId, actor, reason }) => {
      await auditAdminChange(tx, bookingId, actor, "booking.cancel", () => ({
        // Only a confirmed session can be cancelled, and it had no reason before.
        before: { status: "confirmed", cancellation_reason: null },
        after: { status: "cancelled", cancellation_reason: reason },
      }));
    },
  },
};

async function auditAdminChange(
  tx: Tx,
  bookingId: string,
  actor: EventActor,
  action: "booking.cancel" | "booking.reschedule",
  change: (booking: { datetime: Date }) => {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
) {
  if (actor.role !== "admin") return;
  const record = await loadSession(tx, bookingId);
  if (!record) return;
  const { seeker, advisor } = record;
  await writeAudit(tx, {
    actorUserId: actor.userId,
    action,
    targetType: "booking",
    targetId: bookingId,
    targetLabel: `${auditLabel(seeker)} with ${auditLabel(advisor)}`,
    ...change(record.booking),
  });
}
