import { truncate } from "./format";
import { bestOffer, offerSummary, type PackageOffer } from "./package-offers";

/** An advisor's ratings from their reviews. */
export type AdvisorRating = {
  /** Mean of review scores, one decimal. */
  average: number;
  count: number;
  recommendPercent: number;
  latest: { feedback: string; firstName: string; createdAt: Date } | null;
};

/**
 * The public face of an advisor: never e-mail, phone, bank details or review status, nor when
 * the row last changed (a bank-detail save moves that without any public change, ADR 63).
 * server/advisors/advisor-directory.server.ts selects exactly these columns.
 */
export type PublicAdvisor = {
  id: string;
  firstName: string;
  lastName: string;
  headshotUrl: string | null;
  jobTitle: string | null;
  currentCompany: string | null;
  workLocations: string[];
  totalExperienceYears: number | null;
  shortIntro: string | null;
  about: string | null;
  skills: string[];
  careerAdviceTopics: string[];
  personalAdviceTopics: string[];
  businessAdviceTopics: string[];
  hourlyRateInr: number;
  /** From the advisor's reviews; null before the first one. */
  rating: AdvisorRating | null;
  /** The packages on sale and not hidden, oldest first (issue 40). */
  packages: PackageOffer[];
  /** A paid question's price (whole rupees before GST) and answer time; null: not offered. */
  questionPriceInr: number | null;
  questionAnswerDays: number | null;
};

/** What an advisor card shows: pages with cards send no more to the browser. */
export type AdvisorCardData = Pick<
  PublicAdvisor,
  | "id"
  | "firstName"
  | "lastName"
  | "headshotUrl"
  | "jobTitle"
  | "currentCompany"
  | "workLocations"
  | "totalExperienceYears"
  | "shortIntro"
  | "about"
  | "skills"
  | "hourlyRateInr"
> & {
  rating: Pick<AdvisorRating, "average" | "count"> | null;
  /** The best-saving package's summary ("3 sessions · ₹6,000 (incl. GST) · save 20%"), if any. */
  bestPackage: string | null;
};

/** The card's "about" is a preview of this many characters. */
const CARD_ABOUT_CHARS = 80;

export function toAdvisorCard(advisor: PublicAdvisor): AdvisorCardData {
  return {
    id: advisor.id,
    firstName: advisor.firstName,
    lastName: advisor.lastName,
    headshotUrl: advisor.headshotUrl,
    jobTitle: advisor.jobTitle,
    currentCompany: advisor.currentCompany,
    workLocations: advisor.workLocations,
    totalExperienceYears: advisor.totalExperienceYears,
    shortIntro: advisor.shortIntro,
    about: advisor.about === null ? null : truncate(advisor.about, CARD_ABOUT_CHARS),
    skills: advisor.skills,
    hourlyRateInr: advisor.hourlyRateInr,
    rating: advisor.rating && { average: advisor.rating.average, count: advisor.rating.count },
    bestPackage: cardPackage(advisor),
  };
}

function cardPackage(advisor: PublicAdvisor): string | null {
  const best = bestOffer(advisor.packages, advisor.hourlyRateInr);
  return best && offerSummary(best, advisor.hourlyRateInr);
}
