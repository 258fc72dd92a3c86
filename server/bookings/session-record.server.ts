import type { CancelledByRole } from "../../core/sessions";
import type { SessionRecord } from "../repositories/booking-parties.server";
import type { Actor } from "./actor";

/** The actor's part in this session, or null when it is none of their business. */
export function partOf(record: SessionRecord, actor: Actor): CancelledByRole | null {
  if (record.booking.userId === actor.userId) return "seeker";
  if (actor.advisorId !== null && record.booking.advisorId === actor.advisorId) return "advisor";
  return actor.isAdmin ? "admin" : null;
}

/** Pending holds and lapsed ones are not sessions yet: nobody sees or changes them here. */
export function isVisibleSession(status: string): boolean {
  return status === "confirmed" || status === "completed" || status === "cancelled";
}
