import type { Route } from "./+types/sitemap";
import { type CacheHandle, DIRECTORY, SHARED } from "../../../core/cache-contract";

const PUBLIC_PAGES = [
  "/",
  "/advisors",
  "/about",
  "/contact",
  "/become-advisor",
  "/free-discovery-call",
  "/terms",
  "/privacy",
  "/cancellation-refunds",
  "/advisor-agreement",
  "/code-of-conduct",
];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export const handle: CacheHandle = { cache: { ...SHARED, ...DIRECTORY } };

/** The public pages and every approved advisor profile, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.appUrl;
  const advisors = await context.directory.sitemap();
  const urls = [
    ...PUBLIC_PAGES.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>`),
    ...advisors.map(
      (a) =>
        `<url><loc>${escapeXml(`${base}/advisor/${a.id}`)}</loc><lastmod>${a.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
