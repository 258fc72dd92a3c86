import type { AddAdvisorValues } from "./add-advisor";

/** A complete, valid add-advisor form; tests override what they exercise. */
export function newAdvisorValues(overrides: Partial<AddAdvisorValues> = {}): AddAdvisorValues {
  return {
    firstName: "Meera",
    lastName: "Pillai",
    email: "meera.pillai@example.com",
    phone: "+91 98765 43210",
    headshot: { type: "image/png", size: 20_000 },
    jobTitle: "Product Manager",
    currentCompany: "Flipkart",
    totalExperience: "12",
    linkedinUrl: "https://www.linkedin.com/in/meera-pillai",
    workLocations: ["India", "Singapore"],
    shortIntro: "Product leader who moved from engineering to product in Bengaluru.",
    about:
      "I spent six years as an engineer before moving into product management. I have hired " +
      "product managers, led platform teams and coached many people through the same switch.",
    hourlyRate: "0",
    skills: ["Product Strategy", "Roadmaps", "Hiring"],
    careerAdviceTopics: ["Career Change", "Interview Preparation", "Promotion & Growth"],
    personalAdviceTopics: ["Work-Life Balance", "Networking", "Building Confidence"],
    businessAdviceTopics: [],
    availability: { timeZone: "Asia/Kolkata", windows: { 1: [{ start: "10:00", end: "12:00" }] } },
    termsAccepted: true,
    ...overrides,
  };
}
