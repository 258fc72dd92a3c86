import { type ReactNode, useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { FieldErrors, FormValues } from "../../../core/form";
import { signInSchema, signUpSchema } from "../../../core/forms/auth";
import { AUTH_MESSAGES } from "../../../core/messages/auth";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";
import { toast } from "../ui/toaster";
import { FormSummary } from "../ui/form-summary";
import { LegalDialog } from "./legal-dialog";
import { NewPasswordField } from "./new-password-field";

export type AuthTab = "signup" | "signin";

/**
 * What the auth route's action answers: a form-level message (the product's title and text), or
 * per-field errors from the schema.
 */
export type AuthActionData = {
  intent: AuthTab;
  ok: boolean;
  title?: string;
  message?: string;
  hint?: string;
  jumpTo?: AuthTab;
  email?: string;
  fieldErrors?: FieldErrors<typeof signUpSchema> | FieldErrors<typeof signInSchema>;
  values?: Partial<FormValues<typeof signUpSchema>>;
};

type Props = {
  initialTab: AuthTab;
  redirectTo: string;
  googleSignIn: boolean;
  confirmed: boolean;
  result: AuthActionData | undefined;
};

/**
 * The two tabs of /auth; which one shows follows the last answer. Each answer is shown once,
 * in the form it belongs to (field errors beside their fields, the rest under the form).
 */
export function AuthTabs({ initialTab, redirectTo, googleSignIn, confirmed, result }: Props) {
  // An answer rendered by the server (a form sent before the scripts ran, ADR 85) opens on the
  // tab it belongs to, as it would have moved there in the browser.
  const [tab, setTab] = useState<AuthTab>(() =>
    result ? (result.ok && result.jumpTo ? result.jumpTo : result.intent) : initialTab,
  );
  const navigation = useNavigation();
  const location = useLocation();
  /** A tab as a link (`?tab=`), so it switches before hydration too; after, Radix switches. */
  const tabHref = (to: AuthTab) => {
    const params = new URLSearchParams(location.search);
    params.set("tab", to);
    return `${location.pathname}?${params}`;
  };
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  // A successful sign-up moves on to the Sign In tab.
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    if (result?.ok && result.jumpTo) setTab(result.jumpTo);
  }

  // Landing here from the confirmation link: one toast, on the Sign In tab.
  useEffect(() => {
    if (confirmed) {
      toast.success(AUTH_MESSAGES.emailConfirmedTitle, {
        id: "email-confirmed",
        description: AUTH_MESSAGES.emailConfirmed,
      });
    }
  }, [confirmed]);

  const signUpForm = useZodForm(signUpSchema, {
    id: "signup",
    result: result?.intent === "signup" ? result : undefined,
  });
  const signInForm = useZodForm(signInSchema, {
    id: "signin",
    result: result?.intent === "signin" ? result : undefined,
  });

  // A success that moved tabs is shown where the person now is.
  const message = (tab: AuthTab) =>
    result?.title &&
    result.message &&
    (result.ok ? (result.jumpTo ?? result.intent) : result.intent) === tab ? (
      <FormSummary
        tone={result.ok ? "success" : "error"}
        title={result.title}
        message={result.message}
      >
        {result.hint ? <p>{result.hint}</p> : null}
        {!result.ok && result.jumpTo ? (
          <button
            type="button"
            className="justify-self-start font-semibold underline underline-offset-2"
            onClick={() => setTab(result.jumpTo!)}
          >
            {result.jumpTo === "signin" ? "Go to Sign In" : "Go to Sign Up"}
          </button>
        ) : null}
      </FormSummary>
    ) : null;

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
      <TabsList aria-label="Sign up or sign in">
        {(["signup", "signin"] as const).map((value) => (
          <TabsTrigger key={value} value={value} asChild>
            <a href={tabHref(value)} onClick={(event) => event.preventDefault()}>
              {value === "signup" ? "Sign Up" : "Sign In"}
            </a>
          </TabsTrigger>
        ))}
      </TabsList>

      <TabsContent value="signup" className="mt-6 grid gap-4">
        {googleSignIn ? <GoogleButton redirectTo={redirectTo} busy={busy === "google"} /> : null}
        <Form method="post" className="grid gap-4" {...signUpForm.props}>
          <input type="hidden" name="intent" value="signup" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField form={signUpForm} name="firstName" label="First Name">
              <Input autoComplete="given-name" required />
            </FormField>
            <FormField form={signUpForm} name="lastName" label="Last Name">
              <Input autoComplete="family-name" required />
            </FormField>
          </div>
          <FormField form={signUpForm} name="email" label="Email">
            <Input type="email" autoComplete="email" required />
          </FormField>
          <NewPasswordField form={signUpForm} name="password" label="Password" />
          <p className="text-xs text-muted">
            By signing up you agree to our <LegalDialog kind="terms" /> and{" "}
            <LegalDialog kind="privacy" />.
          </p>
          {message("signup")}
          <Button type="submit" size="lg" disabled={busy === "signup"}>
            {busy === "signup" ? "Creating account..." : "Sign Up"}
          </Button>
        </Form>
      </TabsContent>

      <TabsContent value="signin" className="mt-6 grid gap-4">
        {googleSignIn ? (
          <GoogleButton redirectTo={redirectTo} busy={busy === "google"}>
            {/* Google makes an account for someone new: they agree here, as on Sign Up. */}
            <p className="text-xs text-muted">
              New to BeenThere? Continuing with Google creates your account, and you agree to our{" "}
              <LegalDialog kind="terms" /> and <LegalDialog kind="privacy" />.
            </p>
          </GoogleButton>
        ) : null}
        <Form method="post" className="grid gap-4" {...signInForm.props}>
          <input type="hidden" name="intent" value="signin" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormField form={signInForm} name="email" label="Email">
            <Input
              type="email"
              autoComplete="email"
              defaultValue={result?.email ?? undefined}
              required
            />
          </FormField>
          <FormField form={signInForm} name="password" label="Password">
            <Input type="password" autoComplete="current-password" required />
          </FormField>
          <div className="flex items-center justify-between gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" name="rememberMe" className="size-4 accent-brand-700" />
              Remember me
            </label>
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          {message("signin")}
          <Button type="submit" size="lg" disabled={busy === "signin"}>
            {busy === "signin" ? "Signing in..." : "Sign In"}
          </Button>
        </Form>
      </TabsContent>
    </Tabs>
  );
}

function GoogleButton({
  redirectTo,
  busy,
  children,
}: {
  redirectTo: string;
  busy: boolean;
  /** Said right under the button. */
  children?: ReactNode;
}) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="google" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Button type="submit" variant="outline" size="lg" className="w-full" disabled={busy}>
          <GoogleMark />
          Continue with Google
        </Button>
      </Form>
      {children}
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
      </div>
    </>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.6V6.7H1.3a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.7l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
      />
    </svg>
  );
}
