import type { SearchableAdvisor } from "./search";

/** A searchable advisor for tests: every field empty unless given. */
export function searchable(
  fields: Partial<SearchableAdvisor> & Pick<SearchableAdvisor, "id" | "firstName" | "lastName">,
): SearchableAdvisor {
  return {
    jobTitle: null,
    currentCompany: null,
    skills: [],
    careerAdviceTopics: [],
    personalAdviceTopics: [],
    businessAdviceTopics: [],
    workLocations: [],
    about: null,
    shortIntro: null,
    ...fields,
  };
}
