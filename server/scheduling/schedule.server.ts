import { and, asc, eq, ne } from "drizzle-orm";
import { defaultWeeklySchedule, parseAvailability } from "../../core/availability";
import type { IsoWeekday, WeeklySchedule } from "../../core/slots";
import { guessTimeZone } from "../../core/time-zones";
import type { Db, Tx } from "../db/client.server";
import { advisors, advisorSchedules, scheduleSlots } from "../db/schema";

/**
 * An advisor's weekly availability: one active `advisor_schedules` row with its
 * `schedule_slots` (ISO weekdays, local "HH:mm" in the schedule's zone) is the only store.
 */

/** Spec part 2, section 8: one message per step of a save, so a failure says where it broke. */
export const SAVE_FAILURES = {
  check: "Failed to check existing schedule",
  update: "Failed to update schedule",
  create: "Failed to create schedule",
  deleteSlots: "Failed to delete existing slots",
  insertSlots: "Failed to save availability slots",
  timeZone: "Failed to change timezone. Please try again.",
} as const;

/** Mon-Fri 09:00-17:00 in the new advisor's zone: browser's, else country's, else Kolkata. */
export function defaultScheduleFor(hints: {
  browserZone?: string | null;
  country?: string | null;
}): WeeklySchedule {
  return defaultWeeklySchedule(guessTimeZone(hints));
}

/** The active schedule's available windows, or null when the advisor has none. */
export async function getSchedule(db: Db | Tx, advisorId: string): Promise<WeeklySchedule | null> {
  const rows = await db
    .select({
      timeZone: advisorSchedules.timezone,
      day: scheduleSlots.dayOfWeek,
      start: scheduleSlots.startTime,
      end: scheduleSlots.endTime,
    })
    .from(advisorSchedules)
    .leftJoin(
      scheduleSlots,
      and(eq(scheduleSlots.scheduleId, advisorSchedules.id), eq(scheduleSlots.isAvailable, true)),
    )
    .where(and(eq(advisorSchedules.advisorId, advisorId), eq(advisorSchedules.isActive, true)))
    .orderBy(asc(scheduleSlots.dayOfWeek), asc(scheduleSlots.startTime));
  const first = rows[0];
  return first ? toWeeklySchedule(first.timeZone, rows) : null;
}

export type EditableSchedule = {
  schedule: WeeklySchedule;
  /** False while the advisor has never saved one: `schedule` is then the default. */
  saved: boolean;
  /** The advisor's own zone (their session zone). */
  ownTimeZone: string;
  /** Whether seekers can see the profile (and so its slots). */
  isPublic: boolean;
};

/** What the availability editor starts from: the saved schedule, or the default one. */
export async function loadEditableSchedule(db: Db, advisorId: string): Promise<EditableSchedule> {
  const [advisor] = await db
    .select({ timeZone: advisors.sessionTimezone, status: advisors.profileStatus })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  if (!advisor) throw new Error(`Advisor ${advisorId} not found`);
  const saved = await getSchedule(db, advisorId);
  return {
    // The session zone was guessed (browser, country, Kolkata) when the profile was made.
    schedule: saved ?? defaultWeeklySchedule(advisor.timeZone),
    saved: saved !== null,
    ownTimeZone: advisor.timeZone,
    isPublic: advisor.status === "approved",
  };
}

/** Slot rows (already sorted by day, then start) → the engine's weekly value. */
export function toWeeklySchedule(
  timeZone: string,
  rows: ReadonlyArray<{ day: number | null; start: string | null; end: string | null }>,
): WeeklySchedule {
  const windows: WeeklySchedule["windows"] = {};
  for (const { day, start, end } of rows) {
    if (day === null || start === null || end === null) continue; // schedule with no slots
    (windows[day as IsoWeekday] ??= []).push({ start, end });
  }
  return { timeZone, windows };
}

/** A failure the person can read; `cause` holds the database error for the log only. */
export class ScheduleSaveError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "ScheduleSaveError";
  }
}

export type SaveScheduleResult =
  | { ok: true; schedule: WeeklySchedule }
  | { ok: false; status: 400; message: string }
  | { ok: false; status: 500; message: string; cause: unknown };

/**
 * Validates `input` (JSON text or object) and replaces the advisor's active schedule with it
 * in one transaction: a bad value changes nothing, and a failure at any step rolls back
 * every step before it. The advisor's session zone follows the schedule's zone. Given a
 * transaction, it runs as a savepoint inside it, and the caller's rollback undoes it too.
 */
export async function saveSchedule(
  db: Db | Tx,
  advisorId: string,
  input: unknown,
): Promise<SaveScheduleResult> {
  const checked = parseAvailability(input);
  if (!checked.ok) return { ok: false, status: 400, message: checked.message };
  const { schedule } = checked;
  try {
    await db.transaction(async (tx) => {
      // PGlite has one connection: inside the transaction every query goes through `tx`.
      const scheduleId = await upsertActiveSchedule(tx, advisorId, schedule.timeZone);
      await step(SAVE_FAILURES.deleteSlots, () =>
        tx.delete(scheduleSlots).where(eq(scheduleSlots.scheduleId, scheduleId)),
      );
      const rows = Object.entries(schedule.windows).flatMap(([day, windows]) =>
        (windows ?? []).map((w) => ({
          scheduleId,
          dayOfWeek: Number(day),
          startTime: w.start,
          endTime: w.end,
        })),
      );
      await step(SAVE_FAILURES.insertSlots, () => tx.insert(scheduleSlots).values(rows));
      await step(SAVE_FAILURES.timeZone, () =>
        tx
          .update(advisors)
          .set({ sessionTimezone: schedule.timeZone })
          // Only when it changed, so a plain save does not touch the profile's updated_at.
          .where(and(eq(advisors.id, advisorId), ne(advisors.sessionTimezone, schedule.timeZone))),
      );
    });
  } catch (error) {
    if (error instanceof ScheduleSaveError) {
      return { ok: false, status: 500, message: error.message, cause: error.cause };
    }
    throw error;
  }
  return { ok: true, schedule };
}

/** Locks and updates the active schedule, or creates it; returns its id. */
async function upsertActiveSchedule(tx: Tx, advisorId: string, timeZone: string) {
  // FOR UPDATE serialises two saves of the same advisor, so neither sees half of the other.
  const [existing] = await step(SAVE_FAILURES.check, () =>
    tx
      .select({ id: advisorSchedules.id })
      .from(advisorSchedules)
      .where(and(eq(advisorSchedules.advisorId, advisorId), eq(advisorSchedules.isActive, true)))
      .for("update"),
  );
  if (existing) {
    await step(SAVE_FAILURES.update, () =>
      tx
        .update(advisorSchedules)
        .set({ timezone: timeZone, updatedAt: new Date() })
        .where(eq(advisorSchedules.id, existing.id)),
    );
    return existing.id;
  }
  const [created] = await step(SAVE_FAILURES.create, () =>
    tx
      .insert(advisorSchedules)
      .values({ advisorId, timezone: timeZone })
      .returning({ id: advisorSchedules.id }),
  );
  return created!.id;
}

/** Runs one write step, turning its error into the step's own message. */
async function step<T>(message: string, run: () => PromiseLike<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new ScheduleSaveError(message, { cause: error });
  }
}
