import { Plus } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useFetcher } from "react-router";
import { formObject } from "../../../core/admin/admin-forms";
import { advisorReviewForm, resendInvitationForm } from "../../../core/forms/admin";
import {
  allowedActions,
  REVIEW_SECTIONS,
  type ReviewSection,
} from "../../../core/admin/advisor-status";
import { firstErrorPerField } from "../../../core/form";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import { countProposals, listProposals } from "../../../server/advisors/profile-changes.server";
import {
  changeAdvisorStatus,
  countAdvisorsBySection,
  listAdvisorsForReview,
} from "../../../server/advisors/advisor-review.server";
import { resendInvitation } from "../../../server/advisors/invitations.server";
import { requireAdmin } from "../../../server/auth/session.server";
import { readPosition, START } from "../../../server/db/keyset";
import { AdminPage, LoadError } from "../../components/admin/admin-page";
import { ListPager } from "../../components/admin/list-pager";
import { PersonPhoto } from "../../components/admin/person-photo";
import { RejectDialog } from "../../components/admin/reject-dialog";
import { StatusBadge } from "../../components/admin/status-badge";
import { Table, Td, Th, THead, Tr } from "../../components/ui/table";
import { ViewProfileDialog } from "../../components/admin/view-profile-dialog";
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "../../components/ui/accordion";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import { EmailAddress } from "../../components/ui/email-address";
import type { Route } from "./+types/advisors";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Advisor Management | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * Each section sends one page (its first, or for `?section=` the page its links ask for) and
 * how many it holds.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const section = params.get("section");
  const paged =
    section === CHANGES ? CHANGES : REVIEW_SECTIONS.find(({ key }) => key === section)?.key;
  const at = (key: string) => (key === paged ? readPosition(params) : START);
  try {
    const [counts, changesCount, changes, ...pages] = await Promise.all([
      countAdvisorsBySection(context.db),
      countProposals(context.db),
      listProposals(context.db, at(CHANGES)),
      ...REVIEW_SECTIONS.map(({ key }) => listAdvisorsForReview(context.db, key, at(key))),
    ]);
    const sections = Object.fromEntries(
      REVIEW_SECTIONS.map(({ key }, i) => [key, { count: counts[key], ...pages[i]! }]),
    ) as Record<ReviewSection, (typeof pages)[number] & { count: number }>;
    return { sections, changes: { ...changes, count: changesCount }, paged };
  } catch (error) {
    context.logger.error({ err: error }, "could not list advisors");
    return { failed: true as const };
  }
}

type ActionResult = {
  ok: boolean;
  title: string;
  message?: string;
  /** A reason the action refused, shown beside its field in the reject dialog. */
  fieldErrors?: { reason?: string };
  values?: { reason: string };
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const fields = formObject(await readForm(request));
  const base = { actorUserId: viewer.userId, requestId: context.requestId };
  try {
    if (fields.intent === "resend-invitation") {
      const parsed = resendInvitationForm.safeParse(fields);
      if (!parsed.success) return failed(M.invitationNotPending, 400);
      const result = await resendInvitation(context.db, context.config, {
        ...base,
        advisorId: parsed.data.advisorId,
      });
      if (!result.ok) return failed(result.message, result.status);
      return { ok: true, title: M.invitationResent } satisfies ActionResult;
    }
    const parsed = advisorReviewForm.safeParse(fields);
    if (!parsed.success) {
      const reason = firstErrorPerField(parsed.error).reason;
      if (!reason) return failed(undefined, 400);
      return data(
        {
          ok: false,
          title: M.updateStatusFailed,
          fieldErrors: { reason },
          values: { reason: fields.reason ?? "" },
        } satisfies ActionResult,
        400,
      );
    }
    const result = await changeAdvisorStatus(context.db, context.config, {
      ...base,
      advisorId: parsed.data.advisorId,
      action: parsed.data.intent,
      reason: parsed.data.reason,
    });
    if (!result.ok) return failed(result.message, result.status);
    return {
      ok: true,
      title: result.status === "approved" ? M.approved : M.rejected,
    } satisfies ActionResult;
  } catch (error) {
    context.logger.error({ err: error }, "could not update an advisor");
    return failed(undefined, 500);
  }
}

