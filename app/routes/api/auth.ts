import type { Route } from "./+types/auth";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/*
 * better-auth answers only the links a browser follows (GETs): e-mail confirmation, reset links
 * and the Google callback. Sign-up, sign-in and the rest go through our own actions, which add
 * the lockout, the rate limits and the product's messages — so they cannot be bypassed here.
 * Without an action, any POST is refused (405) before better-auth would read its body.
 */
const BROWSER_PATHS = [
  /^\/api\/auth\/verify-email$/,
  /^\/api\/auth\/reset-password\/[^/]+$/,
  /^\/api\/auth\/callback\/[^/]+$/,
];

export const handle: CacheHandle = { cache: NOT_KEPT };

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!BROWSER_PATHS.some((path) => path.test(pathname))) {
    return new Response("Not found", { status: 404 });
  }
  return context.auth.handler(request);
}
