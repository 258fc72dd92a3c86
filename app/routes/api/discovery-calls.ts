import { discoveryRequestSchema } from "../../../core/forms/booking";
import { firstErrorPerField } from "../../../core/form";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { createDiscoveryBooking } from "../../../server/bookings/booking-service.server";
import { bookingDeps } from "../../../server/bookings/context.server";
import { json, viewerOr401 } from "../../lib/json-api.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/discovery-calls";

/** POST /api/discovery-calls — books the free 15-minute call with the team advisor. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  const parsed = discoveryRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) {
    return json({ error: M.discoveryFailed, fields: firstErrorPerField(parsed.error) }, 400);
  }
  const result = await createDiscoveryBooking(bookingDeps(context), viewer.userId, parsed.data);
  if (!result.ok) return json({ error: result.message, field: result.field }, result.status);
  return json({ paymentId: result.paymentId, free: true }, 201);
}
