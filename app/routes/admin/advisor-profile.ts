import { data, redirect } from "react-router";
import { isUuid } from "../../../core/ids";
import { PROFILE_EDIT_MESSAGES as P } from "../../../core/messages/advisor";
import { saveProfileAsAdmin } from "../../../server/advisors/advisor-edit.server";
import { loadEditableProfile } from "../../../server/advisors/profile-edit.server";
import { requireAdmin } from "../../../server/auth/session.server";
import { flashCookie } from "../../lib/flash";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/advisor-profile";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/*
 * GET: an advisor's profile as the shared edit form starts from (for the View Profile dialog).
 * POST `{ values }` as JSON: an admin's save of that profile, audited; the status is kept.
 */
const MAX_BODY_BYTES = 64 * 1024;

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const profile = isUuid(params.id) ? await loadEditableProfile(context.db, params.id) : null;
  if (!profile) throw new Response("Not Found", { status: 404 });
  return profile;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  if (!isUuid(params.id)) throw new Response("Not Found", { status: 404 });
  const body = (await readJson(request, { maxBytes: MAX_BODY_BYTES })) as {
    values?: unknown;
  } | null;
  try {
    const result = await saveProfileAsAdmin(context.db, {
      actorUserId: viewer.userId,
      advisorId: params.id,
      values: body?.values,
      requestId: context.requestId,
    });
    if (!result.ok && result.status === 404) throw new Response("Not Found", { status: 404 });
    if (!result.ok) {
      return data(
        { ok: false as const, message: P.validationError, fieldErrors: result.fieldErrors },
        { status: 400 },
      );
    }
    if (!result.availabilitySaved) {
      context.logger.error(
        { err: result.availabilityError },
        "admin profile save: schedule failed",
      );
    }
    const flash = result.availabilitySaved
      ? { title: P.savedByAdmin }
      : { title: P.availabilityFailed, kind: "error" as const };
    throw redirect("/admin/advisors", { headers: { "Set-Cookie": flashCookie(flash) } });
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, "admin profile save failed");
    return data({ ok: false as const, message: P.saveFailed }, { status: 500 });
  }
}
