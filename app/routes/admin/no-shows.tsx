import { data, Form, Link } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { formObject } from "../../../core/admin/admin-forms";
import { formatAdminDateTime } from "../../../core/format";
import { isUuid } from "../../../core/ids";
import { noShowDecisionSchema } from "../../../core/forms/no-shows";
import { NO_SHOW_MESSAGES } from "../../../core/messages/no-shows";
import { NO_SHOW_OUTCOME_LABELS, NO_SHOW_OUTCOMES } from "../../../core/no-show";
import { requireAdmin } from "../../../server/auth/session.server";
import { readPosition } from "../../../server/db/keyset";
import {
  decideNoShow,
  listDisputed,
  listHiddenAdvisors,
  noShowDetails,
  restoreAdvisor,
} from "../../../server/no-shows/no-shows.server";
import { AdminPage } from "../../components/admin/admin-page";
import { ListPager } from "../../components/admin/list-pager";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/no-shows";

export function meta() {
  return [{ title: "No-shows | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const chosen = params.get("report");
  const [queue, hidden, details] = await Promise.all([
    listDisputed(context.db, readPosition(params)),
    listHiddenAdvisors(context.db),
    chosen && isUuid(chosen) ? noShowDetails(context.db, chosen) : null,
  ]);
  return {
    reports: queue.reports.map((r) => ({
      ...r,
      reportedAt: formatAdminDateTime(r.reportedAt),
    })),
    keys: queue.keys,
    hidden: hidden.map((h) => ({
      ...h,
      hiddenAt: h.hiddenAt ? formatAdminDateTime(h.hiddenAt) : "",
    })),
    details: details && {
      ...details,
      session: { ...details.session, start: formatAdminDateTime(details.session.start) },
      timeline: details.timeline.map((e) => ({ ...e, at: formatAdminDateTime(e.at) })),
    },
  };
}

type Answer = { ok: boolean; message: string };

/** Decide a disputed report, or list a hidden advisor again: the service decides, audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = formObject(await readForm(request));
  const who = { adminUserId: viewer.userId, requestId: context.requestId };
  if (form.intent === "restore") {
    if (!isUuid(form.advisorId))
      return data<Answer>({ ok: false, message: NO_SHOW_MESSAGES.notFound }, 404);
    const result = await restoreAdvisor(context.db, { ...who, advisorId: form.advisorId });
    return result.ok
      ? { ok: true, message: NO_SHOW_MESSAGES.restoredToast }
      : data<Answer>({ ok: false, message: result.message }, result.status);
  }
  if (form.intent !== "decide") return data<Answer>({ ok: false, message: "Unknown action" }, 400);
  if (!isUuid(form.reportId))
    return data<Answer>({ ok: false, message: NO_SHOW_MESSAGES.notFound }, 404);
  const parsed = noShowDecisionSchema.safeParse(form);
  if (!parsed.success)
    return data<Answer>({ ok: false, message: NO_SHOW_MESSAGES.outcomeRequired }, 400);
  const result = await decideNoShow(context.db, {
    ...who,
    reportId: form.reportId,
    outcome: parsed.data.outcome,
    now: context.now(),
    config: context.config,
    events: context.events,
  });
  return result.ok
    ? { ok: true, message: NO_SHOW_MESSAGES.decidedToast }
    : data<Answer>({ ok: false, message: result.message }, result.status);
}

export default function NoShows({ loaderData, actionData }: Route.ComponentProps) {
  const { reports, keys, hidden, details } = loaderData;
  return (
    <AdminPage
      title="No-shows"
      description="Disputed no-show reports wait here for a decision; advisors hidden from search for upheld no-shows are restored here."
    >
      {actionData ? (
        <p
          role="status"
          className={
            actionData.ok
              ? "rounded-lg bg-brand-50 p-3 text-sm text-brand-900"
              : "rounded-lg bg-red-50 p-3 text-sm text-red-900"
          }
        >
          {actionData.message}
        </p>
      ) : null}
      {details ? (
        <Card className="grid gap-4 p-4 sm:p-6" data-testid="no-show-details">
          <h2 className="text-lg font-semibold">
            {details.session.seekerName} with {details.session.advisorName}, {details.session.start}
          </h2>
          <ol className="grid gap-2 text-sm">
            {details.timeline.map((entry, i) => (
              <li key={i} className="grid gap-0.5 border-l-2 border-line pl-3">
                <span className="text-xs text-muted">{entry.at}</span>
                <span>{entry.text}</span>
              </li>
            ))}
          </ol>
          {details.report.status === "disputed" ? (
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="decide" />
              <input type="hidden" name="reportId" value={details.report.id} />
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Decision</legend>
                {NO_SHOW_OUTCOMES.map((outcome) => (
                  <label key={outcome} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="outcome" value={outcome} required />
                    {NO_SHOW_OUTCOME_LABELS[outcome]}
                  </label>
                ))}
              </fieldset>
              <div>
                <Button type="submit">Record decision</Button>
              </div>
            </Form>
          ) : (
            <p className="text-sm">{NO_SHOW_MESSAGES.notOpen}</p>
          )}
        </Card>
      ) : null}
      <Card className="grid gap-3 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Disputed reports</h2>
        {reports.length === 0 ? (
          <p className="text-sm text-muted">{NO_SHOW_MESSAGES.queueEmpty}</p>
        ) : (
          <ul className="grid gap-2">
            {reports.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  {r.seekerName} with {r.advisorName}: reported by the {r.reporterRole} on{" "}
                  {r.reportedAt}
                </span>
                <Link className="font-medium text-brand-700 underline" to={`?report=${r.id}`}>
                  Open timeline
                </Link>
              </li>
            ))}
          </ul>
        )}
        <ListPager keys={keys} filters={{}} label="Disputed reports pages" />
      </Card>
      <Card className="grid gap-3 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Hidden from search</h2>
        {hidden.length === 0 ? (
          <p className="text-sm text-muted">No advisor is hidden for no-shows.</p>
        ) : (
          <ul className="grid gap-2">
            {hidden.map((h) => (
              <li
                key={h.advisorId}
                className="flex flex-wrap items-center justify-between gap-2 text-sm"
              >
                <span>
                  {h.name}: hidden since {h.hiddenAt} ({NO_SHOW_MESSAGES.hiddenReason})
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="advisorId" value={h.advisorId} />
                  <Button type="submit" variant="outline" size="sm">
                    Restore to search
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </AdminPage>
  );
}
