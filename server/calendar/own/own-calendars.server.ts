import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Auth } from "../../auth/auth.server";
import type { Config } from "../../config.server";
import type { Db } from "../../db/client.server";
import { calendarWatchChannels } from "../../db/schema";
import type { Logger } from "../../logger.server";
import type { BusyInterval } from "../../../core/slots";
import { confirmFree, refreshBusy, refreshDueBusy, requestRefresh } from "./busy-times.server";
import {
  type AdvisorGrantee,
  completeConnect,
  connectionView,
  disconnect,
  saveChoice,
} from "./connect.server";
import type { OwnCalendarDeps } from "./deps.server";
import { createGoogleAccess } from "./google-access.server";
import { syncSessionEvents } from "./session-events.server";

/**
 * Advisors' own Google Calendars (ADR 75), built once by the composition root: null when the
 * site has no Google OAuth client. Requests only read what the jobs keep, except connecting,
 * disconnecting and the booking's re-check, each bounded to 2 s.
 */
export function createOwnCalendars(deps: {
  db: Db;
  auth: Auth;
  config: Pick<Config, "google" | "appUrl">;
  logger: Logger;
  now: () => Date;
}) {
  const { google } = deps.config;
  if (!google) return null;
  const own: OwnCalendarDeps = {
    db: deps.db,
    access: createGoogleAccess(deps.auth, google),
    pushUrl: google.pushUrl,
    logger: deps.logger,
    now: deps.now,
    appUrl: deps.config.appUrl,
  };
  /** Work that need not hold up the answer: logged if it fails, retried by the jobs anyway. */
  const running = new Set<Promise<unknown>>();
  const soon = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error: unknown) => own.logger.error({ err: error }, "advisor calendar work failed"))
      .finally(() => running.delete(tracked));
    running.add(tracked);
  };

  return {
    view: (advisorId: string) => connectionView(own, advisorId),
    async completeConnect(advisor: AdvisorGrantee) {
      const connected = await completeConnect(own, advisor);
      if (connected) soon(refreshBusy(own, advisor.advisorId));
      return connected;
    },
    async saveChoice(advisorId: string, choice: Parameters<typeof saveChoice>[2]) {
      const saved = await saveChoice(own, advisorId, choice);
      if (saved === "saved") soon(refreshBusy(own, advisorId));
      return saved;
    },
    /** False when there was nothing to disconnect. Google is told without holding the answer. */
    async disconnect(advisorId: string): Promise<boolean> {
      const done = await disconnect(own, advisorId);
      if (done) soon(done.tellGoogle());
      return done !== null;
    },
    /** The booking's last word: false when Google says the time became busy. */
    confirmFree: (advisorId: string, start: Date, end: Date, ownTime?: BusyInterval) =>
      confirmFree(own, advisorId, start, end, ownTime),

    /**
     * A Google push notification: true when it is one of our channels with its token (then
     * the advisor's busy times are fetched again now); anything else is ignored.
     */
    async notified(headers: Headers): Promise<boolean> {
      const channelId = headers.get("x-goog-channel-id");
      const token = headers.get("x-goog-channel-token") ?? "";
      if (!channelId || channelId.length > 200) return false;
      const [channel] = await own.db
        .select()
        .from(calendarWatchChannels)
        .where(eq(calendarWatchChannels.id, channelId));
      if (!channel || !sameSecret(channel.token, token)) return false;
      // "sync" only says the channel works; "exists" says something changed.
      if (headers.get("x-goog-resource-state") !== "sync") {
        await requestRefresh(own, channel.advisorId);
        soon(refreshBusy(own, channel.advisorId));
      }
      return true;
    },

    /** Resolves once the work started without waiting for it (`soon`) is done. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    /** The periodic work: busy times due a refresh, and sessions' events to write. */
    jobs() {
      return [
        { name: "refresh-calendar-busy", everyMs: 30_000, run: () => refreshDueBusy(own) },
        { name: "sync-calendar-events", everyMs: 15_000, run: () => syncSessionEvents(own) },
      ];
    },
  };
}
export type OwnCalendars = NonNullable<ReturnType<typeof createOwnCalendars>>;

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
