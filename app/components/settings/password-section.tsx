import { Form, useNavigation } from "react-router";
import { changePasswordSchema, setPasswordSchema } from "../../../core/forms/account";
import { ACCOUNT_MESSAGES as M } from "../../../core/messages/account";
import { useZodForm } from "../../lib/forms";
import { NewPasswordField } from "../auth/new-password-field";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Input } from "../ui/input";
import { formMessage, type SectionResult, SettingsSection } from "./section";

/**
 * Change the password with the current one, or, for an account made through Google (no
 * password yet), set a first one. The rules and messages are the sign-up form's.
 */
export function PasswordSection({
  hasPassword,
  result,
}: {
  hasPassword: boolean;
  result: SectionResult | undefined;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy =
    navigation.state === "submitting" &&
    (intent === "change-password" || intent === "set-password");
  const summary = result ? (
    result.ok ? (
      <FormSummary tone="success" title={result.title} message={result.message} />
    ) : (
      <FormSummary tone="error" title={M.errorTitle} message={formMessage(result)} />
    )
  ) : null;
  return (
    <SettingsSection
      id="password-heading"
      title="Password"
      description={
        hasPassword
          ? "Changing your password signs you out on every other device."
          : "You sign in with Google. Set a password to sign in with your e-mail address too."
      }
    >
      {hasPassword ? (
        <ChangePasswordForm result={result} busy={busy} summary={summary} />
      ) : (
        <SetPasswordForm result={result} busy={busy} summary={summary} />
      )}
    </SettingsSection>
  );
}

type FormProps = { result: SectionResult | undefined; busy: boolean; summary: React.ReactNode };

function ChangePasswordForm({ result, busy, summary }: FormProps) {
  const form = useZodForm(changePasswordSchema, { id: "password", result });
  return (
    <Form
      method="post"
      className="grid gap-4"
      key={result?.ok ? result.done : "password"}
      {...form.props}
    >
      <input type="hidden" name="intent" value="change-password" />
      <FormField form={form} name="currentPassword" label="Current password">
        <Input type="password" autoComplete="current-password" required />
      </FormField>
      <NewPasswordField form={form} name="newPassword" label="New password" />
      <FormField form={form} name="confirmPassword" label="Confirm new password">
        <Input type="password" autoComplete="new-password" required />
      </FormField>
      {summary}
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? "Saving..." : "Change password"}
      </Button>
    </Form>
  );
}

function SetPasswordForm({ result, busy, summary }: FormProps) {
  const form = useZodForm(setPasswordSchema, { id: "first-password", result });
  return (
    <Form method="post" className="grid gap-4" {...form.props}>
      <input type="hidden" name="intent" value="set-password" />
      <NewPasswordField form={form} name="newPassword" label="New password" />
      <FormField form={form} name="confirmPassword" label="Confirm new password">
        <Input type="password" autoComplete="new-password" required />
      </FormField>
      {summary}
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? "Saving..." : "Set password"}
      </Button>
    </Form>
  );
}
