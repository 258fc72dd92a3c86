import { data, Link, useActionData, useLocation } from "react-router";
import { formObject } from "../../../core/admin/admin-forms";
import { countLabel } from "../../../core/admin/list-page";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import type { ReportStatus } from "../../../core/conversation";
import { reportActionSchema } from "../../../core/forms/message-reports";
import { ADMIN_REPORT_MESSAGES as A } from "../../../core/messages/message-safety";
import { requireAdmin } from "../../../server/auth/session.server";
import {
  closeReport,
  listReports,
  unblockMessaging,
} from "../../../server/conversations/reports.server";
import { readPosition } from "../../../server/db/keyset";
import { AdminPage, LoadError } from "../../components/admin/admin-page";
import { ListPager } from "../../components/admin/list-pager";
import { AdminReportCard } from "../../components/messages/admin-report-card";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/reports";

export function meta() {
  return [{ title: "Reports | BeenThere" }];
}

/** Other people's messages: never kept. */
export const handle: CacheHandle = { cache: NOT_KEPT };

const statusOf = (value: string | null): ReportStatus => (value === "closed" ? "closed" : "open");

/**
 * GET /admin/reports (`?status=open|closed`, keyset pages, ADR 78): reported conversations with
 * their messages, each read written to the audit log (an admin reads messages only here).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const status = statusOf(params.get("status"));
  try {
    const page = await listReports(context.db, {
      adminId: viewer.userId,
      status,
      position: readPosition(params),
      requestId: context.requestId,
    });
    return { ...page };
  } catch (error) {
    context.logger.error({ err: error }, "could not list reports");
    return { status, failed: true as const };
  }
}

/** POST: close a report with an outcome (`intent=close`), or unblock messaging (`intent=unblock`). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const parsed = reportActionSchema.safeParse(formObject(await readForm(request)));
  // No page of ours sends this: refused like a bad body (ADR 66), before the page's loader
  // would run again and write its audited read of every report shown.
  if (!parsed.success) {
    throw Response.json(
      { error: A.invalid },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  try {
    const result =
      parsed.data.intent === "close"
        ? await closeReport(context.db, {
            adminId: viewer.userId,
            reportId: parsed.data.reportId,
            outcome: parsed.data.outcome,
            now: context.now(),
            appUrl: context.config.appUrl,
            requestId: context.requestId,
          })
        : await unblockMessaging(context.db, {
            adminId: viewer.userId,
            userId: parsed.data.userId,
            requestId: context.requestId,
          });
    if (!result.ok) return data({ ok: false as const, message: result.message }, result.status);
    return { ok: true as const, message: result.message };
  } catch (error) {
    context.logger.error({ err: error }, "could not act on a report");
    return data({ ok: false as const, message: A.invalid }, 500);
  }
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false as const, message: CONNECTION_LOST });
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const { status } = loaderData;
  return (
    <AdminPage title={A.title} description={A.description}>
      {result ? (
        <p
          role="status"
          className={
            result.ok
              ? "rounded-card border border-brand-200 bg-brand-50 p-4 text-sm font-medium text-brand-900"
              : "rounded-card border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-900"
          }
        >
          {result.message}
        </p>
      ) : null}
      <nav aria-label="Report status" className="flex gap-2">
        {(["open", "closed"] as const).map((value) => (
          <Link
            key={value}
            to={`?status=${value}`}
            aria-current={status === value ? "page" : undefined}
            className={cn(
              "rounded-full border px-4 py-1.5 text-sm font-medium",
              status === value
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-line bg-surface text-ink hover:bg-brand-50",
            )}
          >
            {value === "open" ? A.open : A.closed}
          </Link>
        ))}
      </nav>
      {"failed" in loaderData ? (
        <LoadError message="Failed to fetch the reports" />
      ) : (
        <>
          <p className="text-sm text-muted">{countLabel(loaderData.count, "report", "reports")}</p>
          {loaderData.reports.length === 0 ? (
            <Card className="p-6 text-center text-muted">{A.empty}</Card>
          ) : (
            loaderData.reports.map((report) => (
              <AdminReportCard key={report.id} report={report} action={here} />
            ))
          )}
          <ListPager keys={loaderData.keys} filters={{ status }} />
        </>
      )}
    </AdminPage>
  );
}
