import {
  IndianRupee,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  ScrollText,
  ShieldAlert,
  Settings,
  Wallet,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { AUTH_MESSAGES } from "../../../core/messages/auth";
import type { ViewerSummary } from "../../lib/viewer";
import { toast } from "../ui/toaster";
import { accountLinks } from "./nav-links";
import { TRIGGER_CLASS, TriggerFace, viewerName } from "./user-menu-trigger";

const ICONS: Record<string, LucideIcon> = {
  "/dashboard/earnings": IndianRupee,
  "/admin/payouts": Wallet,
  "/admin/audit": ScrollText,
  "/admin/reports": ShieldAlert,
};

const item =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-50 [&_svg]:size-4 [&_svg]:text-muted";

/**
 * The avatar menu of a signed-in person: name, e-mail, Dashboard, the pages of their roles
 * (an advisor's Earnings, an admin's Payouts and Audit Log), Settings, Log out. Loaded after
 * the page by user-menu.tsx; `defaultOpen` when the person pressed the button before it was here.
 */
export default function UserMenuDropdown({
  viewer,
  defaultOpen,
}: {
  viewer: ViewerSummary;
  defaultOpen: boolean;
}) {
  const logout = useFetcher<{ error?: string }>();
  const name = viewerName(viewer);

  useEffect(() => {
    if (logout.state === "idle" && logout.data?.error)
      toast.error(AUTH_MESSAGES.errorTitle, { description: logout.data.error });
  }, [logout.state, logout.data]);

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={TRIGGER_CLASS}>
        <TriggerFace viewer={viewer} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-card border border-line bg-surface p-2 shadow-card"
        >
          <div className="px-2 py-2">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-muted">{viewer.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className={item}>
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden="true" /> Dashboard
            </Link>
          </DropdownMenu.Item>
          {accountLinks(viewer).map((link) => {
            const Icon = ICONS[link.to] ?? LayoutDashboard;
            return (
              <DropdownMenu.Item key={link.to} asChild className={item}>
                <Link to={link.to}>
                  <Icon aria-hidden="true" /> {link.label}
                </Link>
              </DropdownMenu.Item>
            );
          })}
          <DropdownMenu.Item asChild className={item}>
            <Link to="/settings">
              <Settings aria-hidden="true" /> Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            className={item}
            onSelect={() => logout.submit(null, { method: "post", action: "/auth/logout" })}
          >
            <LogOut aria-hidden="true" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
