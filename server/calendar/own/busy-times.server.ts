import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import {
  BUSY_HORIZON_MS,
  CHANNEL_LIFETIME_MS,
  CHANNEL_RENEW_BEFORE_MS,
  defaultChoice,
  staleBusyBefore,
  nextRefreshAt,
  normaliseBusy,
  overlapsBusy,
  sameBusy,
  withoutInterval,
} from "../../../core/advisor-calendar";
import type { BusyInterval } from "../../../core/slots";
import {
  advisorCalendarBusy,
  advisorCalendarConnections,
  calendarWatchChannels,
} from "../../db/schema";
import {
  claimConnection,
  type Connection,
  connectionOf,
  leaseFree,
} from "./connection-rows.server";
import type { OwnCalendarDeps } from "./deps.server";

const MINUTE = 60_000;
/** A revoked grant is not asked again until the advisor reconnects. */
const REVOKED_PAUSE_MS = 365 * 24 * 60 * MINUTE;

/**
 * Fetches the advisor's busy times from Google and keeps them (ADR 75). Written only when they
 * changed, so an unchanged calendar moves no cached slot answer. On failure the last known busy
 * times stay (until forgetStaleBusy, a day on) and the connection says what went wrong.
 */
export async function refreshBusy(deps: OwnCalendarDeps, advisorId: string): Promise<boolean> {
  const { db, access } = deps;
  const now = deps.now();
  const connection = await claimConnection(db, advisorId, now);
  if (!connection) return false;
  const google = access.calendar(connection);
  try {
    // Connected while Google did not answer: the calendars are listed now, with the first
    // choice. Only a choice made here is written back; one the advisor saved meanwhile stays.
    let listed: Partial<typeof advisorCalendarConnections.$inferInsert> = {};
    if (connection.calendars.length === 0) {
      const calendars = await google.listCalendars();
      const googleEmail = calendars.find((c) => c.primary)?.id ?? connection.googleEmail;
      listed = { calendars, ...defaultChoice(calendars), googleEmail };
    }
    const { busyCalendarIds } = { ...connection, ...listed };
    const range = { from: now, to: new Date(now.getTime() + BUSY_HORIZON_MS) };
    const busy =
      busyCalendarIds.length > 0
        ? normaliseBusy((await google.freeBusy(busyCalendarIds, range)).busy)
        : [];
    const watched = await keepChannels(deps, { ...connection, busyCalendarIds });
    // The busy times and the time they were checked change together: a slot answer never sees
    // new busy times counted as stale, or fresh ones missing.
    await db.transaction(async (tx) => {
      // The row lock makes a second writer (a lease that ran out) wait, not write twice.
      await tx
        .select({ id: advisorCalendarConnections.advisorId })
        .from(advisorCalendarConnections)
        .where(eq(advisorCalendarConnections.advisorId, advisorId))
        .for("update");
      await storeBusy(tx, advisorId, busy);
      await tx
        .update(advisorCalendarConnections)
        .set({
          ...listed,
          status: "ok",
          lastError: null,
          busyCheckedAt: now,
          // A notification that came in meanwhile moved the time: it keeps its refresh.
          nextRefreshAt: sql`case when ${advisorCalendarConnections.nextRefreshAt} = ${connection.nextRefreshAt} then ${nextRefreshAt(now, watched)} else ${advisorCalendarConnections.nextRefreshAt} end`,
          leaseUntil: null,
        })
        .where(eq(advisorCalendarConnections.advisorId, advisorId));
    });
    return true;
  } catch (error) {
    await recordFailure(deps, connection, error);
    return false;
  }
}

/** Marks the connection revoked or unreachable and schedules the next try. */
export async function recordFailure(
  deps: OwnCalendarDeps,
  connection: Connection,
  error: unknown,
  { releaseLease = true } = {},
) {
  const now = deps.now();
  const failure = await deps.access.failureOf(error);
  const message = error instanceof Error ? error.message : String(error);
  deps.logger.warn(
    { err: error, advisorId: connection.advisorId, failure },
    "advisor's Google Calendar did not answer",
  );
  await deps.db
    .update(advisorCalendarConnections)
    .set({
      status: failure,
      lastError: message.slice(0, 500),
      nextRefreshAt: new Date(now.getTime() + (failure === "revoked" ? REVOKED_PAUSE_MS : MINUTE)),
      ...(releaseLease ? { leaseUntil: null } : {}),
    })
    .where(eq(advisorCalendarConnections.advisorId, connection.advisorId));
}

/**
 * Rewrites the kept busy times when they changed: the rewrite is what tells cached slot
 * answers (the table's trigger). Unchanged, nothing is written.
 */
async function storeBusy(tx: Tx, advisorId: string, busy: BusyInterval[]) {
  const stored = await tx
    .select({ start: advisorCalendarBusy.startTime, end: advisorCalendarBusy.endTime })
    .from(advisorCalendarBusy)
    .where(eq(advisorCalendarBusy.advisorId, advisorId))
    .orderBy(asc(advisorCalendarBusy.startTime));
  if (sameBusy(stored, busy)) return;
  await tx.delete(advisorCalendarBusy).where(eq(advisorCalendarBusy.advisorId, advisorId));
  if (busy.length > 0)
    await tx
      .insert(advisorCalendarBusy)
      .values(busy.map((b) => ({ advisorId, startTime: b.start, endTime: b.end })));
}

