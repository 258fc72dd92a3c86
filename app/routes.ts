import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Anything else: the 404 page, with the missing path logged.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
