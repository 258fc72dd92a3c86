import { Menu } from "lucide-react";
import { useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { cn } from "../../lib/cn";
import { useViewer } from "../../lib/viewer";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog";
import { JoinAdvisorButton } from "./join-advisor-button";
import { Logo } from "./logo";
import { RoleSwitcher } from "./role-switcher";
import { UserMenu } from "./user-menu";

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

/** The site-wide header: logo, navigation and the calls to action. */
export function SiteHeader() {
  const viewer = useViewer();
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
          {viewer ? <RoleSwitcher viewer={viewer} className="hidden xl:flex" /> : null}
          <JoinAdvisorButton viewer={viewer} className="hidden lg:inline-flex" />
          <Button asChild variant="accent" size="md">
            <Link to="/free-discovery-call">
              <span className="hidden sm:inline">Book Free Discovery Call</span>
              <span className="sm:hidden">Book Call</span>
            </Link>
          </Button>
          {viewer ? (
            <UserMenu viewer={viewer} />
          ) : (
            <Button asChild className="hidden sm:inline-flex">
              <Link to="/auth?tab=signin">Sign In</Link>
            </Button>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function MobileMenu() {
  const viewer = useViewer();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Any navigation (a link, sign-out) closes the menu.
  const [openedAt, setOpenedAt] = useState(location.key);
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    setOpen(false);
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu className="size-5!" />
        </Button>
      </DialogTrigger>
      <DialogContent title="Menu" className="top-4 max-w-sm translate-y-0">
        <nav aria-label="Mobile" className="grid gap-1">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {viewer ? <RoleSwitcher viewer={viewer} /> : null}
        <div className="grid gap-2 border-t border-line pt-4">
          <JoinAdvisorButton viewer={viewer} />
          {viewer ? (
            <>
              <Button asChild variant="outline">
                <Link to="/dashboard">Dashboard</Link>
              </Button>
              <Form method="post" action="/auth/logout">
                <Button type="submit" variant="ghost" className="w-full">
                  Log out
                </Button>
              </Form>
            </>
          ) : (
            <Button asChild>
              <Link to="/auth?tab=signin">Sign In</Link>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
