import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { newPasswordSchema } from "../../../core/forms/auth";
import { AUTH_MESSAGES as MESSAGES } from "../../../core/messages/auth";
import { activateInvite, resetPassword } from "../../../server/auth/accounts.server";
import { AuthCard } from "../../components/auth/auth-card";
import { FormSummary } from "../../components/ui/form-summary";
import { NewPasswordField } from "../../components/auth/new-password-field";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { flashCookie } from "../../lib/flash";
import { invalidForm, parseForm, useZodForm } from "../../lib/forms";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { LegalDialog } from "../../components/auth/legal-dialog";
import type { Route } from "./+types/reset-password";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/** Invited advisors set their first password here; everyone else resets theirs. */
const isSetup = (type: string | null) => type === "invite" || type === "signup";

export function meta({ location }: Route.MetaArgs) {
  const setup = isSetup(new URLSearchParams(location.search).get("type"));
  return [{ title: `${setup ? "Set Your Password" : "Reset Password"} | BeenThere` }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    token: url.searchParams.get("token") ?? "",
    setup: isSetup(url.searchParams.get("type")),
    linkError: url.searchParams.has("error"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const setup = isSetup(new URL(request.url).searchParams.get("type"));
  const parsed = await parseForm(request, newPasswordSchema);
  if (!parsed.success) {
    // A missing token is the link's fault, not a field's: say so above the button.
    const { token: tokenError, ...fieldErrors } = parsed.fieldErrors;
    return invalidForm({ ...parsed, fieldErrors }, tokenError ? { message: tokenError } : {});
  }
  const { token, password } = parsed.data;
  const result = setup
    ? await activateInvite(context.db, { token, password }, context.now())
    : await resetPassword(context.auth, { token, password });
  if (!result.ok) return data({ message: result.message }, { status: 400 });
  const flash = setup
    ? { title: MESSAGES.activatedTitle, description: MESSAGES.passwordSet }
    : { title: MESSAGES.passwordUpdated, description: MESSAGES.passwordUpdatedHint };
  throw redirect("/auth?tab=signin", { headers: { "Set-Cookie": flashCookie(flash) } });
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { message: CONNECTION_LOST });
}

export default function ResetPassword() {
  const { token, setup, linkError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const form = useZodForm(newPasswordSchema, { id: "new", result });
  const error =
    (result && "message" in result ? result.message : undefined) ??
    (linkError || !token ? MESSAGES.updatePasswordFailed : null);
  return (
    <AuthCard
      title={setup ? "Set Your Password" : "Reset Password"}
      subtitle={
        setup
          ? "Choose a password to activate your advisor account."
          : "Choose a new password for your account."
      }
    >
      <Form method="post" className="grid gap-4" {...form.props}>
        <input type="hidden" name="token" value={token} />
        <NewPasswordField form={form} name="password" label="New Password" />
        <FormField form={form} name="confirmPassword" label="Confirm Password">
          <Input type="password" autoComplete="new-password" required />
        </FormField>
        {setup ? (
          <p className="text-xs text-muted">
            By activating your account you agree to our <LegalDialog kind="terms" /> and{" "}
            <LegalDialog kind="privacy" />.
          </p>
        ) : null}
        {error ? <FormSummary tone="error" title={MESSAGES.errorTitle} message={error} /> : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Saving..." : setup ? "Activate Account" : "Update Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
