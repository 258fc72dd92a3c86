import { isUuid } from "../../core/ids";
import { getViewer } from "../auth/session.server";
import type { Auth } from "../auth/auth.server";
import type { Db } from "../db/client.server";
import type { Rescheduling } from "../scheduling/slots.server";
import { actorOf } from "./actor";
import { loadSession } from "../repositories/booking-parties.server";
import { partOf } from "./session-record.server";

/**
 * The `exclude` parameter of the slot endpoints: a booking being rescheduled, whose own time
 * must not block itself and whose current start is not offered to it. Honoured only for a
 * party of that booking or an admin, so nobody learns about other people's bookings through it.
 */
export async function rescheduledBooking(
  request: Request,
  ctx: { db: Db; auth: Auth },
): Promise<Rescheduling | undefined> {
  const id = new URL(request.url).searchParams.get("exclude");
  if (!id || !isUuid(id)) return undefined;
  const viewer = await getViewer(request, ctx);
  if (!viewer) return undefined;
  const record = await loadSession(ctx.db, id);
  return record && partOf(record, actorOf(viewer))
    ? { bookingId: id, start: record.booking.datetime }
    : undefined;
}
