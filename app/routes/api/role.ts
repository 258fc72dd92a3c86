import { data } from "react-router";
import { isRole, ROLES } from "../../../core/roles";
import { requireViewer, roleCookie } from "../../../server/auth/session.server";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/role";

/** Switches the viewing role; only to a role the person holds, decided here. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const role = (await readForm(request)).get("role");
  if (!isRole(role)) {
    return data({ ok: false, error: `Choose a role: ${ROLES.join(", ")}.` }, { status: 400 });
  }
  if (!viewer.roles.includes(role)) {
    context.logger.warn({ userId: viewer.userId, role }, "refused role switch");
    return data({ ok: false, error: "You do not have that role." }, { status: 403 });
  }
  const secure = context.config.appUrl.startsWith("https://");
  return data({ ok: true, role }, { headers: { "Set-Cookie": roleCookie(role, secure) } });
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false, error: CONNECTION_LOST });
}
