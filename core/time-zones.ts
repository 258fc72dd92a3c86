import { IANAZone } from "luxon";

/** Zone used when a user has not picked one yet (most users are in India). */
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

/** Zones offered in the profile picker, in display order. */
export const SELECTABLE_TIME_ZONES = [
  "Asia/Kolkata",
  "America/New_York",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Asia/Singapore",
  "Asia/Dubai",
  "Australia/Sydney",
  "America/Toronto",
  "America/Sao_Paulo",
] as const;

export const INVALID_TIME_ZONE_MESSAGE =
  "Invalid timezone — please re-select your timezone in your profile settings.";

// IANA names are "Area/Location[/Sub]" with each part starting upper-case
// (e.g. "America/Argentina/Buenos_Aires", "Etc/GMT+5").
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)+$/;
const validity = new Map<string, boolean>();

/**
 * True for IANA zone names only. Intl alone also accepts offsets ("+05:30"),
 * legacy abbreviations ("IST", "EST") and any casing, which are ambiguous or
 * would create duplicates, so we require the canonical Area/Location shape.
 * "UTC" is allowed as well because it is our fallback zone.
 */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== "string") return false;
  if (zone === "UTC") return true;
  if (!IANA_NAME.test(zone)) return false;
  // Intl validation builds a DateTimeFormat (~0.5ms) and the answer never changes, so
  // cache it (bounded, since names can come from user input).
  const cached = validity.get(zone);
  if (cached !== undefined) return cached;
  const valid = IANAZone.isValidZone(zone);
  if (validity.size < 1000) validity.set(zone, valid);
  return valid;
}

/** The zone itself if valid, otherwise "UTC" — for display, never throws. */
export function safeTimeZone(zone: string): string {
  return isValidTimeZone(zone) ? zone : "UTC";
}

/**
 * Picker options: the fixed list, plus the viewer's own zone (if valid and not
 * already listed) so their current setting is always selectable.
 */
export function timeZoneOptions(viewerZone: string | null | undefined): string[] {
  const options: string[] = [...SELECTABLE_TIME_ZONES];
  if (viewerZone && isValidTimeZone(viewerZone) && !options.includes(viewerZone)) {
    options.push(viewerZone);
  }
  return options;
}
