import { checkWith, type SchemaCheck } from "./form";
import { profileEditSchema, type ValidProfile } from "./forms/advisor-profile";
import type { WeeklySchedule } from "./slots";

/*
 * An advisor's profile as its forms hold it (the application, the edit page, the admin's):
 * the values, a blank one to start from, and the edit form's check (its schema is
 * core/forms/advisor-profile.ts).
 */
export type ProfileValues = {
  phone: string;
  jobTitle: string;
  currentCompany: string;
  totalExperience: string;
  linkedinUrl: string;
  workLocations: string[];
  shortIntro: string;
  about: string;
  skills: string[];
  careerAdviceTopics: string[];
  personalAdviceTopics: string[];
  businessAdviceTopics: string[];
  hourlyRate: string;
  availability: WeeklySchedule | null;
};

/** The shared profile edit form's starting point, for the advisor themself or an admin. */
export type EditableProfile = {
  advisorId: string;
  status: string;
  name: string;
  email: string;
  headshotUrl: string | null;
  values: ProfileValues;
  /** The advisor's own edit waiting for review or turned down (ADR 83); null when none. */
  review?: { status: "pending" | "rejected"; reason: string | null; submittedAt: string } | null;
};

/** A profile with nothing filled in yet: the application's and the admin's starting point. */
export function blankProfile(availability: WeeklySchedule | null): ProfileValues {
  return {
    phone: "",
    jobTitle: "",
    currentCompany: "",
    totalExperience: "",
    linkedinUrl: "",
    workLocations: [],
    shortIntro: "",
    about: "",
    skills: [],
    careerAdviceTopics: [],
    personalAdviceTopics: [],
    businessAdviceTopics: [],
    hourlyRate: "",
    availability,
  };
}

export type ProfileCheck = SchemaCheck<ValidProfile>;

export const checkProfile = (values: unknown): ProfileCheck => checkWith(profileEditSchema, values);
