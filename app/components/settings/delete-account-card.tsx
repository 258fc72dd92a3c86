import { Form, useNavigation } from "react-router";
import { deleteWithPasswordSchema, deleteWithWordSchema } from "../../../core/forms/privacy";
import { PRIVACY_MESSAGES as M } from "../../../core/messages/privacy";
import type { DeletionFacts } from "../../../core/privacy";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Input } from "../ui/input";

type Answer = { ok: boolean; message?: string; fieldErrors?: object } | null;

/**
 * Delete my account: what happens, stated first, then the final confirmation: the password,
 * or for an account made through Google the word DELETE.
 */
export function DeleteAccountCard({ facts, result }: { facts: DeletionFacts; result: Answer }) {
  return (
    <Card
      role="region"
      aria-labelledby="delete-account-title"
      className="grid gap-4 border-red-200 p-5 sm:p-6"
    >
      <h2 id="delete-account-title" className="text-lg font-semibold">
        {M.deleteTitle}
      </h2>
      <div className="grid gap-2 text-sm">
        <p>{M.deleteIntro}</p>
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>{M.deleteSessions(facts.upcomingSessions)}</li>
          {facts.activePackages ? <li>{M.deletePackages(facts.activePackages)}</li> : null}
          {facts.openQuestions ? <li>{M.deleteQuestions(facts.openQuestions)}</li> : null}
          {facts.heldBalance ? <li>{M.deleteBalance(facts.heldBalance)}</li> : null}
          <li>{M.deleteReviews}</li>
          <li>{M.deleteRecords}</li>
          <li>{M.deleteSignOut}</li>
        </ul>
      </div>
      {facts.hasPassword ? (
        <PasswordConfirmation result={result} />
      ) : (
        <WordConfirmation result={result} />
      )}
    </Card>
  );
}

function useDeleting() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
}

function Submit() {
  const busy = useDeleting();
  return (
    <Button type="submit" variant="danger" disabled={busy} className="justify-self-start">
      {busy ? M.deleting : M.deleteButton}
    </Button>
  );
}

function failure(result: Answer) {
  return result && !result.ok && !("fieldErrors" in result) ? (result.message ?? null) : null;
}

function PasswordConfirmation({ result }: { result: Answer }) {
  const form = useZodForm(deleteWithPasswordSchema, { id: "delete-account", result });
  return (
    <Form method="post" className="grid gap-4" {...form.props}>
      <input type="hidden" name="intent" value="delete" />
      <FormField
        form={form}
        name="password"
        label={M.deletePasswordLabel}
        hint={M.deletePasswordHint}
      >
        <Input type="password" autoComplete="current-password" className="max-w-sm" />
      </FormField>
      <FormSummary message={failure(result)} />
      <Submit />
    </Form>
  );
}

function WordConfirmation({ result }: { result: Answer }) {
  const form = useZodForm(deleteWithWordSchema, { id: "delete-account", result });
  return (
    <Form method="post" className="grid gap-4" {...form.props}>
      <input type="hidden" name="intent" value="delete" />
      <FormField form={form} name="confirmation" label={M.deleteWordLabel} hint={M.deleteWordHint}>
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="max-w-sm"
        />
      </FormField>
      <FormSummary message={failure(result)} />
      <Submit />
    </Form>
  );
}
