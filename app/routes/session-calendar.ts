import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { isUuid } from "../../core/ids";
import { requireViewer } from "../../server/auth/session.server";
import { actorOf } from "../../server/bookings/actor";
import { sessionCalendarFile } from "../../server/bookings/session-invitation.server";
import type { Route } from "./+types/session-calendar";

/** A personal download: never kept for anyone else. */
export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * GET /sessions/{bookingId}/calendar.ics — "Download .ics": the session's invitation as it
 * stands (the e-mailed one's UID and current SEQUENCE), for its seeker, its advisor or an
 * admin. Anyone else, and a malformed id, gets 404: whose sessions exist is not revealed.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const file = isUuid(params.id)
    ? await sessionCalendarFile(context.db, {
        actor: actorOf(viewer),
        bookingId: params.id,
        config: context.config,
        now: context.now(),
      })
    : null;
  if (!file) throw new Response("Not found", { status: 404 });
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    },
  });
}
