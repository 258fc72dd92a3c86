import { bookingDeps } from "../../../server/bookings/context.server";
import { handleRazorpayWebhook } from "../../../server/webhooks/webhooks.server";
import { json } from "../../lib/json-api.server";
import { readJsonText } from "../../lib/request-body";
import type { Route } from "./+types/webhooks.razorpay";

/**
 * POST /api/webhooks/razorpay — no session (Razorpay calls it); trusted only through the
 * signature over the raw body, which is why nothing before this route may parse the body.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await handleRazorpayWebhook(
    bookingDeps(context),
    await readJsonText(request),
    request.headers,
  );
  return json(answer.body, answer.status);
}
