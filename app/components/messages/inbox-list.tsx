import { Link } from "react-router";
import type { InboxEntry } from "../../../core/conversation";
import { CONVERSATION_MESSAGES as M } from "../../../core/messages/conversations";
import { cn } from "../../lib/cn";

/** The inbox: a conversation per row, newest first, unread ones marked in words and weight. */
export function InboxList({ entries }: { entries: readonly InboxEntry[] }) {
  return (
    <ul
      className="divide-y divide-line rounded-xl border border-line bg-surface"
      data-testid="inbox"
    >
      {entries.map((e) => (
        <li key={e.id}>
          <Link
            to={`/messages/${e.id}`}
            className="grid gap-1 px-4 py-3 hover:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2"
          >
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className={cn("text-ink", e.unread ? "font-bold" : "font-medium")}>
                {e.otherName}
              </span>
              <span className="text-xs text-muted">{e.lastMessageLabel}</span>
            </span>
            <span className="flex items-start gap-2">
              {e.unread ? (
                <span className="mt-0.5 shrink-0 rounded-full bg-brand-700 px-2 text-xs leading-5 font-semibold text-white">
                  {M.unread}
                </span>
              ) : null}
              <span className={e.unread ? "text-ink" : "text-muted"}>{e.preview}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
