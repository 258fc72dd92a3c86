import { bookingRequestSchema } from "../../../core/forms/booking";
import { firstErrorPerField } from "../../../core/form";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { createBooking } from "../../../server/bookings/booking-service.server";
import { bookingDeps } from "../../../server/bookings/context.server";
import { json, viewerOr401 } from "../../lib/json-api.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/bookings";

/**
 * POST /api/bookings — books with an advisor ("create order"): answers the payment order
 * `{ keyId, amount, orderId, paymentId, free }`. Any amount the browser sends is ignored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  const parsed = bookingRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) {
    return json({ error: M.invalidRequest, fields: firstErrorPerField(parsed.error) }, 400);
  }
  const result = await createBooking(bookingDeps(context), viewer.userId, parsed.data);
  if (!result.ok) return json({ error: result.message, field: result.field }, result.status);
  const { keyId, amount, orderId, paymentId, free } = result;
  return json({ keyId, amount, orderId, paymentId, free }, 201);
}
