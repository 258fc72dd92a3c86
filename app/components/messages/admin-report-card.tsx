import { Paperclip } from "lucide-react";
import { Form } from "react-router";
import type { ReportCard as Report, ReportPerson } from "../../../core/admin/reports";
import { formatFileSize } from "../../../core/attachments";
import { formatAdminDateTime } from "../../../core/format";
import { ADMIN_REPORT_MESSAGES as A } from "../../../core/messages/message-safety";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Badge, Card } from "../ui/card";
import { EmailAddress } from "../ui/email-address";

const SIDE = { seeker: "seeker", advisor: "advisor" } as const;

/** A person named in a report: name, role in the conversation, address, and their state. */
function Person({ label, person }: { label: string; person: ReportPerson }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className="font-semibold">
        {person.name} <span className="font-normal text-muted">({SIDE[person.side]})</span>
      </p>
      {person.email ? (
        <p className="text-sm text-muted">
          <EmailAddress email={person.email} />
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        {person.messagingBlockedAt ? <Badge tone="warning">{A.blockedSince}</Badge> : null}
        {person.suspended ? <Badge tone="danger">{A.suspended}</Badge> : null}
      </div>
    </div>
  );
}

/**
 * One report on the admin's Reports page: who reported whom and why, the conversation's latest
 * messages (the reported person's marked), and what an admin can do: close it with an outcome,
 * or let a person blocked from messaging send again.
 */
export function AdminReportCard({ report, action }: { report: Report; action: string }) {
  const titleId = `report-${report.id}`;
  return (
    <Card className="grid min-w-0 gap-5 p-4 sm:p-6" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          Report of {formatAdminDateTime(new Date(report.createdAt))}
        </h2>
        {report.outcome ? (
          <Badge tone="neutral">{A.closedAs[report.outcome]}</Badge>
        ) : (
          <Badge tone="warning">{A.open}</Badge>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Person label={A.reportedBy} person={report.reporter} />
        <Person label={A.about} person={report.reported} />
      </div>
      <div className="grid gap-1">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">{A.reason}</p>
        <p className="whitespace-pre-line">{report.reason}</p>
      </div>
      <section className="grid gap-2" aria-label={A.messages(report.messages.length)}>
        <p className="text-sm text-muted">
          {A.messages(report.messages.length + report.earlier)}
          {report.earlier > 0 ? ` (the latest ${report.messages.length} shown)` : ""}
        </p>
        {report.messages.length === 0 ? (
          <p className="text-sm text-muted">{A.noMessages}</p>
        ) : (
          <ol className="grid gap-2">
            {report.messages.map((message) => (
              <li
                key={message.id}
                className={cn(
                  "grid min-w-0 gap-1 rounded-lg border p-3 text-sm",
                  message.fromReported ? "border-amber-300 bg-amber-50" : "border-line bg-surface",
                )}
              >
                <p className="flex flex-wrap gap-x-2 text-xs text-muted">
                  <span className="font-semibold text-ink">
                    {message.sender ?? A.sessionNotice}
                  </span>
                  <time dateTime={message.at}>{formatAdminDateTime(new Date(message.at))}</time>
                </p>
                {message.body ? <p className="whitespace-pre-line">{message.body}</p> : null}
                {message.attachments.map((file) => (
                  <a
                    key={file.id}
                    href={`/messages/attachments/${file.id}`}
                    className="inline-flex items-center gap-1 text-brand-700 underline"
                    download
                  >
                    <Paperclip className="size-4 shrink-0" aria-hidden="true" />
                    {file.fileName} ({formatFileSize(file.byteSize)})
                  </a>
                ))}
              </li>
            ))}
          </ol>
        )}
      </section>
      {report.status === "open" ? (
        <Form method="post" action={action} className="grid gap-2">
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="reportId" value={report.id} />
          <p className="text-sm font-medium">{A.outcomeLabel}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="outcome" value="dismissed" variant="outline" size="sm">
              {A.dismiss}
            </Button>
            <Button type="submit" name="outcome" value="warned" variant="outline" size="sm">
              {A.warn}
            </Button>
            <Button
              type="submit"
              name="outcome"
              value="blocked_from_messaging"
              variant="outline"
              size="sm"
            >
              {A.block}
            </Button>
            <Button type="submit" name="outcome" value="suspended" variant="danger" size="sm">
              {A.suspend}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-muted">
          {A.closedAs[report.outcome!]}
          {report.closedBy ? ` by ${report.closedBy}` : ""}
          {report.closedAt ? ` on ${formatAdminDateTime(new Date(report.closedAt))}` : ""}
        </p>
      )}
      {report.reported.messagingBlockedAt ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="unblock" />
          <input type="hidden" name="userId" value={report.reported.userId} />
          <Button type="submit" variant="outline" size="sm">
            {A.unblock}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