function failed(message: string | undefined, status: number) {
  return data({ ok: false, title: M.updateStatusFailed, message } satisfies ActionResult, status);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, {
    ok: false,
    title: M.updateStatusFailed,
    message: CONNECTION_LOST,
  } satisfies ActionResult);
}

/** The section of approved advisors' edits waiting for review (ADR 83). */
const CHANGES = "changes";

/** One fetcher for every row: a row moves section when its status changes, the toast stays. */
const REVIEW_FETCHER = "advisor-review";

export default function AdminAdvisors({ loaderData }: Route.ComponentProps) {
  const review = useFetcher<typeof action>({ key: REVIEW_FETCHER });
  useEffect(() => {
    const answer: ActionResult | undefined = review.data;
    // A refused reason is shown beside its field in the dialog, not in a toast over it.
    if (!answer || answer.fieldErrors) return;
    if (answer.ok) toast.success(answer.title);
    else toast.error(answer.title, { description: answer.message });
  }, [review.data]);
  return (
    <AdminPage
      title="Advisor Management"
      description="Review applications, approve or reject advisors, and invite new ones."
      actions={
        <Button asChild>
          <Link to="/admin/advisors/new">
            <Plus aria-hidden="true" /> Add New Advisor
          </Link>
        </Button>
      }
    >
      {"failed" in loaderData ? (
        <LoadError message={M.fetchAdvisorsFailed} />
      ) : (
        <Accordion
          type="multiple"
          defaultValue={[CHANGES, "pending", ...(loaderData.paged ? [loaderData.paged] : [])]}
          className="grid gap-4"
        >
          <ChangesSection changes={loaderData.changes} />
          {REVIEW_SECTIONS.map(({ key, title }) => {
            const { count, rows: list, keys } = loaderData.sections[key];
            return (
              <AccordionItem key={key} value={key}>
                <AccordionTrigger>
                  {title} ({count})
                </AccordionTrigger>
                <AccordionContent>
                  {list.length === 0 ? (
                    <p className="p-6 text-center text-muted">No advisors here.</p>
                  ) : (
                    <Table>
                      <caption className="sr-only">{title}</caption>
                      <THead>
                        <tr>
                          <Th>Photo</Th>
                          <Th>Name</Th>
                          <Th>Email</Th>
                          <Th>Title &amp; Company</Th>
                          <Th>Status</Th>
                          <Th className="text-right">Actions</Th>
                        </tr>
                      </THead>
                      <tbody>
                        {list.map((advisor) => (
                          <AdvisorRow key={advisor.id} advisor={advisor} />
                        ))}
                      </tbody>
                    </Table>
                  )}
                  <ListPager
                    keys={keys}
                    filters={{ section: key }}
                    label={`${title}: pages`}
                    preventScrollReset
                    className="pt-2 pb-4"
                  />
                </AccordionContent>
              </AccordionItem>
            );
          })}
        </Accordion>
      )}
    </AdminPage>
  );
}

type AdvisorItem = Exclude<
  Route.ComponentProps["loaderData"],
  { failed: true }
>["sections"][ReviewSection]["rows"][number];

