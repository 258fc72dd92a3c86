// Display helpers shared by advisor cards, profiles and checkout.

import type { SessionOption } from "./booking";
import { startingPriceInr } from "./pricing";

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

/** "Tuesday, 3 March 2026" for a calendar date, whatever the browser's zone. */
export function formatLongDate(date: string): string {
  return new Intl.DateTimeFormat("en-IN", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
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
