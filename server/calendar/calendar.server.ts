import type { Config } from "../config.server";
import type { CalendarClient } from "./calendar-client";
import { createGoogleCalendar } from "./google-calendar.server";

/**
 * Google Calendar when credentials are configured, else null: then the meeting room comes from
 * MEETING_BASE_URL and the .ics e-mails are the only invitations. Built once by the composition
 * root and handed to the booking services, so its access token is reused until it expires.
 */
export function createCalendar(config: Pick<Config, "googleCalendar">): CalendarClient | null {
  return config.googleCalendar ? createGoogleCalendar(config.googleCalendar) : null;
}
