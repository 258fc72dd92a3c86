import { toSingleLine } from "../plain-text-rules";

/*
 * What the admin screens read from a request besides their forms' schemas
 * (core/forms/admin.ts): the search box, the role filter, a post as a plain object, and the
 * rejection reason's limit (the server's and the reject dialog's).
 */
export const REJECTION_REASON_MAX = 1000;

/**
 * What an admin screen's search box asked for: one line of at most 100 characters. Control
 * characters go (PostgreSQL refuses a NUL in text, and no name holds one).
 */
export const adminSearchText = (value: string | null) => toSingleLine(value ?? "").slice(0, 100);

/** The users page's role filter: everyone, people who are only seekers, advisors, admins. */
export const USER_ROLE_FILTERS = ["all", "seeker", "advisor", "admin"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

/** A form post as a plain object, for the schemas of core/forms/admin.ts. */
export function formObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}
