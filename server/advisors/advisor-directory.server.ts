import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { advisors, users } from "../db/schema";

/** The public face of an advisor: never e-mail, phone, bank details or review status. */
const publicColumns = {
  id: advisors.id,
  firstName: users.firstName,
  lastName: users.lastName,
  headshotUrl: advisors.headshotUrl,
  jobTitle: advisors.jobTitle,
  currentCompany: advisors.currentCompany,
  workLocations: advisors.workLocations,
  totalExperienceYears: advisors.totalExperienceYears,
  shortIntro: advisors.shortIntro,
  about: advisors.about,
  skills: advisors.skills,
  careerAdviceTopics: advisors.careerAdviceTopics,
  personalAdviceTopics: advisors.personalAdviceTopics,
  businessAdviceTopics: advisors.businessAdviceTopics,
  hourlyRateInr: advisors.hourlyRateInr,
};

export type PublicAdvisor = {
  [K in keyof typeof publicColumns]: (typeof publicColumns)[K]["_"]["notNull"] extends true
    ? (typeof publicColumns)[K]["_"]["data"]
    : (typeof publicColumns)[K]["_"]["data"] | null;
};

/** Approved advisors only, oldest first so the landing grid is stable between visits. */
export function listApprovedAdvisors(db: Db, options: { limit: number }): Promise<PublicAdvisor[]> {
  return db
    .select(publicColumns)
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.profileStatus, "approved"))
    .orderBy(asc(advisors.createdAt), asc(advisors.id))
    .limit(options.limit);
}
