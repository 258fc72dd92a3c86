/*
 * The admin lists are paged by keys (keyset pagination, server/db/keyset.ts): a page's links
 * carry the opaque key of the row they continue from, never a page number, so a page costs the
 * same at the start and at the end of a long list. These are the links' URL parameters.
 */

/** `?after=<key>`: the rows after it; `?before=<key>`: the rows before it; `?last=1`: the end. */
export const PAGE_PARAMS = { after: "after", before: "before", last: "last" } as const;

/** Where a page's neighbours start: the keys its Previous and Next links carry (null at an end). */
export type PageKeys = { previous: string | null; next: string | null };

export type PageMove = "first" | "previous" | "next" | "last";

/**
 * The link of a move from a page of a list filtered by `filters` (empty values left out), or
 * null when the page is already at that end.
 */
export function pageHref(
  filters: Record<string, string>,
  keys: PageKeys,
  move: PageMove,
): string | null {
  const toStart = move === "first" || move === "previous";
  if ((toStart ? keys.previous : keys.next) === null) return null;
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ""));
  if (move === "previous") params.set(PAGE_PARAMS.before, keys.previous!);
  if (move === "next") params.set(PAGE_PARAMS.after, keys.next!);
  if (move === "last") params.set(PAGE_PARAMS.last, "1");
  return `?${params}`;
}

/** "1 user", "20 users", "10,000+ users": counts stop at a bound (a count costs at most that). */
export function countLabel(count: { n: number; more: boolean }, one: string, many: string) {
  if (count.n === 1 && !count.more) return `1 ${one}`;
  return `${count.n.toLocaleString("en-IN")}${count.more ? "+" : ""} ${many}`;
}
