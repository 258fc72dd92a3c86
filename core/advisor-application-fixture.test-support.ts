import { type ApplicationValues, emptyApplication } from "./advisor-application";

const ABOUT =
  "I moved from Pune to Berlin for a product role and have since helped dozens of engineers plan their own moves, negotiate offers and settle in well.";

/** A complete, valid application for tests; override what a test is about. */
export function validApplication(overrides: Partial<ApplicationValues> = {}): ApplicationValues {
  return {
    ...emptyApplication({ firstName: "Asha", lastName: "Rao" }, null),
    phone: "+91 98765 43210",
    jobTitle: "Product Manager",
    currentCompany: "Zalando",
    totalExperience: "8",
    linkedinUrl: "NA",
    workLocations: ["Germany"],
    shortIntro: "Product manager who moved to Berlin",
    about: ABOUT,
    skills: ["Product", "Relocation", "Negotiation"],
    careerAdviceTopics: ["Career Change", "Working Abroad", "Salary Negotiation"],
    personalAdviceTopics: ["Visa & Immigration", "Work-Life Balance", "Networking"],
    availability: { timeZone: "Europe/Berlin", windows: { 1: [{ start: "09:00", end: "12:00" }] } },
    hourlyRate: "1500",
    termsAccepted: true,
    ...overrides,
  };
}
