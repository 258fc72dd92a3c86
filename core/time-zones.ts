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

/**
 * Old IANA names (links) that browsers still report, mapped to the current name, so one place
 * is never listed or stored twice ("Asia/Calcutta" beside "Asia/Kolkata"). ICU, and so V8,
 * keeps many of the old names as its canonical ones, so Intl cannot be asked for this.
 */
const TIME_ZONE_ALIASES: Readonly<Record<string, string>> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Dacca": "Asia/Dhaka",
  "Asia/Thimbu": "Asia/Thimphu",
  "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
  "Asia/Macao": "Asia/Macau",
  "Asia/Chongqing": "Asia/Shanghai",
  "Asia/Chungking": "Asia/Shanghai",
  "Asia/Harbin": "Asia/Shanghai",
  "Asia/Tel_Aviv": "Asia/Jerusalem",
  "Asia/Istanbul": "Europe/Istanbul",
  "Europe/Kiev": "Europe/Kyiv",
  "Europe/Belfast": "Europe/London",
  "Europe/Nicosia": "Asia/Nicosia",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Montreal": "America/Toronto",
  "Australia/ACT": "Australia/Sydney",
  "Australia/Canberra": "Australia/Sydney",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Samoa": "Pacific/Pago_Pago",
  "US/Eastern": "America/New_York",
  "US/Central": "America/Chicago",
  "US/Mountain": "America/Denver",
  "US/Pacific": "America/Los_Angeles",
  "Etc/UTC": "UTC",
  "Etc/GMT": "UTC",
  "Etc/Universal": "UTC",
  "Etc/Zulu": "UTC",
};

/** The current IANA name for a zone (an old alias becomes its new name; others unchanged). */
export function canonicalTimeZone(zone: string): string {
  return TIME_ZONE_ALIASES[zone] ?? zone;
}

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
  const own = viewerZone ? canonicalTimeZone(viewerZone) : null;
  if (own && isValidTimeZone(own) && !options.includes(own)) options.push(own);
  return options;
}

/**
 * Country → the zone most of its people live in, to guess a new advisor's zone when the
 * browser's is unknown. Keys are lower-case English names plus common short forms.
 * Countries spanning several zones map to their most populous one.
 */
const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  india: "Asia/Kolkata",
  nepal: "Asia/Kathmandu",
  bangladesh: "Asia/Dhaka",
  pakistan: "Asia/Karachi",
  "sri lanka": "Asia/Colombo",
  bhutan: "Asia/Thimphu",
  maldives: "Indian/Maldives",
  "united arab emirates": "Asia/Dubai",
  uae: "Asia/Dubai",
  "saudi arabia": "Asia/Riyadh",
  qatar: "Asia/Qatar",
  kuwait: "Asia/Kuwait",
  bahrain: "Asia/Bahrain",
  oman: "Asia/Muscat",
  israel: "Asia/Jerusalem",
  turkey: "Europe/Istanbul",
  egypt: "Africa/Cairo",
  kenya: "Africa/Nairobi",
  nigeria: "Africa/Lagos",
  "south africa": "Africa/Johannesburg",
  "united kingdom": "Europe/London",
  uk: "Europe/London",
  ireland: "Europe/Dublin",
  germany: "Europe/Berlin",
  france: "Europe/Paris",
  netherlands: "Europe/Amsterdam",
  belgium: "Europe/Brussels",
  switzerland: "Europe/Zurich",
  austria: "Europe/Vienna",
  italy: "Europe/Rome",
  spain: "Europe/Madrid",
  portugal: "Europe/Lisbon",
  sweden: "Europe/Stockholm",
  norway: "Europe/Oslo",
  denmark: "Europe/Copenhagen",
  finland: "Europe/Helsinki",
  poland: "Europe/Warsaw",
  "united states": "America/New_York",
  usa: "America/New_York",
  canada: "America/Toronto",
  mexico: "America/Mexico_City",
  brazil: "America/Sao_Paulo",
  argentina: "America/Argentina/Buenos_Aires",
  chile: "America/Santiago",
  singapore: "Asia/Singapore",
  malaysia: "Asia/Kuala_Lumpur",
  indonesia: "Asia/Jakarta",
  thailand: "Asia/Bangkok",
  vietnam: "Asia/Ho_Chi_Minh",
  philippines: "Asia/Manila",
  "hong kong": "Asia/Hong_Kong",
  china: "Asia/Shanghai",
  japan: "Asia/Tokyo",
  "south korea": "Asia/Seoul",
  australia: "Australia/Sydney",
  "new zealand": "Pacific/Auckland",
};

/** The zone for a country name ("India", "united kingdom", "UAE"), or null if unknown. */
export function timeZoneForCountry(country: string | null | undefined): string | null {
  if (!country) return null;
  return COUNTRY_TIME_ZONES[country.trim().toLowerCase()] ?? null;
}

/**
 * A new user's zone: the browser's if it is a valid IANA zone, else their country's,
 * else Asia/Kolkata (ADR 6).
 */
export function guessTimeZone(hints: {
  /** The person's own choice in their settings: it wins over every guess. */
  stored?: string | null;
  browserZone?: string | null;
  country?: string | null;
}): string {
  if (hints.stored && isValidTimeZone(hints.stored)) return hints.stored;
  const browserZone = hints.browserZone ? canonicalTimeZone(hints.browserZone) : null;
  if (browserZone && isValidTimeZone(browserZone)) return browserZone;
  return timeZoneForCountry(hints.country) ?? DEFAULT_TIME_ZONE;
}

/** "YYYY-MM-DD" of an instant (ISO) in a zone: the day a chosen start falls on there. */
export function dateInZone(instant: string, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(instant));
}
