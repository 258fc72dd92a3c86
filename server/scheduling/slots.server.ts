import { and, asc, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  BOOKING_WINDOW_DAYS,
  type BusyInterval,
  bookingWindow,
  formatSlotLabel,
  isIsoDate,
  MIN_LEAD_HOURS,
  noSlotsReason,
  type NoSlotsReason,
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
  /** A booking being rescheduled, whose own time stays offered to it. */
  excludeBookingId?: string;
};
export type OfferedSlot = { start: string; label: string; advisorLabel: string };

export type AdvisorSlots = {
  slots: OfferedSlot[];
  reason: NoSlotsReason | null;
  advisorTimeZone: string;
  /** False when the advisor has not set any weekly availability yet. */
  hasAvailability: boolean;
};

export type AdvisorDates = {
  /** Viewer-local "YYYY-MM-DD" dates with at least one offered slot. */
  dates: string[];
  /** The booking window in the viewer's zone: today … today + 30. */
  first: string;
  last: string;
  advisorTimeZone: string;
  hasAvailability: boolean;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Bookable slots on one viewer-local date, or null if the advisor is not public. */
export async function slotsFor(
  db: Db,
  advisorId: string,
  query: SlotsQuery & { date: string },
): Promise<AdvisorSlots | null> {
  const bookable = bookingWindow(query.viewerTimeZone, query.now);
  const inWindow =
    isIsoDate(query.date) && query.date >= bookable.first && query.date <= bookable.last;
  // Busy times that can touch the date: its UTC day ±2 covers every zone pair, and nothing
  // before now + 12 h can be offered anyway. Outside the window nothing is offered at all.
  const dayStart = Date.parse(`${query.date}T00:00:00Z`);
  const range = inWindow
    ? {
        from: new Date(
          Math.max(dayStart - 2 * DAY_MS, query.now.getTime() + MIN_LEAD_HOURS * HOUR_MS),
        ),
        to: new Date(dayStart + 3 * DAY_MS),
      }
    : null;
  const loaded = await loadPublic(db, advisorId, range, query);
  if (!loaded) return null;
  const { schedule, busy } = loaded;
  const engineQuery = {
    schedule,
    busy,
    durationMinutes: query.duration,
    viewerTimeZone: query.viewerTimeZone,
    now: query.now,
    date: query.date,
  };
  const slots = offeredSlots(engineQuery).map((start) => ({
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
  const nowMs = query.now.getTime();
  // The window's last viewer day ends at most 32 days from now in any zone.
  const range = { from: query.now, to: new Date(nowMs + (BOOKING_WINDOW_DAYS + 2) * DAY_MS) };
  const loaded = await loadPublic(db, advisorId, range, query);
  if (!loaded) return null;
  const { schedule, busy } = loaded;
  const dates = selectableDates({
    schedule,
    busy,
    durationMinutes: query.duration,
    viewerTimeZone: query.viewerTimeZone,
    now: query.now,
  });
  return {
    dates,
    ...bookingWindow(query.viewerTimeZone, query.now),
    advisorTimeZone: schedule.timeZone,
    hasAvailability: hasAnyWindow(schedule),
  };
}

/**
 * True when the slot engine offers `start` for `duration` right now: an approved advisor's
 * window, at least 12 hours ahead, inside the 30 days, on the slot grid, and free. The
 * booking service asks this inside its transaction, so it accepts a `tx`.
 */
export async function isStartOffered(
  db: Db | Tx,
  advisorId: string,
  start: Date,
  duration: SessionDuration,
  now: Date,
): Promise<boolean> {
  const range = { from: start, to: new Date(start.getTime() + duration * 60_000) };
  const loaded = await loadPublic(db, advisorId, range, { now });
  if (!loaded) return false;
  // Asked in the advisor's own zone: any zone offers the same instants.
  const zone = loaded.schedule.timeZone;
  const date = DateTime.fromJSDate(start, { zone }).toISODate();
  if (!date) return false;
  return offeredSlots({
    schedule: loaded.schedule,
    busy: loaded.busy,
    durationMinutes: duration,
    viewerTimeZone: zone,
    now,
    date,
  }).some((offered) => offered.getTime() === start.getTime());
}

/** An approved advisor's schedule (empty if none) and busy times in `range` (if given). */
async function loadPublic(
  db: Db | Tx,
  advisorId: string,
  range: { from: Date; to: Date } | null,
  query: Pick<SlotsQuery, "now" | "excludeBookingId">,
): Promise<{ schedule: WeeklySchedule; busy: BusyInterval[] } | null> {
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
  const schedule = toWeeklySchedule(first.scheduleTimeZone ?? first.sessionTimeZone, rows);
  if (!range || !hasAnyWindow(schedule)) return { schedule, busy: [] };
  return {
    schedule,
    busy: await busyIntervals(db, advisorId, range, query.now, query.excludeBookingId),
  };
}
