import { useEffect } from "react";

/**
 * The page's title from inside the page, where a route's `meta` cannot give it (an error
 * boundary's page). React on the server moves a `<title>` rendered here into the head; Preact,
 * which the browser runs (ADR 86), would leave it in the body, so there the title is set on
 * the document instead.
 */
export function DocumentTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = children;
  }, [children]);
  // eslint-disable-next-line no-restricted-syntax -- server-only: React hoists it into the head
  return typeof document === "undefined" ? <title>{children}</title> : null;
}
