import { data, Form, Link, redirect, useNavigation } from "react-router";
import { safeRedirect } from "../../../core/auth-rules";
import { backupStepSchema, totpStepSchema } from "../../../core/forms/security";
import { AUTH_MESSAGES } from "../../../core/messages/auth";
import { SECURITY_MESSAGES as M } from "../../../core/messages/security";
import { pendingSignIn, verifySecondStep } from "../../../server/auth/second-factor.server";
import { getViewer } from "../../../server/auth/session.server";
import { AuthCard } from "../../components/auth/auth-card";
import { PasskeySignIn } from "../../components/auth/passkey-sign-in";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { FormSummary } from "../../components/ui/form-summary";
import { Input } from "../../components/ui/input";
import { flashCookie } from "../../lib/flash";
import { invalidForm, parseForm, useZodForm } from "../../lib/forms";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/two-factor";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/*
 * The sign-in's second step (ADR 92): after the right password of an account with a second
 * factor, a code from the authenticator app, a backup code, or a passkey. Plain forms, so it
 * works before the scripts run (ADR 85); the passkey button appears once they do.
 */

export function meta() {
  return [{ title: "Two-factor authentication | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

type Method = "totp" | "backup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(params.get("redirect"));
  if (await getViewer(request, context)) throw redirect(redirectTo);
  const pending = await pendingSignIn(context.db, request, context.now());
  // No password step first, or it timed out: the page says so and links to sign in again.
  if (!pending) return { redirectTo, method: null, passkey: false, expired: true };
  const method: Method | null = !pending.totp
    ? null
    : params.get("method") === "backup"
      ? "backup"
      : "totp";
  return { redirectTo, method, passkey: pending.passkey, expired: false };
}

export type SecondStepActionData = {
  ok: false;
  title?: string;
  message?: string;
  restart?: boolean;
  fieldErrors?: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const method: Method = form.get("method") === "backup" ? "backup" : "totp";
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (!(await pendingSignIn(context.db, request, context.now()))) {
    return data<SecondStepActionData>(
      { ok: false, title: M.challengeExpiredTitle, message: M.challengeExpired, restart: true },
      { status: 400 },
    );
  }
  const parsed = await parseForm(form, method === "backup" ? backupStepSchema : totpStepSchema);
  if (!parsed.success) return invalidForm(parsed, { ok: false as const });
  const result = await verifySecondStep(
    context,
    { method, code: parsed.data.code, trustDevice: parsed.data.trustDevice },
    { request, clientIp: context.clientIp },
    context.now(),
  );
  if (!result.ok) {
    const { title, message, restart } = result as SecondStepActionData;
    return data<SecondStepActionData>({ ok: false, title, message, restart }, { status: 400 });
  }
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    flashCookie({
      title: AUTH_MESSAGES.signInSuccessTitle,
      description: AUTH_MESSAGES.signInSuccess,
    }),
  );
  throw redirect(redirectTo, { headers });
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, method, passkey, expired } = loaderData;
  const result = actionData as SecondStepActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const totpForm = useZodForm(totpStepSchema, { id: "totp", result });
  const backupForm = useZodForm(backupStepSchema, { id: "backup", result });
  const switchHref = (to: Method) =>
    `/auth/two-factor?${new URLSearchParams({ redirect: redirectTo, ...(to === "backup" ? { method: "backup" } : {}) })}`;
  const restart = `/auth?tab=signin&redirect=${encodeURIComponent(redirectTo)}`;

  const shown =
    result ??
    (expired
      ? { title: M.challengeExpiredTitle, message: M.challengeExpired, restart: true }
      : undefined);
  const summary = (
    <FormSummary title={shown?.title} message={shown?.message}>
      {shown?.restart ? (
        <Link to={restart} className="justify-self-start font-semibold underline">
          Sign in again
        </Link>
      ) : null}
    </FormSummary>
  );

  return (
    <AuthCard title={M.secondStepTitle}>
      <div className="grid gap-6">
        {method ? (
          <Form
            // A new form per method: no attribute of one code's input lingers on the other's.
            key={method}
            method="post"
            className="grid gap-4"
            {...(method === "totp" ? totpForm.props : backupForm.props)}
          >
            <p className="text-sm text-muted">
              {method === "totp" ? M.secondStepIntro : M.secondStepBackupIntro}
            </p>
            <input type="hidden" name="method" value={method} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {method === "totp" ? (
              <FormField form={totpForm} name="code" label={M.codeLabel}>
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]*"
                  maxLength={8}
                  required
                />
              </FormField>
            ) : (
              <FormField form={backupForm} name="code" label={M.backupCodeLabel}>
                <Input autoComplete="off" autoCapitalize="none" spellCheck={false} required />
              </FormField>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="trustDevice" className="size-4 accent-brand-700" />
              {M.trustDevice}
            </label>
            {summary}
            <Button type="submit" size="lg" disabled={busy}>
              {M.verify}
            </Button>
            <Link
              to={switchHref(method === "totp" ? "backup" : "totp")}
              className="justify-self-center text-sm font-medium text-brand-700 hover:underline"
            >
              {method === "totp" ? M.useBackupCode : M.useAuthenticator}
            </Link>
          </Form>
        ) : expired ? (
          summary
        ) : (
          <>
            <p className="text-sm text-muted">{M.secondStepPasskeyOnly}</p>
            {summary}
          </>
        )}
        {passkey ? <PasskeySignIn redirectTo={redirectTo} label={M.usePasskey} /> : null}
      </div>
    </AuthCard>
  );
}