/**
 * One live push channel per busy calendar, when the app has an address Google can post to:
 * new ones for calendars without, renewed a day before they expire, stopped for calendars no
 * longer chosen. True when every busy calendar is watched (then the timer can be slow).
 */
async function keepChannels(deps: OwnCalendarDeps, connection: Connection): Promise<boolean> {
  const { db, pushUrl } = deps;
  const now = deps.now();
  const channels = await db
    .select()
    .from(calendarWatchChannels)
    .where(eq(calendarWatchChannels.advisorId, connection.advisorId));
  const wanted = new Set(pushUrl ? connection.busyCalendarIds : []);
  const renewAfter = new Date(now.getTime() + CHANNEL_RENEW_BEFORE_MS);
  const google = deps.access.calendar(connection);
  const live = new Set<string>();
  for (const channel of channels) {
    if (wanted.has(channel.calendarId) && channel.expiresAt > renewAfter) {
      live.add(channel.calendarId);
      continue;
    }
    await stopChannel(deps, connection, channel);
  }
  for (const calendarId of wanted) {
    if (live.has(calendarId)) continue;
    const id = randomUUID();
    const token = randomBytes(24).toString("base64url");
    const watched = await google.watch(calendarId, {
      id,
      token,
      address: pushUrl!,
      expiresAt: new Date(now.getTime() + CHANNEL_LIFETIME_MS),
    });
    await db.insert(calendarWatchChannels).values({
      id,
      advisorId: connection.advisorId,
      calendarId,
      resourceId: watched.resourceId,
      token,
      expiresAt: watched.expiresAt,
    });
  }
  return wanted.size > 0;
}

/** Stops a channel at Google (best effort: it expires anyway) and forgets it. */
export async function stopChannel(
  deps: OwnCalendarDeps,
  connection: Connection,
  channel: { id: string; resourceId: string },
) {
  try {
    await deps.access.calendar(connection).stopChannel(channel);
  } catch (error) {
    deps.logger.warn({ err: error, channelId: channel.id }, "Google channel not stopped");
  }
  await deps.db.delete(calendarWatchChannels).where(eq(calendarWatchChannels.id, channel.id));
}

/**
 * Deletes busy times whose last successful fetch is a day old: Google has not answered for a
 * day, and the weekly schedule alone decides again. Deleting (rather than filtering by age on
 * every slot read) keeps the slot query plain and tells cached slot answers.
 */
export async function forgetStaleBusy(deps: Pick<OwnCalendarDeps, "db" | "now">) {
  const staleBefore = staleBusyBefore(deps.now());
  await deps.db
    .delete(advisorCalendarBusy)
    .where(
      inArray(
        advisorCalendarBusy.advisorId,
        deps.db
          .select({ id: advisorCalendarConnections.advisorId })
          .from(advisorCalendarConnections)
          .where(lte(advisorCalendarConnections.busyCheckedAt, staleBefore)),
      ),
    );
}

/** Connections due a refresh (their timer ran out, or a notification moved it), a few at a time. */
export async function refreshDueBusy(deps: OwnCalendarDeps, limit = 20): Promise<number> {
  await forgetStaleBusy(deps);
  const now = deps.now();
  const due = await deps.db
    .select({ advisorId: advisorCalendarConnections.advisorId })
    .from(advisorCalendarConnections)
    .where(
      and(
        lte(advisorCalendarConnections.nextRefreshAt, now),
        ne(advisorCalendarConnections.status, "revoked"),
        leaseFree(advisorCalendarConnections.leaseUntil, now),
      ),
    )
    .orderBy(asc(advisorCalendarConnections.nextRefreshAt))
    .limit(limit);
  let refreshed = 0;
  for (const { advisorId } of due) if (await refreshBusy(deps, advisorId)) refreshed += 1;
  return refreshed;
}

/**
 * Asks Google, at booking time, whether [start, end) is still free in the advisor's calendars.
 * False only when Google says it is busy (then its busy times are fetched again for everyone);
 * when Google cannot answer within 2 s the booking's own check of the last known busy times
 * decides.
 */
export async function confirmFree(
  deps: OwnCalendarDeps,
  advisorId: string,
  start: Date,
  end: Date,
  /** A session being rescheduled: its current time (its own event) does not count as busy. */
  own?: BusyInterval,
): Promise<boolean> {
  const connection = await connectionOf(deps.db, advisorId);
  if (!connection || connection.status === "revoked" || connection.busyCalendarIds.length === 0)
    return true;
  try {
    const { busy } = await deps.access
      .calendar(connection)
      .freeBusy(connection.busyCalendarIds, { from: start, to: end });
    if (!overlapsBusy(withoutInterval(busy, own), start, end)) return true;
    await requestRefresh(deps, advisorId);
    return false;
  } catch (error) {
    deps.logger.warn({ err: error, advisorId }, "Google Calendar not asked before booking");
    return true;
  }
}

/**
 * Makes the advisor due a refresh now (a notification, a busy time found at booking). Always
 * written, so a refresh already running sees the time moved and leaves it due.
 */
export async function requestRefresh(deps: OwnCalendarDeps, advisorId: string) {
  await deps.db
    .update(advisorCalendarConnections)
    .set({ nextRefreshAt: deps.now() })
    .where(eq(advisorCalendarConnections.advisorId, advisorId));
}
