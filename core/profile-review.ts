import { formatInr } from "./format";

/*
 * An approved advisor's edits wait for review while the approved profile stays live (ADR 83).
 * What seekers see and what vouches for the advisor (words, topics, price, LinkedIn, photo)
 * needs an admin's approval; the phone number (private) and the availability apply at once.
 * Pure: the server decides with it, the admin's review screen shows its differences.
 */

/** The reviewed fields, in the edit form's order, with the labels the review screen shows. */
export const REVIEWED_FIELDS = {
  jobTitle: { label: "Job title", kind: "text" },
  currentCompany: { label: "Company", kind: "text" },
  totalExperience: { label: "Total experience", kind: "years" },
  linkedinUrl: { label: "LinkedIn URL", kind: "text" },
  workLocations: { label: "Work locations", kind: "list" },
  shortIntro: { label: "Short introduction", kind: "text" },
  about: { label: "About", kind: "text" },
  skills: { label: "Skills", kind: "list" },
  careerAdviceTopics: { label: "Career advice topics", kind: "list" },
  personalAdviceTopics: { label: "Personal advice topics", kind: "list" },
  businessAdviceTopics: { label: "Business advice topics", kind: "list" },
  hourlyRate: { label: "Hourly rate (₹)", kind: "rupees" },
} as const;

export type ReviewedField = keyof typeof REVIEWED_FIELDS;

/** The reviewed part of a profile, as validated (numbers are numbers, lists are trimmed). */
export type ReviewedProfile = {
  jobTitle: string;
  currentCompany: string;
  totalExperience: number;
  linkedinUrl: string;
  workLocations: string[];
  shortIntro: string;
  about: string;
  skills: string[];
  careerAdviceTopics: string[];
  personalAdviceTopics: string[];
  businessAdviceTopics: string[];
  hourlyRate: number;
};

export const REVIEWED_KEYS = Object.keys(REVIEWED_FIELDS) as ReviewedField[];

/** The reviewed fields of anything that has them (a validated form, a row's profile). */
export function reviewedPart(profile: ReviewedProfile): ReviewedProfile {
  return Object.fromEntries(REVIEWED_KEYS.map((key) => [key, profile[key]])) as ReviewedProfile;
}

export type FieldChange =
  | { field: ReviewedField; label: string; kind: "value"; before: string; after: string }
  | {
      field: ReviewedField;
      label: string;
      kind: "list";
      added: string[];
      removed: string[];
      /** The same items in a new order only. */
      reordered: boolean;
    };

const EMPTY = "—";

function shown(field: ReviewedField, value: unknown): string {
  const kind = REVIEWED_FIELDS[field].kind;
  if (kind === "rupees" && typeof value === "number") {
    return value === 0 ? "Pro bono" : `${formatInr(value)} an hour`;
  }
  if (kind === "years" && typeof value === "number") {
    return value === 1 ? "1 year" : `${value} years`;
  }
  return typeof value === "string" && value.trim() !== "" ? value : EMPTY;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the proposed version changes in the live one, field by field, in the form's order. */
export function profileChanges(live: ReviewedProfile, proposed: ReviewedProfile): FieldChange[] {
  return REVIEWED_KEYS.flatMap((field): FieldChange[] => {
    const before = live[field];
    const after = proposed[field];
    if (same(before, after)) return [];
    const label = REVIEWED_FIELDS[field].label;
    if (Array.isArray(before) && Array.isArray(after)) {
      const added = after.filter((item) => !before.includes(item));
      const removed = before.filter((item) => !after.includes(item));
      return [
        { field, label, kind: "list", added, removed, reordered: !added.length && !removed.length },
      ];
    }
    return [
      { field, label, kind: "value", before: shown(field, before), after: shown(field, after) },
    ];
  });
}

/** Whether an advisor's save leaves anything for an admin to review. */
export const needsReview = (live: ReviewedProfile, proposed: ReviewedProfile) =>
  REVIEWED_KEYS.some((key) => !same(live[key], proposed[key]));
