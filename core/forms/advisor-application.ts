import { z } from "zod";
import { parseAvailability } from "../availability";
import {
  ADVISOR_LIMITS as L,
  countWords,
  experienceYears,
  linkedinUrl,
  phone,
  requiredParagraphs,
  requiredText,
  shortIntro,
  textList,
} from "../advisor-fields";
import { APPLICATION_MESSAGES as M } from "../messages/advisor";

/*
 * The five-step advisor application form: one schema per step, used by the wizard to block
 * "Save & Continue" and by the server, which checks every step again on submit
 * (core/advisor-application.ts).
 */
export const step1Schema = z.object({
  firstName: requiredText(M.firstNameRequired, 100),
  lastName: requiredText(M.lastNameRequired, 100),
  phone,
  jobTitle: requiredText(M.jobTitleRequired),
  currentCompany: requiredText(M.companyRequired),
  totalExperience: experienceYears(M.experienceRequired),
  linkedinUrl,
  workLocations: textList(
    L.workLocationsMin,
    L.listMax,
    M.workLocationRequired,
    "Too many entries",
  ),
});

export const step2Schema = z.object({
  shortIntro: shortIntro(M.shortIntroRequired, M.shortIntroTooLong),
  about: requiredParagraphs(M.aboutRequired, L.aboutMaxChars).refine(
    (about) => countWords(about) >= L.aboutMinWords,
    M.aboutTooShort,
  ),
  // The photo is uploaded on its own; the server knows whether the draft has one.
  headshotUrl: z.string({ error: M.headshotRequired }).min(1, M.headshotRequired),
});

const topics = () => textList(L.topicsMin, L.topicsMax, M.topicsMin, M.topicsMax);
export const step3Schema = z.object({
  skills: textList(L.skillsMin, L.skillsMax, M.skillsMin, "Too many skills"),
  careerAdviceTopics: topics(),
  personalAdviceTopics: topics(),
  businessAdviceTopics: textList(0, L.topicsMax, M.topicsMin, M.topicsMax),
});

export const step4Schema = z.object({
  availability: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const checked = value == null ? null : parseAvailability(value);
      if (checked?.ok) return checked.schedule;
      // An empty week gets the wizard's wording; a malformed one says what is wrong.
      const empty = !checked || checked.message.startsWith("Please select at least one");
      ctx.addIssue({ code: "custom", message: empty ? M.availabilityRequired : checked.message });
      return z.NEVER;
    }),
});

/** Free (rate 0) or paid, with a rate above 0 when charging, and the terms accepted. */
export const step5Schema = z
  .object({
    isProBono: z.boolean().catch(false),
    hourlyRate: z.union([z.string(), z.number()]).optional(),
    // Checked below with the rate, so both messages show at once.
    termsAccepted: z.unknown(),
  })
  .transform((value, ctx) => {
    const rate = value.isProBono ? 0 : parseRate(value.hourlyRate);
    if (typeof rate === "string") {
      ctx.addIssue({ code: "custom", path: ["hourlyRate"], message: rate });
    }
    if (value.termsAccepted !== true) {
      ctx.addIssue({ code: "custom", path: ["termsAccepted"], message: M.termsRequired });
    }
    if (typeof rate === "string" || value.termsAccepted !== true) return z.NEVER;
    return { hourlyRate: rate, termsAccepted: true as const };
  });

/** A charged hourly rate in rupees (two decimals at most), or the message saying why not. */
export function parseRate(input: string | number | undefined): number | string {
  const text = String(input ?? "").trim();
  if (text === "") return M.hourlyRateRequired;
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return M.hourlyRateInvalid;
  const rate = Number(text);
  if (rate < 0) return M.hourlyRateNegative;
  if (rate === 0) return M.hourlyRatePositive;
  if (rate > L.hourlyRateMax) return M.hourlyRateTooHigh(L.hourlyRateMax);
  return rate;
}

export const STEP_SCHEMAS = {
  1: step1Schema,
  2: step2Schema,
  3: step3Schema,
  4: step4Schema,
  5: step5Schema,
} as const;

/** What the five steps make of a whole application, the photo apart. */
export type ValidApplication = z.output<typeof step1Schema> &
  Omit<z.output<typeof step2Schema>, "headshotUrl"> &
  z.output<typeof step3Schema> &
  z.output<typeof step4Schema> &
  z.output<typeof step5Schema>;
