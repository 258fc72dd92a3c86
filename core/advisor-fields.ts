import { z } from "zod";
import { APPLICATION_MESSAGES as M } from "./messages/advisor";
import { paragraphs, singleLine } from "./plain-text";

/*
 * Field rules shared by the application wizard, the profile edit form and the admin forms:
 * the limits of the product, the list clean-up (trimmed, no duplicates) and the word count.
 */
/** The headshot upload limit, checked by the browser and again by the server. */
export const HEADSHOT_MAX_BYTES = 5 * 1024 * 1024;

export const ADVISOR_LIMITS = {
  shortIntroMax: 120,
  aboutMinWords: 20,
  aboutMaxChars: 5000,
  skillsMin: 3,
  skillsMax: 20,
  topicsMin: 3,
  topicsMax: 10,
  workLocationsMin: 1,
  listMax: 20,
  itemMaxChars: 80,
  textMaxChars: 200,
  experienceMin: 0,
  experienceMax: 50,
  hourlyRateMax: 1_000_000,
} as const;

/** Words as people count them: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** Trimmed entries, empty ones dropped, duplicates (ignoring case) kept once, first wins. */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.replace(/\s+/g, " ").trim();
    const key = item.toLowerCase();
    if (item === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** Adds a typed entry to a list the way every list input does: trimmed, no duplicate. */
export function addToList(list: readonly string[], entry: string): string[] {
  return cleanList([...list, entry]);
}

const tooLong = (max: number) => `Please keep this to ${max} characters or fewer`;

/** A required one-line field (a name, a title): no line break or control character. */
export const requiredText = (message: string, max: number = ADVISOR_LIMITS.textMaxChars) =>
  singleLine(z.string({ error: message }))
    .min(1, message)
    .max(max, tooLong(max));

/** A required paragraph field (about): line breaks allowed, no other control character. */
export const requiredParagraphs = (message: string, max: number) =>
  paragraphs(z.string({ error: message }))
    .min(1, message)
    .max(max, tooLong(max));

/** The short introduction: required, at most ADVISOR_LIMITS.shortIntroMax characters. */
export const shortIntro = (required: string, tooLong: string) =>
  requiredText(required, 1000).pipe(z.string().max(ADVISOR_LIMITS.shortIntroMax, tooLong));

/** A LinkedIn profile URL (http/https only, so it is safe as a link), or "NA" without one. */
export const linkedinUrl = requiredText(M.linkedinRequired, 300).refine(
  (value) => value.toUpperCase() === "NA" || isHttpUrl(value),
  "Please enter a full LinkedIn URL (https://…) or 'NA'",
);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export const phone = requiredText(M.phoneRequired, 30).refine(
  (value) => /^\+?[0-9 ()-]{6,20}$/.test(value),
  "Please enter a valid phone number",
);

/** A list input: cleaned, then counted. */
export const textList = (min: number, max: number, minMessage: string, maxMessage: string) =>
  z
    .array(singleLine().max(ADVISOR_LIMITS.itemMaxChars, "Please keep each entry short"), {
      error: minMessage,
    })
    .max(50, maxMessage)
    .transform(cleanList)
    .pipe(z.array(z.string()).min(min, minMessage).max(max, maxMessage));

/** Years of experience from a select ("" when nothing is chosen) or a number. */
export const experienceYears = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = String(value).trim();
    const years = Number(text);
    if (text === "" || !Number.isInteger(years) || years < 0 || years > 50) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return years;
  });

/**
 * Offered as suggestions in the list inputs; people may type anything else. Countries with
 * Remote and Hybrid for work locations, where a city is as welcome (the hint asks for either).
 */
export const WORK_LOCATION_OPTIONS = [
  "Remote",
  "Hybrid",
  "India",
  "United States",
  "United Kingdom",
  "Canada",
  "Australia",
  "New Zealand",
  "Germany",
  "France",
  "Netherlands",
  "Ireland",
  "Switzerland",
  "Sweden",
  "Norway",
  "Denmark",
  "Finland",
  "Belgium",
  "Austria",
  "Spain",
  "Portugal",
  "Italy",
  "Poland",
  "United Arab Emirates",
  "Saudi Arabia",
  "Qatar",
  "Kuwait",
  "Bahrain",
  "Oman",
  "Israel",
  "Singapore",
  "Malaysia",
  "Indonesia",
  "Thailand",
  "Vietnam",
  "Philippines",
  "Hong Kong",
  "China",
  "Japan",
  "South Korea",
  "Sri Lanka",
  "Bangladesh",
  "Nepal",
  "South Africa",
  "Kenya",
  "Nigeria",
  "Egypt",
  "Brazil",
] as const;

export const CAREER_TOPIC_OPTIONS = [
  "Career Change",
  "Job Search Strategy",
  "Interview Preparation",
  "Salary Negotiation",
  "Resume & LinkedIn Review",
  "Promotion & Growth",
  "Moving into Management",
  "Switching Industries",
  "Working Abroad",
  "Freelancing",
  "Returning after a Break",
  "Higher Studies",
] as const;

export const PERSONAL_TOPIC_OPTIONS = [
  "Relocating to a New Country",
  "Work-Life Balance",
  "Visa & Immigration",
  "Settling into a New City",
  "Studying Abroad",
  "Managing Stress",
  "Building Confidence",
  "Networking",
  "Parenting while Working",
  "Personal Finance",
  "Cultural Adjustment",
  "Finding Housing Abroad",
] as const;

export const BUSINESS_TOPIC_OPTIONS = [
  "Starting a Business",
  "Fundraising",
  "Product Strategy",
  "Go-to-Market",
  "Hiring a Team",
  "Pricing",
  "Marketing & Branding",
  "Expanding Abroad",
  "Operations",
  "Sales",
] as const;
