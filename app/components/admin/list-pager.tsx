import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type PageKeys, type PageMove, pageHref } from "../../../core/admin/list-page";
import { cn } from "../../lib/cn";
import { buttonVariants } from "../ui/button";

const MOVES: { move: PageMove; rel?: string; content: ReactNode }[] = [
  {
    move: "first",
    content: (
      <>
        <ChevronsLeft aria-hidden="true" /> <span className="max-sm:sr-only">First</span>
      </>
    ),
  },
  {
    move: "previous",
    rel: "prev",
    content: (
      <>
        <ChevronLeft aria-hidden="true" /> Previous
      </>
    ),
  },
  {
    move: "next",
    rel: "next",
    content: (
      <>
        Next <ChevronRight aria-hidden="true" />
      </>
    ),
  },
  {
    move: "last",
    content: (
      <>
        <span className="max-sm:sr-only">Last</span> <ChevronsRight aria-hidden="true" />
      </>
    ),
  },
];

/**
 * The pager of a list paged by keys (core/admin/list-page.ts): First, Previous, Next and Last
 * (First and Last as icons on a phone) as plain links, so no JavaScript is needed; a move to the end the page is at is shown
 * disabled. `filters` are the list's other URL parameters, kept by every link. Nothing is
 * shown when the list fits on one page.
 */
export function ListPager({
  keys,
  filters,
  label = "Pages",
  preventScrollReset,
  className,
}: {
  keys: PageKeys;
  filters: Record<string, string>;
  label?: string;
  /** For a list within a longer page: the page stays where it is. */
  preventScrollReset?: boolean;
  className?: string;
}) {
  if (keys.previous === null && keys.next === null) return null;
  return (
    <nav
      aria-label={label}
      className={cn("flex flex-wrap items-center justify-center gap-2", className)}
    >
      {MOVES.map(({ move, rel, content }) => {
        const href = pageHref(filters, keys, move);
        const look = buttonVariants({ variant: "outline", size: "sm" });
        return href ? (
          <Link
            key={move}
            to={href}
            rel={rel}
            preventScrollReset={preventScrollReset}
            className={look}
          >
            {content}
          </Link>
        ) : (
          <span
            key={move}
            aria-disabled="true"
            className={cn(look, "pointer-events-none opacity-50")}
          >
            {content}
          </span>
        );
      })}
    </nav>
  );
}
