import { Form, useNavigation } from "react-router";
import { changeEmailSchema } from "../../../core/forms/account";
import { ACCOUNT_MESSAGES as M } from "../../../core/messages/account";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { EmailAddress } from "../ui/email-address";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Input } from "../ui/input";
import { formMessage, type SectionResult, SettingsSection } from "./section";

/** The sign-in address and the form that asks for a new one (confirmed from its own inbox). */
export function EmailSection({
  email,
  justChangedTo,
  linkFailed,
  result,
}: {
  email: string;
  justChangedTo: string | null;
  linkFailed: boolean;
  result: SectionResult | undefined;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "change-email";
  const form = useZodForm(changeEmailSchema, { id: "email", result });
  return (
    <SettingsSection
      id="email-heading"
      title="E-mail address"
      description={
        <>
          You sign in with <EmailAddress email={email} className="font-semibold text-ink" />.
        </>
      }
    >
      {justChangedTo && !result ? (
        <FormSummary
          tone="success"
          title={M.emailChangedTitle}
          message={M.emailChanged(justChangedTo)}
        />
      ) : null}
      {linkFailed && !result ? (
        <FormSummary tone="error" title={M.errorTitle} message={M.emailLinkInvalid} />
      ) : null}
      <Form
        method="post"
        className="grid gap-4"
        key={result?.ok ? result.done : "email"}
        {...form.props}
      >
        <input type="hidden" name="intent" value="change-email" />
        <FormField
          form={form}
          name="newEmail"
          label="New e-mail address"
          hint="We send a link to the new address; the change happens when you open it."
        >
          <Input type="email" autoComplete="email" required />
        </FormField>
        {result ? (
          result.ok ? (
            <FormSummary tone="success" title={result.title} message={result.message} />
          ) : (
            <FormSummary tone="error" title={M.errorTitle} message={formMessage(result)} />
          )
        ) : null}
        <Button type="submit" className="justify-self-start" disabled={busy}>
          {busy ? "Sending..." : "Change e-mail"}
        </Button>
      </Form>
    </SettingsSection>
  );
}
