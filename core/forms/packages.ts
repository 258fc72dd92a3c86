// An advisor's package (issue 40): what the dashboard's form sends, as strings.
import { z } from "zod";
import { PACKAGE_MESSAGES as M } from "../messages/packages";
import { PACKAGE_LIMITS as L } from "../packages";
import { paragraphs, singleLine } from "../plain-text";
import { SESSION_MINUTES } from "../pricing";

/** A whole number typed into a field, within its limits; anything else is `message`. */
export const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

export const packageOfferSchema = z.object({
  name: singleLine(z.string({ error: M.nameRequired }))
    .overwrite((value) => value.replace(/\s+/g, " "))
    .min(1, M.nameRequired)
    .max(L.nameMax, M.nameTooLong),
  // Browsers send line breaks as CRLF: stored and counted as one "\n".
  description: paragraphs(z.string({ error: M.descriptionTooLong })).max(
    L.descriptionMax,
    M.descriptionTooLong,
  ),
  sessions: wholeNumber(L.minSessions, L.maxSessions, M.sessionsInvalid),
  duration: z
    .string({ error: M.durationInvalid })
    .trim()
    .pipe(z.enum(SESSION_MINUTES.map(String) as ["15", "30"], { error: M.durationInvalid }))
    .transform((value) => Number(value) as (typeof SESSION_MINUTES)[number]),
  validityDays: wholeNumber(L.minValidityDays, L.maxValidityDays, M.validityInvalid),
  priceInr: wholeNumber(L.minPriceInr, L.maxPriceInr, M.priceInvalid),
});

export type PackageOfferInput = z.output<typeof packageOfferSchema>;

/** What the admin's Hide and Show buttons send. */
export const packageVisibilitySchema = z.object({
  intent: z.enum(["hide", "show"]),
  packageId: z.uuid(),
});
