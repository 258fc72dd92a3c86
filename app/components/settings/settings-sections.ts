/** The account centre's sections, in the order of its tabs; each is a route under /settings. */
export const SETTINGS_SECTIONS = [
  { to: "/settings", label: "Profile" },
  { to: "/settings/security", label: "Security" },
] as const;
