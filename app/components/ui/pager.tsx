import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { buttonVariants } from "./button";

/** Previous / next page links with the position in between; plain links, so no JS needed. */
export function Pager({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const step = (direction: "prev" | "next") => {
    const target = direction === "prev" ? page - 1 : page + 1;
    const content =
      direction === "prev" ? (
        <>
          <ChevronLeft aria-hidden="true" /> Previous
        </>
      ) : (
        <>
          Next <ChevronRight aria-hidden="true" />
        </>
      );
    if (target < 1 || target > pageCount) {
      return (
        <span
          aria-disabled="true"
          className={cn(buttonVariants({ variant: "outline" }), "pointer-events-none opacity-50")}
        >
          {content}
        </span>
      );
    }
    return (
      <Link to={hrefFor(target)} rel={direction} className={buttonVariants({ variant: "outline" })}>
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3">
      {step("prev")}
      <span className="text-sm text-muted">
        Page {page} of {pageCount}
      </span>
      {step("next")}
    </nav>
  );
}
