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
