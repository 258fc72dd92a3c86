import { isUuid } from "../../core/ids";
import { isSessionTab, type SessionTab } from "../../core/sessions";
import type { Viewer } from "../auth/session.server";
import type { Db } from "../db/client.server";
import type { Logger } from "../logger.server";
import { adminStats, advisorStats, seekerStats } from "./dashboard.server";
import { findSession, listSessions, scopeFor } from "./session-list.server";

/**
 * Everything /dashboard shows for the viewer's current role. The sessions list fails on its
 * own (the page says "Error: Failed to fetch sessions" and keeps the rest).
 */
export async function loadDashboard(
  db: Db,
  viewer: Viewer,
  params: URLSearchParams,
  now: Date,
  logger: Logger,
) {
  const role = viewer.role;
  const scope = scopeFor(role, viewer);
  const tab: SessionTab = isSessionTab(params.get("tab"))
    ? (params.get("tab") as SessionTab)
    : "upcoming";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const focusId = params.get("booking");

  let sessions: Awaited<ReturnType<typeof listSessions>> | null = null;
  let focus = null;
  try {
    sessions = await listSessions(db, scope, { tab, page });
    if (focusId && isUuid(focusId)) focus = await findSession(db, scope, focusId);
  } catch (error) {
    logger.error({ err: error }, "sessions list failed");
  }
  const stats =
    role === "admin"
      ? { role, admin: await adminStats(db, now.getTime()) }
      : role === "advisor"
        ? { role, advisor: await advisorStats(db, viewer.advisorId) }
        : { role, seeker: await seekerStats(db, viewer.userId, now) };
  return { stats, sessions, focus, tab };
}
