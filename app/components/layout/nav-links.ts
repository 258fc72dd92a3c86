import { cn } from "../../lib/cn";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/advisors", label: "Find Advisors" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-brand-700",
    isActive ? "text-brand-700" : "text-muted",
  );

export type AccountLink = { to: string; label: string };

/**
 * The account menu's pages beyond Dashboard and Settings, for the roles the person holds
 * (whichever they are viewing as): an advisor's Earnings, an admin's Payouts, Audit Log and
 * Reports.
 * Each page checks the role itself; these only make them findable.
 */
export function accountLinks(viewer: { roles: readonly string[] }): AccountLink[] {
  return [
    ...(viewer.roles.includes("advisor") ? [{ to: "/dashboard/earnings", label: "Earnings" }] : []),
    ...(viewer.roles.includes("admin")
      ? [
          { to: "/admin/payouts", label: "Payouts" },
          { to: "/admin/audit", label: "Audit Log" },
          { to: "/admin/reports", label: "Reports" },
        ]
      : []),
  ];
}
