import { z } from "zod";
import {
  ADVISOR_LIMITS as L,
  countWords,
  experienceYears,
  requiredParagraphs,
  shortIntro,
  textList,
} from "../advisor-fields";
import { APPLICATION_MESSAGES as A, PROFILE_EDIT_MESSAGES as M } from "../messages/advisor";
import { step1Schema, step3Schema, step4Schema } from "./advisor-application";

/*
 * The shared advisor profile edit form (the advisor's own edit page and the admin screens):
 * one schema for the browser's per-field errors and the server's final word.
 */
const basics = step1Schema.shape;
/** The application's rules, with the edit form's own messages where the product has them. */
export const profileEditSchema = z.object({
  phone: basics.phone,
  jobTitle: basics.jobTitle,
  currentCompany: basics.currentCompany,
  totalExperience: experienceYears(M.experienceRange),
  linkedinUrl: basics.linkedinUrl,
  workLocations: basics.workLocations,
  shortIntro: shortIntro(A.shortIntroRequired, M.shortIntroMax),
  about: requiredParagraphs(A.aboutRequired, L.aboutMaxChars).superRefine((about, ctx) => {
    const words = countWords(about);
    if (words < L.aboutMinWords) ctx.addIssue({ code: "custom", message: M.aboutMin(words) });
  }),
  skills: step3Schema.shape.skills,
  careerAdviceTopics: textList(L.topicsMin, L.listMax, M.careerMin, "Too many topics"),
  personalAdviceTopics: textList(L.topicsMin, L.listMax, M.personalMin, "Too many topics"),
  businessAdviceTopics: textList(0, L.listMax, "", "Too many topics"),
  hourlyRate: z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim();
    const rate = Number(text);
    if (text !== "" && /^-?\d+(\.\d{1,2})?$/.test(text)) {
      if (rate < 0) ctx.addIssue({ code: "custom", message: M.hourlyRateNegative });
      else if (rate > L.hourlyRateMax)
        ctx.addIssue({ code: "custom", message: A.hourlyRateTooHigh(L.hourlyRateMax) });
      else return rate;
      return z.NEVER;
    }
    ctx.addIssue({ code: "custom", message: M.hourlyRateInvalid });
    return z.NEVER;
  }),
  availability: step4Schema.shape.availability,
});
export type ValidProfile = z.output<typeof profileEditSchema>;
