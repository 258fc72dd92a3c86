/** The URL of a listing page, as the search box and the pager link to it (no zod: pages import it). */
export function advisorSearchUrl(search: string, page = 1): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set("search", search.trim());
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/advisors?${query}` : "/advisors";
}
