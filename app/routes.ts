import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("advisors", "routes/advisors.tsx"),
  route("advisor/:id", "routes/advisor-profile.tsx"),
  route("api/advisors", "routes/api/advisors.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  // Static and legal pages
  route("about", "routes/pages/about.tsx"),
  route("contact", "routes/pages/contact.tsx"),
  route("terms", "routes/pages/terms.tsx"),
  route("privacy", "routes/pages/privacy.tsx"),
  route("cancellation-refunds", "routes/pages/cancellation-refunds.tsx"),
  route("advisor-agreement", "routes/pages/advisor-agreement.tsx"),
  route("code-of-conduct", "routes/pages/code-of-conduct.tsx"),

  // Anything else: the 404 page, with the missing path logged.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
