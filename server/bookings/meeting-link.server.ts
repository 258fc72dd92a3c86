import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { bookings } from "../db/schema";

/**
 * An unguessable meeting room under the configured base (Jitsi Meet by default, which needs
 * no account): 128 random bits, so nobody can find a session's room by trying names.
 */
export function meetingLink(baseUrl: string): string {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  return `${base}BeenThere-${randomBytes(16).toString("hex")}`;
}

/** The link a party joins by (core/session-links.ts `joinLinkOf`), for a select list. */
export const joinLinkSql = sql<
  string | null
>`coalesce(${bookings.googleMeetLink}, ${bookings.videoCallLink})`;
