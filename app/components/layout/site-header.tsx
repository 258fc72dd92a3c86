import { Menu } from "lucide-react";
import { Link, NavLink } from "react-router";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../ui/dialog";
import { Logo } from "./logo";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/advisors", label: "Find Advisors" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-brand-700",
    isActive ? "text-brand-700" : "text-muted",
  );

/** The site-wide header: logo, navigation and the calls to action (spec part 1, section 2). */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Button asChild variant="outline" className="hidden lg:inline-flex">
            <Link to="/join-as-advisor">Join As Advisor</Link>
          </Button>
          <Button asChild variant="accent" size="md">
            <Link to="/free-discovery-call">
              <span className="hidden sm:inline">Book Free Discovery Call</span>
              <span className="sm:hidden">Book Call</span>
            </Link>
          </Button>
          <Button asChild className="hidden sm:inline-flex">
            <Link to="/auth">Sign In</Link>
          </Button>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function MobileMenu() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu className="size-5!" />
        </Button>
      </DialogTrigger>
      <DialogContent title="Menu" className="top-4 max-w-sm translate-y-0">
        <nav aria-label="Mobile" className="grid gap-1">
          {NAV_LINKS.map((link) => (
            <DialogClose asChild key={link.to}>
              <NavLink to={link.to} end className={navClass}>
                {link.label}
              </NavLink>
            </DialogClose>
          ))}
        </nav>
        <div className="grid gap-2 border-t border-line pt-4">
          <DialogClose asChild>
            <Button asChild variant="outline">
              <Link to="/join-as-advisor">Join As Advisor</Link>
            </Button>
          </DialogClose>
          <DialogClose asChild>
            <Button asChild>
              <Link to="/auth">Sign In</Link>
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
