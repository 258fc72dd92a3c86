import { SESSION_MESSAGES } from "../../core/messages/sessions";
import { hoursRemaining, modificationDenial } from "../../core/sessions";
import type { Actor } from "./actor";
import { type SessionRecord } from "../repositories/booking-parties.server";
import { isVisibleSession, partOf } from "./session-record.server";

export type ModifyFailure = {
  ok: false;
  code:
    | "not-found"
    | "not-confirmed"
    | "past"
    | "cutoff"
    | "slot-unavailable"
    | "unchanged"
    | "invalid";
  message: string;
  /** For the Cannot Reschedule / Cannot Cancel dialogs. */
  hoursRemaining?: number;
};

/** The checks a reschedule and a cancel share: party or admin, confirmed, future, cutoff. */
export function checkModifiable(
  record: SessionRecord | null,
  actor: Actor,
  action: "reschedule" | "cancel",
  now: Date,
  supportEmail: string,
): ModifyFailure | null {
  if (!record || !isVisibleSession(record.booking.status) || !partOf(record, actor))
    return { ok: false, code: "not-found", message: SESSION_MESSAGES.notFound };
  const start = record.booking.datetime;
  const denial = modificationDenial({
    status: record.booking.status,
    start,
    now,
    isAdmin: actor.isAdmin,
  });
  if (denial === "not-confirmed")
    return { ok: false, code: denial, message: SESSION_MESSAGES.notConfirmed };
  if (denial === "past") return { ok: false, code: denial, message: SESSION_MESSAGES.past };
  if (denial === "cutoff")
    return {
      ok: false,
      code: denial,
      message: SESSION_MESSAGES.cutoff(action, supportEmail),
      hoursRemaining: hoursRemaining(start, now),
    };
  return null;
}
