import { data, redirect, useActionData, useLoaderData } from "react-router";
import { safeRedirect } from "../../../core/auth-rules";
import { signInSchema, signUpSchema } from "../../../core/forms/auth";
import { AUTH_MESSAGES as MESSAGES } from "../../../core/messages/auth";
import { checkEmail, signIn, signUp } from "../../../server/auth/accounts.server";
import { GOOGLE_PROVIDER_ID } from "../../../server/auth/auth.server";
import { getViewer } from "../../../server/auth/session.server";
import { AuthCard } from "../../components/auth/auth-card";
import { PasskeySignIn } from "../../components/auth/passkey-sign-in";
import { type AuthActionData, type AuthTab, AuthTabs } from "../../components/auth/auth-tabs";
import { flashCookie } from "../../lib/flash";
import { invalidForm, parseForm } from "../../lib/forms";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/auth";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [
    { title: "Sign In / Sign Up | BeenThere" },
    { name: "description", content: "Sign in or create your BeenThere account." },
  ];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const redirectTo = safeRedirect(params.get("redirect"));
  const confirmed = params.get("confirmed") === "1";
  if (await getViewer(request, context)) {
    // The confirmation link has just signed them in: say so where they arrive.
    const headers = confirmed
      ? {
          "Set-Cookie": flashCookie({
            title: MESSAGES.confirmedSignedInTitle,
            description: MESSAGES.confirmedSignedIn,
          }),
        }
      : undefined;
    throw redirect(redirectTo, { headers });
  }
  // Sign Up is the default; Sign In is for the header's Sign In, a confirmed e-mail, and
  // anyone sent here by a page that needs an account. The tabs are links to `?tab=` (they
  // switch before hydration too, ADR 85), so a tab named there wins.
  const named = params.get("tab");
  const signInFirst =
    named === "signin" || (named !== "signup" && (confirmed || params.has("redirect")));
  return {
    redirectTo,
    googleSignIn: Boolean(context.config.google),
    confirmed,
    tab: (signInFirst ? "signin" : "signup") as AuthTab,
  };
}

const fail = (
  intent: AuthTab,
  title: string,
  message: string,
  extra: Partial<AuthActionData> = {},
) => data<AuthActionData>({ intent, ok: false, title, message, ...extra }, { status: 400 });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const redirectTo = safeRedirect(form.get("redirectTo"));

  if (intent === "google") return startGoogleSignIn(request, context, redirectTo);
  return intent === "signin"
    ? signInAction(request, form, context, redirectTo)
    : signUpAction(form, context, redirectTo);
}

async function signInAction(
  request: Request,
  form: FormData,
  context: Route.ActionArgs["context"],
  redirectTo: string,
) {
  const parsed = await parseForm(form, signInSchema);
  if (!parsed.success) return invalidForm(parsed, { intent: "signin" as const, ok: false });
  const result = await signIn(
    context,
    parsed.data,
    { headers: request.headers, clientIp: context.clientIp },
    context.now(),
  );
  if (!result.ok) {
    // The address stays in its field, also where the page is rendered anew (ADR 85).
    return fail("signin", result.title, result.message, { ...result, email: parsed.data.email });
  }
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  // The password was right; an account with a second factor is asked for it next (ADR 92).
  if (result.secondStep) {
    throw redirect(`/auth/two-factor?redirect=${encodeURIComponent(redirectTo)}`, { headers });
  }
  headers.append(
    "Set-Cookie",
    flashCookie({ title: MESSAGES.signInSuccessTitle, description: MESSAGES.signInSuccess }),
  );
  throw redirect(redirectTo, { headers });
}

async function signUpAction(
  form: FormData,
  context: Route.ActionArgs["context"],
  redirectTo: string,
) {
  const parsed = await parseForm(form, signUpSchema);
  if (!parsed.success) return invalidForm(parsed, { intent: "signup" as const, ok: false });
  try {
    const check = await checkEmail(context, parsed.data.email, context.clientIp);
    if (!check.ok) return fail("signup", check.title, check.message);
    if (check.registered) {
      return fail("signup", MESSAGES.emailTakenTitle, MESSAGES.emailTaken, { jumpTo: "signin" });
    }
  } catch (error) {
    context.logger.error({ err: error }, "e-mail check failed");
    return fail("signup", MESSAGES.signUpFailedTitle, MESSAGES.emailCheckFailed);
  }
  const result = await signUp(context, parsed.data, context.clientIp, redirectTo);
  if (!result.ok) return fail("signup", result.title, result.message, result);
  return data<AuthActionData>({
    intent: "signup",
    ok: true,
    title: MESSAGES.signUpSuccessTitle,
    message: MESSAGES.signUpSuccess,
    jumpTo: "signin",
    email: parsed.data.email,
  });
}

async function startGoogleSignIn(
  request: Request,
  context: Route.ActionArgs["context"],
  redirectTo: string,
) {
  if (!context.config.google)
    throw new Response("Google sign-in is not configured", { status: 404 });
  const response = await context.auth.api.signInSocial({
    body: {
      provider: GOOGLE_PROVIDER_ID,
      callbackURL: `/auth/callback?returnTo=${encodeURIComponent(redirectTo)}`,
      errorCallbackURL: "/auth/callback?error=1",
    },
    headers: request.headers,
    asResponse: true,
  });
  const { url } = (await response.json()) as { url: string };
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  throw redirect(url, { headers });
}

/** A sign-in or sign-up that never reached the server stays on the form with a message. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent: AuthTab =
    (await request.clone().formData()).get("intent") === "signin" ? "signin" : "signup";
  return offlineSafe(serverAction, {
    intent,
    ok: false,
    title: MESSAGES.errorTitle,
    message: CONNECTION_LOST,
  } satisfies AuthActionData);
}

export default function AuthPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Sign In / Sign Up" subtitle="For advisors and advice seekers">
      <AuthTabs
        initialTab={loaderData.tab}
        redirectTo={loaderData.redirectTo}
        googleSignIn={loaderData.googleSignIn}
        confirmed={loaderData.confirmed}
        result={actionData}
      />
      <div className="mt-4">
        <PasskeySignIn redirectTo={loaderData.redirectTo} />
      </div>
    </AuthCard>
  );
}
