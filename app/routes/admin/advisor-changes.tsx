import { data, Form, redirect, useNavigation } from "react-router";
import { REJECTION_REASON_MAX } from "../../../core/admin/admin-forms";
import { AUDIT_TIME_ZONE } from "../../../core/admin/audit-entry";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { formatShortDate } from "../../../core/format";
import { isUuid } from "../../../core/ids";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import type { FieldChange } from "../../../core/profile-review";
import { requireAdmin } from "../../../server/auth/session.server";
import {
  decideProposal,
  loadProposalReview,
} from "../../../server/advisors/profile-changes.server";
import { removeStoredFile } from "../../../server/storage/storage.server";
import { AdminPage } from "../../components/admin/admin-page";
import { PersonPhoto } from "../../components/admin/person-photo";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FieldError } from "../../components/ui/form-field";
import { Label, Textarea } from "../../components/ui/input";
import { flashCookie } from "../../lib/flash";
import { readForm } from "../../lib/request-body";
import { EmailAddress } from "../../components/ui/email-address";
import type { Route } from "./+types/advisor-changes";

/*
 * One approved advisor's proposed edit beside their live profile, field by field, with Approve
 * and Reject (ADR 83). Plain forms: a decision works before the page's scripts load.
 */

export function meta() {
  return [{ title: "Review Profile Changes | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

const BACK = { to: "/admin/advisors", label: "Back to Advisor Management" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  if (!isUuid(params.id)) throw new Response(M.changesNone, { status: 404 });
  const review = await loadProposalReview(context.db, params.id);
  // Nothing waiting (decided meanwhile, or never sent): the page says so, as a 404.
  return review ? { review } : data({ review: null }, 404);
}

type ActionAnswer = { message: string; reason?: string; reasonError?: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  if (!isUuid(params.id)) throw new Response(M.changesNone, { status: 404 });
  const form = await readForm(request);
  const decision = form.get("intent");
  const revision = String(form.get("revision") ?? "");
  const reason = String(form.get("reason") ?? "");
  if ((decision !== "approve" && decision !== "reject") || !/^[1-9]\d{0,8}$/.test(revision)) {
    return data<ActionAnswer>({ message: M.updateStatusFailed }, 400);
  }
  const result = await decideProposal(context.db, context.config, {
    actorUserId: viewer.userId,
    advisorId: params.id,
    revision: Number(revision),
    decision,
    reason,
    requestId: context.requestId,
  });
  if (!result.ok) {
    const reasonError = result.status === 400 ? result.message : undefined;
    return data<ActionAnswer>({ message: result.message, reason, reasonError }, result.status);
  }
  await removeStoredFile(context.storage, result.removePhoto, (err, key) =>
    context.logger.warn({ err, key }, "could not remove a replaced headshot"),
  );
  const title = result.decision === "approve" ? M.changesApproved : M.changesRejected;
  throw redirect("/admin/advisors", { headers: { "Set-Cookie": flashCookie({ title }) } });
}

export default function AdvisorChanges({ loaderData, actionData }: Route.ComponentProps) {
  const { review } = loaderData;
  const busy = useNavigation().state !== "idle";
  const refusal =
    actionData && !actionData.reasonError ? (
      <p
        role="alert"
        className="rounded-card border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-900"
      >
        {actionData.message}
      </p>
    ) : null;
  if (!review) {
    return (
      <AdminPage title="Profile changes" description={M.changesNone} back={BACK}>
        {refusal}
      </AdminPage>
    );
  }
  const [firstName = "", ...rest] = review.name.split(" ");
  const waiting = review.status === "pending";
  return (
    <AdminPage
      title={`Profile changes: ${review.name}`}
      description={
        waiting
          ? `Sent for review on ${formatShortDate(new Date(review.submittedAt), AUDIT_TIME_ZONE)}. The live profile stays public until you decide.`
          : M.changesAlreadyDecided
      }
      back={BACK}
    >
      {refusal}
      <p className="text-sm text-muted">
        <EmailAddress email={review.email} />
      </p>
      {review.photo ? (
        <Card className="grid gap-3 p-5">
          <h2 className="font-semibold">Photo</h2>
          <div className="flex flex-wrap gap-6">
            <figure className="grid justify-items-center gap-1 text-sm text-muted">
              <PersonPhoto
                url={review.photo.live}
                firstName={firstName}
                lastName={rest.join(" ")}
                size={96}
              />
              <figcaption>Live now</figcaption>
            </figure>
            <figure className="grid justify-items-center gap-1 text-sm text-muted">
              <PersonPhoto
                url={review.photo.proposed}
                firstName={firstName}
                lastName={rest.join(" ")}
                size={96}
              />
              <figcaption>Proposed</figcaption>
            </figure>
          </div>
        </Card>
      ) : null}
      {review.changes.map((change) => (
        <ChangeCard key={change.field} change={change} />
      ))}
      {review.changes.length === 0 && !review.photo ? (
        <p className="text-muted">No field differs from the live profile.</p>
      ) : null}
      {waiting ? (
        <Card className="grid gap-5 p-5 md:grid-cols-2">
          <Form method="post" className="grid content-start gap-3">
            <input type="hidden" name="revision" value={review.revision} />
            <h2 className="font-semibold">Approve</h2>
            <p className="text-sm text-muted">
              The changes replace the live profile at once and the advisor gets an e-mail.
            </p>
            <Button
              type="submit"
              name="intent"
              value="approve"
              disabled={busy}
              className="justify-self-start"
            >
              Approve Changes
            </Button>
          </Form>
          <Form method="post" className="grid content-start gap-3">
            <input type="hidden" name="revision" value={review.revision} />
            <h2 className="font-semibold">Reject</h2>
            <div className="grid gap-1.5">
              <Label htmlFor="changes-reason">Reason for the advisor</Label>
              <Textarea
                id="changes-reason"
                name="reason"
                required
                maxLength={REJECTION_REASON_MAX}
                rows={3}
                defaultValue={actionData?.reason}
                aria-invalid={actionData?.reasonError ? true : undefined}
                aria-describedby="changes-reason-error"
              />
              <FieldError id="changes-reason-error" error={actionData?.reasonError} />
            </div>
            <Button
              type="submit"
              name="intent"
              value="reject"
              variant="danger"
              disabled={busy}
              className="justify-self-start"
            >
              Reject Changes
            </Button>
          </Form>
        </Card>
      ) : null}
    </AdminPage>
  );
}

/** One field: what seekers see now beside what the advisor proposes. */
function ChangeCard({ change }: { change: FieldChange }) {
  return (
    <Card className="grid gap-3 p-5">
      <h2 className="font-semibold">{change.label}</h2>
      {change.kind === "value" ? (
        <dl className="grid gap-4 md:grid-cols-2">
          <div className="grid content-start gap-1">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">Live now</dt>
            <dd className="text-sm whitespace-pre-line">{change.before}</dd>
          </div>
          <div className="grid content-start gap-1">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">Proposed</dt>
            <dd className="rounded-lg bg-amber-50 p-2 text-sm whitespace-pre-line">
              {change.after}
            </dd>
          </div>
        </dl>
      ) : change.reordered ? (
        <p className="text-sm text-muted">Same items in a new order.</p>
      ) : (
        <dl className="grid gap-2 text-sm">
          {change.added.length > 0 ? (
            <div className="flex flex-wrap items-baseline gap-2">
              <dt className="font-medium">Added:</dt>
              {change.added.map((item) => (
                <dd key={item} className="rounded-full bg-green-100 px-2.5 py-0.5 text-green-900">
                  {item}
                </dd>
              ))}
            </div>
          ) : null}
          {change.removed.length > 0 ? (
            <div className="flex flex-wrap items-baseline gap-2">
              <dt className="font-medium">Removed:</dt>
              {change.removed.map((item) => (
                <dd
                  key={item}
                  className="rounded-full bg-red-100 px-2.5 py-0.5 text-red-900 line-through"
                >
                  {item}
                </dd>
              ))}
            </div>
          ) : null}
        </dl>
      )}
    </Card>
  );
}
