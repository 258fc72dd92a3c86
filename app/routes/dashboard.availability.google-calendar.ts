import { data, redirect } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { ADVISOR_CALENDAR_MESSAGES as M } from "../../core/messages/advisor-calendar";
import { GOOGLE_CALENDAR_PROVIDER_ID } from "../../server/auth/auth.server";
import { requireAdvisor } from "../../server/auth/session.server";
import { type Flash, flashCookie } from "../lib/flash";
import { readForm } from "../lib/request-body";
import type { Route } from "./+types/dashboard.availability.google-calendar";

/*
 * The advisor's Google Calendar connection (ADR 75): connect (better-auth links the account
 * with calendar scopes and sends the advisor to Google), the way back from Google (GET), the
 * choice of calendars, and disconnect. Every answer is the advisor's own.
 */
const PAGE = "/dashboard/availability";
const RETURN = `${PAGE}/google-calendar`;
/** More calendars than anyone has, and longer ids than Google makes: not a real form. */
const MAX_CALENDARS = 100;
const MAX_ID_LENGTH = 1024;

export const handle: CacheHandle = { cache: NOT_KEPT };

/** Google sent the advisor back here: keep the connection, then show the page with a toast. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdvisor(request, context);
  const own = context.ownCalendars;
  if (!own) throw new Response("Not Found", { status: 404 });
  const connected =
    new URL(request.url).searchParams.get("result") === "connected" &&
    (await own.completeConnect({ advisorId: viewer.advisorId, authUserId: viewer.authUserId }));
  const flash: Flash = connected
    ? { title: M.connected, kind: "success" }
    : { title: M.connectFailed, kind: "error" };
  throw redirect(PAGE, { headers: { "Set-Cookie": flashCookie(flash) } });
}

const INTENTS = new Set(["connect", "save", "disconnect"]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdvisor(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (!INTENTS.has(intent))
    return data({ ok: false as const, message: M.unknownAction }, { status: 400 });
  const own = context.ownCalendars;
  if (!own) throw new Response("Not Found", { status: 404 });

  if (intent === "connect") {
    const response = await context.auth.api.linkSocialAccount({
      body: {
        provider: GOOGLE_CALENDAR_PROVIDER_ID,
        callbackURL: `${RETURN}?result=connected`,
        errorCallbackURL: `${RETURN}?result=error`,
      },
      headers: request.headers,
      asResponse: true,
    });
    if (!response.ok) {
      context.logger.error({ status: response.status }, "Google Calendar link not started");
      throw redirect(PAGE, {
        headers: { "Set-Cookie": flashCookie({ title: M.connectFailed, kind: "error" }) },
      });
    }
    const { url } = (await response.json()) as { url: string };
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    throw redirect(url, { headers });
  }

  if (intent === "save") {
    const busy = form.getAll("busy").map(String);
    const event = String(form.get("event") ?? "");
    if (busy.length > MAX_CALENDARS || [...busy, event].some((id) => id.length > MAX_ID_LENGTH))
      return data({ ok: false as const, message: M.invalidChoice }, { status: 400 });
    const saved = await own.saveChoice(viewer.advisorId, {
      busyCalendarIds: busy,
      eventCalendarId: event === "" ? null : event,
    });
    if (saved === "saved") return { ok: true as const, message: M.saved };
    const message = saved === "invalid" ? M.invalidChoice : M.notConnected;
    return data({ ok: false as const, message }, { status: saved === "invalid" ? 400 : 409 });
  }

  if (intent === "disconnect") {
    if (!(await own.disconnect(viewer.advisorId)))
      return data({ ok: false as const, message: M.notConnected }, { status: 409 });
    return { ok: true as const, message: M.disconnected };
  }
  throw new Error(`unhandled intent ${intent}`);
}
