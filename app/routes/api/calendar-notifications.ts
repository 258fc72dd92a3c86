import type { Route } from "./+types/calendar-notifications";

/**
 * POST /api/calendar/google/notifications: Google's push notifications for advisors'
 * calendars (events.watch). No session and no body: trusted only through the channel's secret
 * token, which Google echoes in X-Goog-Channel-Token. Anything else gets 404 and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const known = (await context.ownCalendars?.notified(request.headers)) ?? false;
  return new Response(null, { status: known ? 200 : 404 });
}
