import { Menu } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useViewer } from "../../lib/viewer";
import { Button } from "../ui/button";
import { MessagesLink } from "../messages/messages-link";
import { JoinAdvisorButton } from "./join-advisor-button";
import { Logo } from "./logo";
import { NAV_LINKS, navClass } from "./nav-links";
import { RoleSwitcher } from "./role-switcher";
import { UserMenu } from "./user-menu";

const loadMobileMenu = () => import("./mobile-menu-dialog");
const MobileMenuDialog = lazy(loadMobileMenu);

/** The site-wide header: logo, navigation and the calls to action. */
export function SiteHeader() {
  const viewer = useViewer();
  // The dashboard has its own "Viewing as:" beside its heading: the header's would repeat it.
  const onDashboard = useLocation().pathname === "/dashboard";
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface print:hidden">
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
          {viewer && !onDashboard ? (
            <RoleSwitcher viewer={viewer} className="hidden xl:flex" />
          ) : null}
          <JoinAdvisorButton viewer={viewer} className="hidden lg:inline-flex" />
          <Button asChild variant="accent" size="md">
            <Link to="/free-discovery-call">
              <span className="hidden sm:inline">Book Free Discovery Call</span>
              <span className="sm:hidden">Book Call</span>
            </Link>
          </Button>
          {viewer ? (
            <MessagesLink unread={viewer.unreadConversations} className="hidden sm:inline-flex" />
          ) : null}
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

/** The phone menu: a button, and a dialog whose code loads when it is first opened. */
function MobileMenu() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Any navigation (a link, sign-out) closes the menu.
  const [openedAt, setOpenedAt] = useState(location.key);
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    setOpen(false);
  }
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        // A finger or pointer on its way: start loading the dialog's code.
        onPointerDown={() => void loadMobileMenu()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5!" />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} triggerRef={button} />
        </Suspense>
      ) : null}
    </>
  );
}
