import { isUuid } from "../../../core/ids";
import { rescheduledBooking } from "../../../server/bookings/reschedule-slots.server";
import { jsonError, parseSlotParams } from "../../../server/scheduling/slot-query";
import { datesFor } from "../../../server/scheduling/slots.server";
import type { Route } from "./+types/advisor-dates";
import { type CacheHandle, CALENDAR, SHARED, SLOT_PARAMS } from "../../../core/cache-contract";

export const handle: CacheHandle = { cache: { ...SHARED, ...CALENDAR, ...SLOT_PARAMS } };

/**
 * GET /api/advisors/{id}/dates?tz=Area/City&duration=15|30 — the dates (in the viewer's zone)
 * of the booking window, up to the advisor's 30th day after today (ADR 64), that have at least
 * one bookable slot, for the calendar.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return jsonError(404, "Advisor not found");
  const parsed = parseSlotParams(new URL(request.url).searchParams, { requireDate: false });
  if (!parsed.ok) return jsonError(400, parsed.message);
  const rescheduling = await rescheduledBooking(request, context);
  const result = await datesFor(context.db, params.id, {
    ...parsed.value,
    now: context.now(),
    rescheduling,
  });
  if (!result) return jsonError(404, "Advisor not found");
  return Response.json(result);
}
