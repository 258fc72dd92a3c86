import { MailCheck } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { forgotPasswordSchema } from "../../../core/forms/auth";
import { AUTH_MESSAGES as MESSAGES } from "../../../core/messages/auth";
import { requestPasswordReset } from "../../../server/auth/accounts.server";
import { AuthCard } from "../../components/auth/auth-card";
import { FormSummary } from "../../components/ui/form-summary";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { invalidForm, parseForm, useZodForm } from "../../lib/forms";
import { offlineSafe } from "../../lib/offline-safe";
import type { Route } from "./+types/forgot-password";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Forgot Password | BeenThere" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, forgotPasswordSchema);
  if (!parsed.success) return invalidForm(parsed, { ok: false });
  const result = await requestPasswordReset(context, parsed.data.email, context.clientIp);
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 400 });
  return { ok: true, message: MESSAGES.resetSentTitle };
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false, message: MESSAGES.resetSendFailed });
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const form = useZodForm(forgotPasswordSchema, { id: "reset", result });
  if (result?.ok) {
    return (
      <AuthCard title="Check Your Email">
        <div className="grid justify-items-center gap-4 text-center">
          <MailCheck className="size-12 text-brand-600" aria-hidden="true" />
          <p role="status" className="text-muted">
            {MESSAGES.resetSentTitle}: we&apos;ve sent you a link to reset your password. It expires
            in 24 hours.
          </p>
          <Button asChild variant="outline">
            <Link to="/auth?tab=signin">Back to Sign In</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your e-mail and we'll send you a link to choose a new password."
    >
      <Form method="post" className="grid gap-4" {...form.props}>
        <FormField form={form} name="email" label="Email">
          <Input type="email" autoComplete="email" required />
        </FormField>
        {result && "message" in result && !result.ok ? (
          <FormSummary tone="error" title={MESSAGES.errorTitle} message={result.message} />
        ) : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending..." : "Send Reset Link"}
        </Button>
        <Link
          to="/auth?tab=signin"
          className="text-center text-sm font-medium text-brand-700 hover:underline"
        >
          Back to Sign In
        </Link>
      </Form>
    </AuthCard>
  );
}
