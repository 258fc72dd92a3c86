import { MailCheck } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { emailOnlySchema, MESSAGES } from "../../../core/auth-rules";
import { requestPasswordReset } from "../../../server/auth/accounts.server";
import { AuthCard, FormMessage } from "../../components/auth/auth-card";
import { Button } from "../../components/ui/button";
import { Field, Input } from "../../components/ui/input";
import { offlineSafe } from "../../lib/offline-safe";
import type { Route } from "./+types/forgot-password";

export function meta() {
  return [{ title: "Forgot Password | BeenThere" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = emailOnlySchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
  }
  const result = await requestPasswordReset(context, parsed.data.email, context.clientIp);
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 400 });
  return { ok: true, message: MESSAGES.resetSentTitle };
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false, message: MESSAGES.resetSendFailed });
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
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
      <Form method="post" className="grid gap-4" noValidate>
        <Field id="reset-email" label="Email">
          <Input id="reset-email" name="email" type="email" autoComplete="email" required />
        </Field>
        {result && !result.ok ? (
          <FormMessage tone="error" title="Error" message={result.message} />
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
