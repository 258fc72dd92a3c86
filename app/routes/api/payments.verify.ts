import { paymentVerificationSchema } from "../../../core/booking";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { bookingDeps } from "../../../server/bookings/context.server";
import { verifyPayment } from "../../../server/bookings/payment-service.server";
import { json, viewerOr401 } from "../../lib/json-api.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/payments.verify";

/** POST /api/payments/verify — checkout's success fields; confirms the booking once. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  const parsed = paymentVerificationSchema.safeParse(await readJson(request));
  if (!parsed.success) return json({ error: M.verificationFailed }, 400);
  const result = await verifyPayment(bookingDeps(context), viewer.userId, parsed.data);
  if (!result.ok) return json({ error: result.message }, result.status);
  return json({ paymentId: result.paymentId, settlement: result.settlement });
}