function AdvisorRow({ advisor }: { advisor: AdvisorItem }) {
  const fetcher = useFetcher<typeof action>({ key: REVIEW_FETCHER });
  const busy = fetcher.state !== "idle";
  const name = `${advisor.firstName} ${advisor.lastName}`.trim();
  const actions = allowedActions(advisor.profileStatus);
  return (
    <Tr>
      <PersonCells person={advisor} />
      <Td className="max-md:w-full">
        {[advisor.jobTitle, advisor.currentCompany].filter(Boolean).join(" at ") || "—"}
      </Td>
      <Td>
        <StatusBadge status={advisor.profileStatus} userActive={advisor.isActive} />
      </Td>
      <Td className="text-right max-md:w-full max-md:text-left">
        <div className="flex flex-wrap justify-end gap-2 max-md:justify-start">
          {advisor.profileStatus === "draft" ? null : (
            <ViewProfileDialog advisorId={advisor.id} name={name} />
          )}
          {actions.includes("approve") ? (
            <fetcher.Form method="post">
              <input type="hidden" name="advisorId" value={advisor.id} />
              <Button
                type="submit"
                name="intent"
                value="approve"
                size="sm"
                disabled={busy}
                aria-label={`Approve: ${name}`}
              >
                Approve
              </Button>
            </fetcher.Form>
          ) : null}
          {actions.includes("reject") ? (
            <RejectDialog advisorId={advisor.id} name={name} fetcher={fetcher} />
          ) : null}
          {advisor.profileStatus === "pending_activation" ? (
            <fetcher.Form method="post">
              <input type="hidden" name="advisorId" value={advisor.id} />
              <Button
                type="submit"
                name="intent"
                value="resend-invitation"
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`Resend Invitation: ${name}`}
              >
                Resend Invitation
              </Button>
            </fetcher.Form>
          ) : null}
        </div>
      </Td>
    </Tr>
  );
}

type Changes = Exclude<Route.ComponentProps["loaderData"], { failed: true }>["changes"];

/** Approved advisors whose edits wait for review, oldest first; each opens its review page. */
function ChangesSection({ changes }: { changes: Changes }) {
  const title = "Profile Changes";
  return (
    <AccordionItem value={CHANGES}>
      <AccordionTrigger>
        {title} ({changes.count.n.toLocaleString("en-IN")}
        {changes.count.more ? "+" : ""})
      </AccordionTrigger>
      <AccordionContent>
        {changes.rows.length === 0 ? (
          <p className="p-6 text-center text-muted">No profile changes waiting.</p>
        ) : (
          <Table>
            <caption className="sr-only">{title}</caption>
            <THead>
              <tr>
                <Th>Photo</Th>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Changed</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </THead>
            <tbody>
              {changes.rows.map((row) => {
                const name = `${row.firstName} ${row.lastName}`.trim();
                return (
                  <Tr key={row.id}>
                    <PersonCells person={row} />
                    <Td className="max-md:w-full">{row.changed.join(", ") || "—"}</Td>
                    <Td className="text-right max-md:w-full max-md:text-left">
                      <Button asChild size="sm">
                        <Link
                          to={`/admin/advisors/${row.id}/changes`}
                          aria-label={`Review Changes: ${name}`}
                        >
                          Review Changes
                        </Link>
                      </Button>
                    </Td>
                  </Tr>
                );
              })}
            </tbody>
          </Table>
        )}
        <ListPager
          keys={changes.keys}
          filters={{ section: CHANGES }}
          label={`${title}: pages`}
          preventScrollReset
          className="pt-2 pb-4"
        />
      </AccordionContent>
    </AccordionItem>
  );
}

/** A row's photo, name and e-mail cells (an application's, a profile change's). */
function PersonCells({
  person,
}: {
  person: { headshotUrl: string | null; firstName: string; lastName: string; email: string };
}) {
  return (
    <>
      <Td>
        <PersonPhoto
          url={person.headshotUrl}
          firstName={person.firstName}
          lastName={person.lastName}
          size={44}
        />
      </Td>
      <Td className="font-medium max-md:flex-1">
        {`${person.firstName} ${person.lastName}`.trim()}
      </Td>
      <Td className="text-muted max-md:w-full">
        <EmailAddress email={person.email} />
      </Td>
    </>
  );
}
