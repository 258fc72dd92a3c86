import type { Route } from "./+types/auth";

/*
 * better-auth answers only the links a browser follows: e-mail confirmation, reset links and
 * the Google callback. Sign-up, sign-in and the rest go through our own actions, which add
 * the lockout, the rate limits and the product's messages — so they cannot be bypassed here.
 */
const BROWSER_PATHS = [
  /^\/api\/auth\/verify-email$/,
  /^\/api\/auth\/reset-password\/[^/]+$/,
  /^\/api\/auth\/callback\/[^/]+$/,
];

function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { pathname } = new URL(request.url);
  if (!BROWSER_PATHS.some((path) => path.test(pathname))) {
    return new Response("Not found", { status: 404 });
  }
  return context.auth.handler(request);
}

export const loader = handle;
export const action = handle;
