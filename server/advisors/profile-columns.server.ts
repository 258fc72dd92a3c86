import type { advisors } from "../db/schema";

/**
 * An advisor's profile as each of its three forms validates it: the application wizard
 * (core/advisor-application.ts), the admin's add form (core/admin/add-advisor.ts) and profile
 * edit (core/advisor-profile.ts).
 */
export type ProfileFields = {
  jobTitle: string;
  currentCompany: string;
  totalExperience: number;
  shortIntro: string;
  about: string;
  hourlyRate: number;
  phone: string;
  linkedinUrl: string;
  skills: string[];
  workLocations: string[];
  careerAdviceTopics: string[];
  personalAdviceTopics: string[];
  businessAdviceTopics: string[];
};

/** The profile as the advisors table's columns: the one place a form's names meet the row's. */
export function profileColumns(profile: ProfileFields) {
  return {
    jobTitle: profile.jobTitle,
    currentCompany: profile.currentCompany,
    totalExperienceYears: profile.totalExperience,
    shortIntro: profile.shortIntro,
    about: profile.about,
    hourlyRateInr: profile.hourlyRate,
    phone: profile.phone,
    linkedinUrl: profile.linkedinUrl,
    skills: profile.skills,
    workLocations: profile.workLocations,
    careerAdviceTopics: profile.careerAdviceTopics,
    personalAdviceTopics: profile.personalAdviceTopics,
    businessAdviceTopics: profile.businessAdviceTopics,
  } satisfies Partial<typeof advisors.$inferInsert>;
}
