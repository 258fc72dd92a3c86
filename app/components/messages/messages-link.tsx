import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import { CONVERSATION_MESSAGES as M } from "../../../core/messages/conversations";
import { cn } from "../../lib/cn";

/** The header's way to the inbox, with how many conversations have something unread. */
export function MessagesLink({ unread, className }: { unread: number; className?: string }) {
  const label = unread > 0 ? `${M.headerLink}, ${M.headerUnread(unread)}` : M.headerLink;
  return (
    <Link
      to="/messages"
      aria-label={label}
      title={label}
      className={cn(
        "relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2",
        className,
      )}
    >
      <MessagesSquare aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
