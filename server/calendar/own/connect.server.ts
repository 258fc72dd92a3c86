import { and, eq } from "drizzle-orm";
import {
  type CalendarConnectionView,
  checkChoice,
  type ConnectedCalendar,
  defaultChoice,
} from "../../../core/advisor-calendar";
import { GOOGLE_CALENDAR_PROVIDER_ID } from "../../auth/auth.server";
import { advisorCalendarConnections, authAccounts, calendarWatchChannels } from "../../db/schema";
import { connectionOf } from "./connection-rows.server";
import type { OwnCalendarDeps } from "./deps.server";
import { queueUpcomingSessions } from "./session-events.server";

/** The signed-in advisor, as the calendar services need them. */
export type AdvisorGrantee = { advisorId: string; authUserId: string };

/** What the availability page shows: the connection, or null when there is none. */
export async function connectionView(
  deps: Pick<OwnCalendarDeps, "db">,
  advisorId: string,
): Promise<CalendarConnectionView | null> {
  const connection = await connectionOf(deps.db, advisorId);
  if (!connection) return null;
  return {
    googleEmail: connection.googleEmail,
    calendars: connection.calendars,
    busyCalendarIds: connection.busyCalendarIds,
    eventCalendarId: connection.eventCalendarId,
    status: connection.status,
    busyCheckedAt: connection.busyCheckedAt?.toISOString() ?? null,
  };
}

/**
 * After Google sent the advisor back from linking: keeps the connection for the account
 * better-auth linked (a reconnect keeps the advisor's earlier choice where it still holds),
 * lists their calendars (2 s at most; the refresh lists them later if Google is slow), and
 * queues their upcoming sessions for their calendar. False when no account was linked.
 */
export async function completeConnect(
  deps: OwnCalendarDeps,
  advisor: AdvisorGrantee,
): Promise<boolean> {
  const { db } = deps;
  const [account] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(
      and(
        eq(authAccounts.userId, advisor.authUserId),
        eq(authAccounts.providerId, GOOGLE_CALENDAR_PROVIDER_ID),
      ),
    );
  if (!account) return false;
  const grant = { authAccountId: account.id, authUserId: advisor.authUserId };
  let calendars: ConnectedCalendar[] = [];
  try {
    calendars = await deps.access.calendar(grant).listCalendars();
  } catch (error) {
    deps.logger.warn({ err: error, advisorId: advisor.advisorId }, "calendars not listed");
  }
  const earlier = await connectionOf(db, advisor.advisorId);
  const choice =
    (earlier && calendars.length > 0 && checkChoice(calendars, earlier)) ||
    defaultChoice(calendars);
  const now = deps.now();
  const values = {
    authAccountId: account.id,
    googleEmail: calendars.find((c) => c.primary)?.id ?? earlier?.googleEmail ?? null,
    calendars,
    ...choice,
    status: "ok" as const,
    lastError: null,
    nextRefreshAt: now,
    leaseUntil: null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(advisorCalendarConnections)
      .values({ advisorId: advisor.advisorId, ...values })
      .onConflictDoUpdate({ target: advisorCalendarConnections.advisorId, set: values });
    await queueUpcomingSessions(tx, advisor.advisorId, now);
  });
  return true;
}

/** The advisor's choice of calendars; refused (false) when it names one they do not have. */
export async function saveChoice(
  deps: OwnCalendarDeps,
  advisorId: string,
  choice: { busyCalendarIds: string[]; eventCalendarId: string | null },
): Promise<"saved" | "not-connected" | "invalid"> {
  const connection = await connectionOf(deps.db, advisorId);
  if (!connection) return "not-connected";
  const checked = checkChoice(connection.calendars, choice);
  if (!checked) return "invalid";
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(advisorCalendarConnections)
      .set({ ...checked, nextRefreshAt: now })
      .where(eq(advisorCalendarConnections.advisorId, advisorId));
    if (checked.eventCalendarId && checked.eventCalendarId !== connection.eventCalendarId)
      await queueUpcomingSessions(tx, advisorId, now);
  });
  return "saved";
}

/**
 * Disconnects: the tokens and everything kept of the calendar are deleted here, which frees
 * the slots its busy times held. Google is told afterwards, by the returned work (the caller
 * does not wait for it): push channels stopped, then the grant revoked, in that order since
 * stopping a channel needs the token that revoking invalidates. Only fetching a valid token
 * (2 s at most) happens before; without one Google is not told (it may be down, or the grant
 * already revoked). Null when there was no connection.
 */
export async function disconnect(
  deps: OwnCalendarDeps,
  advisorId: string,
): Promise<{ tellGoogle: () => Promise<void> } | null> {
  const connection = await connectionOf(deps.db, advisorId);
  if (!connection) return null;
  const token = await deps.access.token(connection).catch((error: unknown) => {
    deps.logger.warn({ err: error, advisorId }, "no token to tell Google of the disconnect");
    return null;
  });
  const channels = await deps.db
    .select({ id: calendarWatchChannels.id, resourceId: calendarWatchChannels.resourceId })
    .from(calendarWatchChannels)
    .where(eq(calendarWatchChannels.advisorId, advisorId));
  // The account row holds the tokens; deleting it deletes the connection and all it kept.
  await deps.db.delete(authAccounts).where(eq(authAccounts.id, connection.authAccountId));
  const tellGoogle = async () => {
    if (!token) return;
    const google = deps.access.calendarWithToken(token);
    const stopped = await Promise.allSettled(channels.map((c) => google.stopChannel(c)));
    const revoked = await Promise.allSettled([deps.access.revoke(token)]);
    for (const result of [...stopped, ...revoked])
      if (result.status === "rejected")
        deps.logger.warn({ err: result.reason, advisorId }, "Google not told of the disconnect");
  };
  return { tellGoogle };
}
