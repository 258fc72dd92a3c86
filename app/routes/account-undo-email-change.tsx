import { data, Form, Link, useNavigation } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { undoEmailChangeSchema } from "../../core/forms/account";
import { ACCOUNT_MESSAGES as M } from "../../core/messages/account";
import { undoableChange, undoEmailChange } from "../../server/accounts/email-change-undo.server";
import { AuthCard } from "../components/auth/auth-card";
import { Button } from "../components/ui/button";
import { FormSummary } from "../components/ui/form-summary";
import { parseForm } from "../lib/forms";
import { CONNECTION_LOST, offlineSafe } from "../lib/offline-safe";
import type { Route } from "./+types/account-undo-email-change";

/*
 * The link in the notice an old address gets after a change (ADR 89). Anyone holding the link
 * may use it, signed in or not: it proves the old inbox. Opening it changes nothing; the button
 * does.
 */

export function meta() {
  return [{ title: "Undo the e-mail change | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const change = token ? await undoableChange(context.db, token, context.now()) : null;
  return { token, change };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, undoEmailChangeSchema);
  if (!parsed.success) return data({ ok: false as const, message: M.undoInvalid }, { status: 400 });
  const result = await undoEmailChange(context, parsed.data.token, context.now());
  if (!result.ok) return data({ ok: false as const, message: result.message }, { status: 400 });
  return { ok: true as const, message: M.undone(result.oldEmail) };
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false as const, message: CONNECTION_LOST });
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { token, change } = loaderData;
  if (actionData?.ok) {
    return (
      <AuthCard title={M.undoneTitle}>
        <div className="grid gap-4">
          <FormSummary tone="success" message={actionData.message} />
          <Button asChild variant="outline">
            <Link to="/auth?tab=signin">Go to sign in</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (!change) {
    return (
      <AuthCard title={M.undoTitle}>
        <FormSummary tone="error" title={M.errorTitle} message={M.undoInvalid} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={M.undoTitle}>
      <Form method="post" className="grid gap-4">
        <p className="text-sm break-words">{M.undoIntro(change.oldEmail, change.newEmail)}</p>
        <input type="hidden" name="token" value={token} />
        <FormSummary tone="error" title={M.errorTitle} message={actionData?.message} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Undoing..." : M.undoButton}
        </Button>
      </Form>
    </AuthCard>
  );
}
