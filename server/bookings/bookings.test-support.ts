import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import type { WeeklySchedule } from "../../core/slots";
import type { CalendarClient } from "../calendar/calendar-client";
import { bookingEvents } from "../compose.server";
import { buildConfig, type Config } from "../config.server";
import type { Db } from "../db/client.server";
import { createTestGateway } from "../payments/test-gateway.server";
import { saveSchedule } from "../scheduling/schedule.server";
import { createAdvisor } from "../db/factories.test-support";
import type { BookingDeps } from "./context.server";

/** Test set-up for the booking and payment tests (not used by the app). */

/** 2026-03-02 is a Monday; every slot below is 12 h+ ahead of it. */
export const NOW = new Date("2026-03-02T00:00:00Z");
export const MINUTE = 60_000;

/** Every day 09:00-12:00 in Kolkata = 03:30-06:30 UTC. */
export const EVERY_MORNING: WeeklySchedule = {
  timeZone: "Asia/Kolkata",
  windows: Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((day) => [day, [{ start: "09:00", end: "12:00" }]]),
  ),
};

/** The app's own subscribers, as the composition root wires them, for a test's config. */
export function testEvents(config: Config, calendar: CalendarClient | null = null) {
  return bookingEvents({ config, logger: pino({ level: "silent" }), calendar });
}

/**
 * Deps with a clock the test moves (`deps.clock.now = …`) and the app's subscribers; a test of
 * the shared calendar passes its `calendar`.
 */
export function testDeps(
  db: Db,
  overrides: Partial<BookingDeps> & { calendar?: CalendarClient | null } = {},
) {
  const clock = { now: NOW };
  const { calendar = null, ...rest } = overrides;
  const config =
    rest.config ??
    buildConfig({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "bt-booking-")),
      MEETING_BASE_URL: "https://meet.example/",
    });
  const logger = rest.logger ?? pino({ level: "silent" });
  const deps: BookingDeps & { clock: typeof clock } = {
    db,
    gateway: createTestGateway(),
    config,
    logger,
    events: bookingEvents({ config, logger, calendar }),
    now: () => clock.now,
    clock,
    ...rest,
  };
  return deps;
}

export async function bookableAdvisor(db: Db, overrides: { hourlyRateInr?: number } = {}) {
  const advisorId = await createAdvisor(db, { hourlyRateInr: 2000, ...overrides });
  const saved = await saveSchedule(db, advisorId, EVERY_MORNING);
  if (!saved.ok) throw new Error(saved.message);
  return advisorId;
}

export function request(advisorId: string, datetime: string, change: object = {}) {
  return {
    advisorId,
    topics: ["Career change"],
    additionalInfo: "Moving from QA to product",
    sessionType: "First Call" as const,
    duration: 30 as const,
    datetime,
    seekerTimezone: "Europe/London",
    ...change,
  };
}
