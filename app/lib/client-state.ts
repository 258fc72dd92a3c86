import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For a route's `shouldRevalidate`: a move within one page that changes only its query (a
 * booking or wizard step, ADR 72) asks the server nothing, since no loader of those pages
 * reads those parameters; a submission, another page, or an explicit revalidation (same URL)
 * revalidates as React Router would.
 */
export function revalidateUnlessQueryOnly({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const queryOnly =
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return queryOnly ? false : defaultShouldRevalidate;
}
