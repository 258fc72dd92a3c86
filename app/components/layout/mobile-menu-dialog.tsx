import type { RefObject } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useViewer } from "../../lib/viewer";
import { Button } from "../ui/button";
import { Dialog, DialogContent } from "../ui/dialog";
import { JoinAdvisorButton } from "./join-advisor-button";
import { accountLinks, NAV_LINKS, navClass } from "./nav-links";
import { RoleSwitcher } from "./role-switcher";

/**
 * The phone menu's dialog, loaded when the menu is first opened (site-header.tsx), so pages
 * download no dialog code up front. Closing it puts the focus back on the menu button.
 */
export default function MobileMenuDialog({
  open,
  onOpenChange,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const viewer = useViewer();
  // As in the header: on the dashboard its own switcher is the one.
  const onDashboard = useLocation().pathname === "/dashboard";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Menu"
        className="top-4 max-w-sm translate-y-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <nav aria-label="Mobile" className="grid gap-1">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {viewer && !onDashboard ? <RoleSwitcher viewer={viewer} /> : null}
        <div className="grid gap-2 border-t border-line pt-4">
          <JoinAdvisorButton viewer={viewer} />
          {viewer ? (
            <>
              <Button asChild variant="outline">
                <Link to="/dashboard">Dashboard</Link>
              </Button>
              {/* The header shows this link from 640 px on; on a phone it lives here. */}
              <Button asChild variant="outline">
                <Link to="/messages">
                  {viewer.unreadConversations > 0
                    ? `Messages (${viewer.unreadConversations} unread)`
                    : "Messages"}
                </Link>
              </Button>
              {accountLinks(viewer).map((link) => (
                <Button key={link.to} asChild variant="outline">
                  <Link to={link.to}>{link.label}</Link>
                </Button>
              ))}
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
