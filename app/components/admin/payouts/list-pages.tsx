import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { PayoutList, PayoutListPage } from "../../../../core/admin/payouts";
import { PAYOUT_MESSAGES as M } from "../../../../core/messages/payouts";
import { cn } from "../../../lib/cn";
import { buttonVariants } from "../../ui/button";

/**
 * A list's Previous and Next links and where it is. Each list pages on its own URL parameter;
 * a link keeps the others' (and the search) as they are, and the page where it was scrolled.
 */
export function ListPages({
  list,
  label,
  page,
}: {
  list: PayoutList;
  label: string;
  page: PayoutListPage<unknown>;
}) {
  const [params] = useSearchParams();
  if (page.pageCount <= 1) return null;
  const link = (key: string | null, rel: "prev" | "next", content: ReactNode) => {
    const look = buttonVariants({ variant: "outline", size: "sm" });
    if (key === null) {
      return (
        <span aria-disabled="true" className={cn(look, "pointer-events-none opacity-50")}>
          {content}
        </span>
      );
    }
    const target = new URLSearchParams(params);
    target.set(list, key);
    return (
      <Link to={`?${target}`} rel={rel} preventScrollReset className={look}>
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      {link(
        page.keys.previous,
        "prev",
        <>
          <ChevronLeft aria-hidden="true" /> Previous
        </>,
      )}
      <span className="text-sm text-muted">{M.pageOf(page.page, page.pageCount)}</span>
      {link(
        page.keys.next,
        "next",
        <>
          Next <ChevronRight aria-hidden="true" />
        </>,
      )}
    </nav>
  );
}
