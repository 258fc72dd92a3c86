import type { Route } from "./+types/robots";
import { type CacheHandle, SHARED, STATIC } from "../../../core/cache-contract";

/** Shared caches may keep it five minutes, and serve it stale for a day while they ask again. */
export const handle: CacheHandle = {
  cache: {
    ...SHARED,
    ...STATIC,
    cacheControl: "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
  },
};

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /dashboard",
    "Disallow: /admin/",
    "Disallow: /settings",
    "Disallow: /dev/",
    "",
    `Sitemap: ${context.config.appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
