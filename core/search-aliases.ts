/**
 * Words people use for the same thing (ADR 71). Each group lists its forms in normalised words
 * (core/search-text.ts: "H-1B" is "h1b"); a query word or phrase that is one form also finds
 * the others, and the page then says "Showing results for {shown}". `includes` are narrower
 * places or roles the group also finds, one way only: "UAE" finds advisors in Dubai, "Dubai"
 * does not find all of the UAE; "PM" finds a "Director of Product". For a phrase of several
 * words they count as one of its words (core/search.ts).
 *
 * Forms of one or two characters count as query words although the spec drops short words;
 * only these do.
 */
export type AliasGroup = {
  shown: string;
  forms: readonly string[];
  includes?: readonly string[];
};

export const ALIAS_GROUPS: readonly AliasGroup[] = [
  // Cities' old and new names
  { shown: "Bengaluru", forms: ["bengaluru", "bangalore"] },
  { shown: "Mumbai", forms: ["mumbai", "bombay"] },
  { shown: "Gurugram", forms: ["gurugram", "gurgaon"] },
  { shown: "Chennai", forms: ["chennai", "madras"] },
  { shown: "Kolkata", forms: ["kolkata", "calcutta"] },
  // Countries and regions
  {
    shown: "USA",
    forms: ["usa", "us", "america", "united states", "united states of america"],
  },
  { shown: "UK", forms: ["uk", "britain", "great britain", "england", "united kingdom"] },
  {
    shown: "UAE",
    forms: ["uae", "emirates", "united arab emirates"],
    includes: ["dubai", "abu dhabi", "sharjah"],
  },
  // Roles and fields
  {
    shown: "product manager",
    forms: ["product manager", "pm"],
    // Those who lead product work: not every "product" ("Product Design", "Services to Product").
    includes: [
      "product lead",
      "product leader",
      "product leadership",
      "product owner",
      "head of product",
      "director of product",
      "vp product",
      "vp of product",
      "chief product officer",
    ],
  },
  {
    shown: "software engineer",
    forms: ["software engineer", "sde", "swe", "software developer"],
  },
  { shown: "user experience", forms: ["user experience", "ux"] },
  { shown: "human resources", forms: ["human resources", "hr"] },
  { shown: "machine learning", forms: ["machine learning", "ml"] },
  { shown: "artificial intelligence", forms: ["artificial intelligence", "ai"] },
  { shown: "venture capital", forms: ["venture capital", "vc"] },
  // Studies
  { shown: "masters", forms: ["masters", "ms", "msc", "master of science"] },
  { shown: "MBA", forms: ["mba", "master of business administration"] },
  { shown: "PhD", forms: ["phd", "doctorate"] },
  // Visas and residence
  { shown: "H-1B", forms: ["h1b"] },
  { shown: "green card", forms: ["green card"] },
  {
    shown: "permanent residency",
    forms: ["permanent residency", "pr", "permanent resident", "permanent residence"],
  },
  { shown: "Blue Card", forms: ["blue card", "eu blue card"] },
];

/** The two-character forms above, the only short words a query keeps. */
export const SHORT_FORMS: ReadonlySet<string> = new Set(
  ALIAS_GROUPS.flatMap((g) => g.forms).filter((f) => !f.includes(" ") && f.length < 3),
);
