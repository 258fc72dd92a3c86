import { isUuid } from "../../../core/ids";
import { rescheduledBooking } from "../../../server/bookings/reschedule-slots.server";
import { jsonError, parseSlotParams } from "../../../server/scheduling/slot-query";
import { slotsFor } from "../../../server/scheduling/slots.server";
import type { Route } from "./+types/advisor-slots";
import { type CacheHandle, CALENDAR, SHARED, SLOT_PARAMS } from "../../../core/cache-contract";

export const handle: CacheHandle = { cache: { ...SHARED, ...CALENDAR, ...SLOT_PARAMS } };

/**
 * GET /api/advisors/{id}/slots?date=YYYY-MM-DD&tz=Area/City&duration=15|30 — the bookable
 * start times of one date in the viewer's zone. `&exclude={bookingId}` (a party of that booking
 * rescheduling it) lets the booking's own time count as free, its current start excepted.
 * A visitor's answer is reused only until a booking or schedule changes (its `handle`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return jsonError(404, "Advisor not found");
  const parsed = parseSlotParams(new URL(request.url).searchParams, { requireDate: true });
  if (!parsed.ok) return jsonError(400, parsed.message);
  const rescheduling = await rescheduledBooking(request, context);
  const result = await slotsFor(context.db, params.id, {
    ...parsed.value,
    now: context.now(),
    rescheduling,
  });
  if (!result) return jsonError(404, "Advisor not found");
  return Response.json(result);
}
