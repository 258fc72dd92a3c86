import { data, Form, redirect, useNavigation } from "react-router";
import { formatPaise } from "../../../core/format";
import { adminDeleteSchema } from "../../../core/forms/privacy";
import { isUuid } from "../../../core/ids";
import { PRIVACY_MESSAGES as M } from "../../../core/messages/privacy";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import {
  deleteAccount,
  deletionPreview,
  findAccount,
} from "../../../server/accounts/delete-account.server";
import { requireAdmin } from "../../../server/auth/session.server";
import { AdminPage } from "../../components/admin/admin-page";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmailAddress } from "../../components/ui/email-address";
import { FormField } from "../../components/ui/form-field";
import { FormSummary } from "../../components/ui/form-summary";
import { Input } from "../../components/ui/input";
import { flashCookie } from "../../lib/flash";
import { invalidForm, parseForm, useZodForm } from "../../lib/forms";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { Link } from "react-router";
import type { Route } from "./+types/user-delete";

export function meta() {
  return [{ title: "Delete Account | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

const notFound = () => new Response("Not Found", { status: 404 });

/** The account an admin may delete: someone else's, not already deleted. */
async function target(
  params: { id?: string },
  context: Route.LoaderArgs["context"],
  adminId: string,
) {
  if (!isUuid(params.id)) throw notFound();
  const person = await findAccount(context.db, params.id);
  if (!person) throw notFound();
  return { person, self: person.userId === adminId };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const { person, self } = await target(params, context, viewer.userId);
  const preview = await deletionPreview(context.db, person, context.now());
  return {
    person: {
      name: `${person.firstName} ${person.lastName}`.trim(),
      email: person.email,
    },
    self,
    upcomingSessions: preview.upcomingSessions,
    activePackages: preview.activePackages,
    openQuestions: preview.openQuestions,
    heldBalance: preview.heldPaise ? formatPaise(preview.heldPaise) : null,
  };
}

/** POST: deletes the account on its owner's request, audited with the admin as the actor. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const { person, self } = await target(params, context, viewer.userId);
  if (self) return data({ ok: false as const, message: M.adminDeleteSelf }, { status: 409 });
  const parsed = await parseForm(request, adminDeleteSchema);
  if (!parsed.success) return invalidForm(parsed, { ok: false as const });
  const name = `${person.firstName} ${person.lastName}`.trim();
  try {
    const result = await deleteAccount(
      {
        db: context.db,
        openDealings: context.openDealings,
        storage: context.storage,
        logger: context.logger,
        now: context.now,
      },
      { userId: person.userId, actorUserId: viewer.userId, requestId: context.requestId },
    );
    if (!result.ok) throw notFound();
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error, userId: person.userId }, "account not deleted by admin");
    return data({ ok: false as const, message: M.deleteFailed }, { status: 500 });
  }
  throw redirect("/admin/users", {
    headers: { "Set-Cookie": flashCookie({ title: M.adminDeleted(name) }) },
  });
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false as const, message: CONNECTION_LOST });
}

export default function AdminDeleteUser({ loaderData, actionData }: Route.ComponentProps) {
  const { person, self } = loaderData;
  const form = useZodForm(adminDeleteSchema, { id: "admin-delete", result: actionData });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failure =
    actionData && !actionData.ok && "message" in actionData ? actionData.message : null;
  return (
    <AdminPage
      title={M.adminDeleteTitle(person.name)}
      back={{ to: "/admin/users", label: "Back to Users" }}
    >
      <Card className="grid gap-4 border-red-200 p-5 sm:p-6">
        <p className="text-sm">
          <span className="font-medium">{person.name}</span> · <EmailAddress email={person.email} />
        </p>
        <p className="text-sm">{M.adminDeleteIntro}</p>
        <ul className="grid list-disc gap-1.5 pl-5 text-sm">
          <li>{M.deleteSessions(loaderData.upcomingSessions)}</li>
          {loaderData.activePackages ? (
            <li>{M.deletePackages(loaderData.activePackages)}</li>
          ) : null}
          {loaderData.openQuestions ? <li>{M.deleteQuestions(loaderData.openQuestions)}</li> : null}
          {loaderData.heldBalance ? <li>{M.deleteBalance(loaderData.heldBalance)}</li> : null}
          <li>{M.deleteReviews}</li>
          <li>{M.deleteRecords}</li>
        </ul>
        {self ? (
          <p className="text-sm font-medium">{M.adminDeleteSelf}</p>
        ) : (
          <Form method="post" className="grid gap-4" {...form.props}>
            <FormField form={form} name="confirmation" label={M.deleteWordLabel}>
              <Input autoComplete="off" spellCheck={false} className="max-w-sm" />
            </FormField>
            <FormSummary message={failure} />
            <div className="flex flex-wrap gap-2">
              <Link to="/admin/users" className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
              <Button type="submit" variant="danger" disabled={busy}>
                {busy ? M.deleting : M.adminDeleteButton}
              </Button>
            </div>
          </Form>
        )}
      </Card>
    </AdminPage>
  );
}
