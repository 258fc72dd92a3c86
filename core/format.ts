// Display helpers shared by advisor cards, profiles and checkout.

import type { SessionOption } from "./booking";
import { startingPriceInr } from "./pricing";
import { formatSlotLabel } from "./slots";
import { safeTimeZone } from "./time-zones";

// Built once: constructing Intl formatters is comparatively slow.
// "en-IN" gives Indian digit grouping (1,23,45,678) and the ₹ sign.
const wholeInr = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const paiseInr = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,18,000 for whole rupees, ₹368.75 otherwise. */
export function formatInr(amountInr: number): string {
  // Decide "whole" at paise precision so 368.999 shows as ₹369, not ₹369.00.
  const paise = Math.round(amountInr * 100);
  return paise % 100 === 0 ? wholeInr.format(paise / 100) : paiseInr.format(paise / 100);
}

/** An amount in paise (as payments and the ledger keep money), shown as formatInr shows rupees. */
export function formatPaise(paise: number): string {
  return formatInr(paise / 100);
}

/** Card label: "Free" for pro bono advisors, else the 15-minute price incl. GST. */
export function formatPriceLabel(hourlyRateInr: number): string {
  return hourlyRateInr === 0 ? "Free" : formatInr(startingPriceInr(hourlyRateInr));
}

/**
 * Cut text to `max` characters and add "..." when it was longer. Counts code points
 * so an emoji or other astral character is never split in half.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max)).join("").trimEnd() + "...";
}

/** "Asha Rao" from its parts, skipping blank or missing parts. */
export function fullName(
  first: string | null | undefined,
  last: string | null | undefined,
): string {
  return [first, last]
    .map((part) => (part ?? "").trim())
    .filter((part) => part !== "")
    .join(" ");
}

/** An advisor's display name: full name, else the job title, else a neutral label. */
export function advisorDisplayName(a: {
  firstName: string;
  lastName: string;
  jobTitle: string | null;
}): string {
  return fullName(a.firstName, a.lastName) || a.jobTitle || "Professional Advisor";
}

/*
 * Dates read the Indian way everywhere (en-IN: "Tue, 24 Nov", day before month), on pages, in
 * e-mails and in calendar files; times keep the slot labels' "9:30 AM". Built from parts so the
 * server's and the browser's ICU versions cannot disagree on commas.
 */
const shortParts = new Map<string, Intl.DateTimeFormat>();
const longParts = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  zone: string,
  style: "short" | "long",
): Intl.DateTimeFormat {
  let formatter = cache.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-IN", {
      weekday: style,
      day: "numeric",
      month: style,
      year: "numeric",
      timeZone: zone,
    });
    // Zones come from a short list plus each user's own: the cache stays small.
    if (cache.size < 200) cache.set(zone, formatter);
  }
  return formatter;
}

function dateParts(instant: Date, zone: string, style: "short" | "long") {
  const parts = formatterFor(style === "short" ? shortParts : longParts, zone, style);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(instant).find((p) => p.type === type)?.value ?? "";
  return { weekday: part("weekday"), day: part("day"), month: part("month"), year: part("year") };
}

/** "Tuesday, 24 November 2026" in `zone` (invalid zone → UTC): a session's or invoice's day. */
export function formatSessionDate(instant: Date, zone: string): string {
  const { weekday, day, month, year } = dateParts(instant, safeTimeZone(zone), "long");
  return `${weekday}, ${day} ${month} ${year}`;
}

/** "Tue, 24 Nov 2026" in `zone`, or "Tue, 24 Nov" without the year: a day in a list. */
export function formatShortDate(instant: Date, zone: string, withYear = true): string {
  const { weekday, day, month, year } = dateParts(instant, safeTimeZone(zone), "short");
  return `${weekday}, ${day} ${month}${withYear ? ` ${year}` : ""}`;
}

/**
 * "Tue, 24 Nov 2026, 10:00 AM (Asia/Kolkata)": a session's time in one party's zone, the one
 * form lists, dialogs, the booking pages and e-mails show.
 */
export function formatSessionTime(instant: Date, zone: string): string {
  const safe = safeTimeZone(zone);
  const { weekday, day, month, year } = dateParts(instant, safe, "short");
  return `${weekday}, ${day} ${month} ${year}, ${formatSlotLabel(instant, safe)} (${safe})`;
}

/**
 * The session's time in each party's zone, each zone once ("…; …"): a calendar file's
 * description, which both parties share.
 */
export function formatSessionTimes(instant: Date, zones: readonly string[]): string {
  const distinct = [...new Set(zones.map(safeTimeZone))];
  return distinct.map((zone) => formatSessionTime(instant, zone)).join("; ");
}

// The admin screens read every moment in India's time, where the team works.
const adminDateTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});
const adminDate = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeZone: "Asia/Kolkata",
});

/** "14 Mar 2026, 3:15 pm" in India's time: a moment on an admin screen. */
export function formatAdminDateTime(instant: Date): string {
  return adminDateTime.format(instant);
}

/** "14 Mar 2026" in India's time: a day on an admin screen. */
export function formatAdminDate(instant: Date): string {
  return adminDate.format(instant);
}

/** "Tuesday, 3 March 2026" for a calendar date ("2026-03-03"), whatever the browser's zone. */
export function formatLongDate(date: string): string {
  return formatSessionDate(new Date(`${date}T00:00:00Z`), "UTC");
}

/**
 * What the profile adds to the spec's "Starting @" price when this seeker can only book a
 * First Call (signed out, or no session with this advisor yet): the card's price is the
 * 15-minute follow-up's, which a newcomer cannot book. Null when follow-ups are open to them
 * or the advisor is free (there is no price to mislead with).
 */
export function firstCallPricing(
  hourlyRateInr: number,
  options: readonly SessionOption[],
): { firstCall: string; followUps: string } | null {
  const firstCall = options.length === 1 ? options[0] : undefined;
  if (firstCall?.type !== "First Call" || firstCall.price.isFree) return null;
  const followUpFrom = startingPriceInr(hourlyRateInr);
  return {
    firstCall: `First Call · ${firstCall.duration} min · ${formatInr(firstCall.price.totalInr)} (incl. GST)`,
    followUps: `Your first session with an advisor is a ${firstCall.duration}-minute First Call. Follow-up calls after it are 15 or 30 minutes, from ${formatInr(followUpFrom)}.`,
  };
}
