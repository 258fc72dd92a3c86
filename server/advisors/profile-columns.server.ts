import type { ReviewedProfile } from "../../core/profile-review";
import type { advisors } from "../db/schema";

/**
 * An advisor's profile as each of its three forms validates it: the application wizard
 * (core/advisor-application.ts), the admin's add form (core/admin/add-advisor.ts) and profile
 * edit (core/advisor-profile.ts).
 */
export type ProfileFields = ReviewedProfile & { phone: string };

/** The reviewed fields as the advisors table's columns: the one place the two names meet. */
export function reviewedColumns(profile: ReviewedProfile) {
  return {
    jobTitle: profile.jobTitle,
    currentCompany: profile.currentCompany,
    totalExperienceYears: profile.totalExperience,
    shortIntro: profile.shortIntro,
    about: profile.about,
    hourlyRateInr: profile.hourlyRate,
    linkedinUrl: profile.linkedinUrl,
    skills: profile.skills,
    workLocations: profile.workLocations,
    careerAdviceTopics: profile.careerAdviceTopics,
    personalAdviceTopics: profile.personalAdviceTopics,
    businessAdviceTopics: profile.businessAdviceTopics,
  } satisfies Partial<typeof advisors.$inferInsert>;
}

export function profileColumns(profile: ProfileFields) {
  return { ...reviewedColumns(profile), phone: profile.phone };
}

type AdvisorRow = typeof advisors.$inferSelect;

/** The live profile's reviewed fields, read back from its row (an empty column reads ""). */
export function liveReviewed(row: AdvisorRow): ReviewedProfile {
  return {
    jobTitle: row.jobTitle ?? "",
    currentCompany: row.currentCompany ?? "",
    totalExperience: row.totalExperienceYears ?? 0,
    linkedinUrl: row.linkedinUrl ?? "",
    workLocations: row.workLocations,
    shortIntro: row.shortIntro ?? "",
    about: row.about ?? "",
    skills: row.skills,
    careerAdviceTopics: row.careerAdviceTopics,
    personalAdviceTopics: row.personalAdviceTopics,
    businessAdviceTopics: row.businessAdviceTopics,
    hourlyRate: row.hourlyRateInr,
  };
}
