/** Roles (ADR 4): everyone is a seeker; advisors and admins on top. */
export const ROLES = ["admin", "advisor", "seeker"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  advisor: "Advisor",
  seeker: "Advice Seeker",
};

export function rolesOf(user: { admin: string; hasAdvisorProfile: boolean }): Role[] {
  return ROLES.filter(
    (role) =>
      role === "seeker" ||
      (role === "advisor" && user.hasAdvisorProfile) ||
      (role === "admin" && user.admin === "Y"),
  );
}

/** A saved choice wins while still held; otherwise admin > advisor > seeker. */
export function currentRole(roles: readonly Role[], saved: string | null | undefined): Role {
  if (saved && (roles as readonly string[]).includes(saved)) return saved as Role;
  return ROLES.find((role) => roles.includes(role)) ?? "seeker";
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
