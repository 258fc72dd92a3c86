import { and, asc, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  bookableSpan,
  type BusyInterval,
  bookingWindow,
  formatSlotLabel,
  isIsoDate,
  noSlotsReason,
  type AdvisorDates,
  type AdvisorSlots,
  offeredSlots,
  selectableDates,
  type SessionDuration,
  type WeeklySchedule,
} from "../../core/slots";
import { hasAnyWindow } from "../../core/availability";
import type { Db, Tx } from "../db/client.server";
import { advisors, advisorSchedules, scheduleSlots } from "../db/schema";
import { busyIntervals } from "./busy.server";
import { toWeeklySchedule } from "./schedule.server";

/**
 * What seekers see of an advisor's availability, computed by the pure engine (core/slots.ts)
 * from the database. Only approved advisors are public: anyone else is "not found".
 */

export type SlotsQuery = {
  viewerTimeZone: string;
  duration: SessionDuration;
  now: Date;
  /**
   * A session being rescheduled: its own time does not block its new time, but its current
   * start is not offered (the session is already there).
   */
  rescheduling?: Rescheduling;
};
export type Rescheduling = { bookingId: string; start: Date };

const DAY_MS = 86_400_000;

/** Bookable slots on one viewer-local date, or null if the advisor is not public. */
export async function slotsFor(
  db: Db,
  advisorId: string,
  query: SlotsQuery & { date: string },
): Promise<AdvisorSlots | null> {
  const schedule = await loadPublicSchedule(db, advisorId);
  if (!schedule) return null;
  // Busy times that can touch the date: its UTC day ±2 covers every zone pair. A date that
  // is not one offers nothing anyway.
  const dayStart = Date.parse(`${query.date}T00:00:00Z`);
  const near = { from: new Date(dayStart - 2 * DAY_MS), to: new Date(dayStart + 3 * DAY_MS) };
  const engineQuery = {
    schedule,
    busy: isIsoDate(query.date) ? await busyInWindow(db, advisorId, schedule, near, query) : [],
    durationMinutes: query.duration,
    viewerTimeZone: query.viewerTimeZone,
    now: query.now,
    date: query.date,
  };
  const slots = offeredSlots(engineQuery)
    .filter((start) => !isCurrentStart(start, query.rescheduling))
    .map((start) => ({
      start: start.toISOString(),
      label: formatSlotLabel(start, query.viewerTimeZone),
      advisorLabel: formatSlotLabel(start, schedule.timeZone),
    }));
  return {
    slots,
    reason: slots.length > 0 ? null : noSlotsReason(engineQuery),
    advisorTimeZone: schedule.timeZone,
    hasAvailability: hasAnyWindow(schedule),
  };
}

/** Selectable dates of the booking window, or null if the advisor is not public. */
export async function datesFor(
  db: Db,
  advisorId: string,
  query: SlotsQuery,
): Promise<AdvisorDates | null> {
  const schedule = await loadPublicSchedule(db, advisorId);
  if (!schedule) return null;
  const engineQuery = {
    schedule,
    busy: await busyInWindow(db, advisorId, schedule, null, query),
    durationMinutes: query.duration,
    viewerTimeZone: query.viewerTimeZone,
    now: query.now,
  };
  let dates = selectableDates(engineQuery);
  const own = query.rescheduling?.start;
  if (own) {
    // The session's own date stays only if it offers another time than the current one.
    const date = DateTime.fromJSDate(own, { zone: query.viewerTimeZone }).toISODate();
    const others = offeredSlots({ ...engineQuery, date: date ?? "" }).filter(
      (start) => !isCurrentStart(start, query.rescheduling),
    );
    if (others.length === 0) dates = dates.filter((d) => d !== date);
  }
  return {
    dates,
    ...bookingWindow(query.viewerTimeZone, query.now, schedule.timeZone),
    advisorTimeZone: schedule.timeZone,
    hasAvailability: hasAnyWindow(schedule),
  };
}

const isCurrentStart = (start: Date, rescheduling: Rescheduling | undefined) =>
  rescheduling !== undefined && start.getTime() === rescheduling.start.getTime();

/**
 * True when the slot engine offers `start` for `duration` right now: an approved advisor's
 * window, inside the booking window (ADR 64), on the slot grid, and free (a session being
 * rescheduled does not block itself). The booking service asks this inside its transaction,
 * so it accepts a `tx`; the reschedule check asks the same.
 */
export async function isStartOffered(
  db: Db | Tx,
  advisorId: string,
  start: Date,
  duration: SessionDuration,
  now: Date,
  excludeBookingId?: string,
): Promise<boolean> {
  const schedule = await loadPublicSchedule(db, advisorId);
  if (!schedule) return false;
  // Asked in the advisor's own zone: the window is the advisor's, any zone offers the same.
  const zone = schedule.timeZone;
  const date = DateTime.fromJSDate(start, { zone }).toISODate();
  if (!date) return false;
  const range = { from: start, to: new Date(start.getTime() + duration * 60_000) };
  const busy = hasAnyWindow(schedule)
    ? await busyIntervals(db, advisorId, range, now, excludeBookingId)
    : [];
  return offeredSlots({
    schedule,
    busy,
    durationMinutes: duration,
    viewerTimeZone: zone,
    now,
    date,
  }).some((offered) => offered.getTime() === start.getTime());
}

/**
 * The advisor's busy times that can matter now: inside the booking window (plus one session,
 * which may end after it) and, when given, `near` a date. None without any availability.
 */
async function busyInWindow(
  db: Db | Tx,
  advisorId: string,
  schedule: WeeklySchedule,
  near: { from: Date; to: Date } | null,
  query: SlotsQuery,
): Promise<BusyInterval[]> {
  const span = bookableSpan(schedule.timeZone, query.now);
  const from = Math.max(span.from.getTime(), near?.from.getTime() ?? -Infinity);
  const to = Math.min(
    span.until.getTime() + query.duration * 60_000,
    near?.to.getTime() ?? Infinity,
  );
  if (from >= to || !hasAnyWindow(schedule)) return [];
  const range = { from: new Date(from), to: new Date(to) };
  return busyIntervals(db, advisorId, range, query.now, query.rescheduling?.bookingId);
}

/** An approved advisor's weekly schedule (empty if none), or null if they are not public. */
async function loadPublicSchedule(db: Db | Tx, advisorId: string): Promise<WeeklySchedule | null> {
  const rows = await db
    .select({
      sessionTimeZone: advisors.sessionTimezone,
      scheduleTimeZone: advisorSchedules.timezone,
      day: scheduleSlots.dayOfWeek,
      start: scheduleSlots.startTime,
      end: scheduleSlots.endTime,
    })
    .from(advisors)
    .leftJoin(
      advisorSchedules,
      and(eq(advisorSchedules.advisorId, advisors.id), eq(advisorSchedules.isActive, true)),
    )
    .leftJoin(
      scheduleSlots,
      and(eq(scheduleSlots.scheduleId, advisorSchedules.id), eq(scheduleSlots.isAvailable, true)),
    )
    .where(and(eq(advisors.id, advisorId), eq(advisors.profileStatus, "approved")))
    .orderBy(asc(scheduleSlots.dayOfWeek), asc(scheduleSlots.startTime));
  const first = rows[0];
  if (!first) return null;
  return toWeeklySchedule(first.scheduleTimeZone ?? first.sessionTimeZone, rows);
}
