/** The account centre's sections, in the order of its tabs; each is a route under /settings. */
export const SETTINGS_SECTIONS = [
  { to: "/settings", label: "Profile" },
  { to: "/settings/account", label: "Account" },
  { to: "/settings/security", label: "Security" },
  { to: "/settings/notifications", label: "Notifications" },
  { to: "/settings/privacy", label: "Privacy" },
] as const;
