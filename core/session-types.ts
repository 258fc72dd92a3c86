/*
 * The kinds of session and how each is named, without the booking request's schemas: pages
 * that only show a session (the booking panel's plain steps, the facts) load no zod for it.
 */
export const SESSION_TYPES = ["Discovery Call", "First Call", "Follow up call"] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** Shown for the session type everywhere: the discovery call has a friendlier name. */
export function sessionTypeLabel(type: SessionType): string {
  return type === "Discovery Call" ? "Free Discovery Call" : type;
}
