import { AlertCircle, CalendarPlus, Clock, Video } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { cancelledLine, refundSummary } from "../../../core/cancellation";
import { SESSION_MESSAGES } from "../../../core/messages/sessions";
import type { Role } from "../../../core/roles";
import {
  canJoin,
  modificationDenial,
  SESSION_TABS,
  type SessionTab,
  TAB_LABELS,
} from "../../../core/sessions";
import { Button } from "../ui/button";
import { Badge, Card } from "../ui/card";
import { Pager } from "../ui/pager";
import { RescheduleDialog } from "./reschedule-dialog";
import { MessageButton } from "../messages/message-button";
import { CancelFlow, CannotModifyDialog, DetailsDialog, ReviewDialog } from "./session-dialogs";
import {
  counterpart,
  SESSION_TYPE_LABELS,
  type SessionRow,
  sessionTimes,
  viewerZone,
} from "./session-view";
import { useNow } from "./use-now";
import { NoShowDialog } from "./no-show-dialog";
import type { SessionNoShow } from "../../../core/no-show";

type ListData = {
  counts: Record<SessionTab, number>;
  rows: SessionRow[];
  page: number;
  pageCount: number;
};

type Open =
  | { kind: "details" | "reschedule" | "cancel" | "review"; row: SessionRow }
  | { kind: "cannot"; row: SessionRow; action: "reschedule" | "cancel"; hours: number }
  | { kind: "no-show"; row: SessionRow; step: "report" | "dispute" }
  | null;

/**
 * The sessions list of every dashboard: tabs with counts (the server pages each tab), rows
 * with the actions that apply, and the dialogs. The server decides every action again.
 */
export function SessionsList({
  sessions,
  tab,
  role,
  isAdmin,
  supportEmail,
  serverNow,
  focus,
  focusAction,
  noShows = {},
}: {
  sessions: ListData | null;
  tab: SessionTab;
  role: Role;
  isAdmin: boolean;
  supportEmail: string;
  serverNow: string;
  focus: SessionRow | null;
  focusAction: "reschedule" | "cancel" | null;
  /** Each shown session's no-show report, if any (issue 41). */
  noShows?: Record<string, SessionNoShow>;
}) {
  const now = useNow(serverNow);
  const [params] = useSearchParams();
  const [open, setOpen] = useState<Open>(null);

  /** Reschedule or cancel, or the Cannot dialog when the 12-hour rule forbids it. */
  const modify = (row: SessionRow, action: "reschedule" | "cancel") => {
    const start = new Date(row.datetime);
    const denial = modificationDenial({ status: row.status, start, now, isAdmin });
    if (denial === "cutoff")
      setOpen({
        kind: "cannot",
        row,
        action,
        hours: Math.max(0, Math.floor((start.getTime() - now.getTime()) / 3_600_000)),
      });
    else setOpen({ kind: action, row });
  };

  // /dashboard?booking=…&action=… (from the booking confirmation) opens that dialog once.
  const focusKey = focus ? `${focus.id} ${focusAction}` : null;
  const [shownFocus, setShownFocus] = useState<string | null>(null);
  if (focus && focusKey !== shownFocus) {
    setShownFocus(focusKey);
    if (focusAction) modify(focus, focusAction);
    else setOpen({ kind: "details", row: focus });
  }

  const hrefFor = (next: { tab?: SessionTab; page?: number }) => {
    const search = new URLSearchParams(params);
    search.delete("booking");
    search.delete("action");
    if (next.tab) search.set("tab", next.tab);
    search.set("page", String(next.page ?? 1));
    return `?${search.toString()}`;
  };

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
      <h2 className="text-xl font-semibold">{role === "admin" ? "All Sessions" : "My Sessions"}</h2>
      {sessions === null ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-lg bg-red-50 p-4 text-sm font-medium text-danger"
        >
          <AlertCircle className="size-4" aria-hidden="true" /> {SESSION_MESSAGES.fetchFailed}
        </p>
      ) : (
        <>
          {/* Three tabs in one row at any width: on a phone each count goes under its label. */}
          <nav
            aria-label="Session tabs"
            className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1"
          >
            {SESSION_TABS.map((t) => (
              <Link
                key={t}
                to={hrefFor({ tab: t })}
                preventScrollReset
                aria-current={t === tab ? "page" : undefined}
                className={`flex flex-col items-center justify-center rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap sm:flex-row sm:gap-1 sm:px-3 ${
                  t === tab ? "bg-surface text-ink shadow-sm" : "text-muted hover:text-ink"
                }`}
              >
                <span>{TAB_LABELS[t]}</span> <span>({sessions.counts[t]})</span>
              </Link>
            ))}
          </nav>
          {sessions.rows.length === 0 ? (
            <EmptyState role={role} tab={tab} />
          ) : (
            <ul className="grid gap-3" aria-label={`${TAB_LABELS[tab]} sessions`}>
              {sessions.rows.map((row) => (
                <SessionItem
                  key={row.id}
                  row={row}
                  role={role}
                  isAdmin={isAdmin}
                  now={now}
                  onOpen={(kind) =>
                    kind === "reschedule" || kind === "cancel"
                      ? modify(row, kind)
                      : setOpen({ kind, row })
                  }
                />
              ))}
            </ul>
          )}
          <Pager
            page={sessions.page}
            pageCount={sessions.pageCount}
            hrefFor={(page) => hrefFor({ tab, page })}
          />
        </>
      )}

      {open?.kind === "details" ? (
        <DetailsDialog
          row={open.row}
          role={role}
          now={now}
          onClose={() => setOpen(null)}
          onModify={(action) => modify(open.row, action)}
          noShow={noShows[open.row.id] ?? null}
          onNoShow={(step) => setOpen({ kind: "no-show", row: open.row, step })}
        />
      ) : null}
      {open?.kind === "no-show" ? (
        <NoShowDialog row={open.row} role={role} kind={open.step} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === "cannot" ? (
        <CannotModifyDialog
          action={open.action}
          hours={open.hours}
          supportEmail={supportEmail}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === "reschedule" ? (
        <RescheduleDialog
          row={open.row}
          role={role}
          onClose={() => setOpen(null)}
          onRefused={(hours) =>
            setOpen({ kind: "cannot", row: open.row, action: "reschedule", hours })
          }
        />
      ) : null}
      {open?.kind === "cancel" ? (
        <CancelFlow
          row={open.row}
          role={role}
          now={now}
          onClose={() => setOpen(null)}
          onRefused={(hours) => setOpen({ kind: "cannot", row: open.row, action: "cancel", hours })}
        />
      ) : null}
      {open?.kind === "review" ? (
        <ReviewDialog row={open.row} onClose={() => setOpen(null)} />
      ) : null}
    </Card>
  );
}

function EmptyState({ role, tab }: { role: Role; tab: SessionTab }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-line p-8 text-center">
      <CalendarPlus className="size-8 text-muted" aria-hidden="true" />
      <p className="text-sm text-muted">No {TAB_LABELS[tab].toLowerCase()} sessions.</p>
      {role === "seeker" ? (
        <Button asChild>
          <Link to="/advisors">Book Your First Session</Link>
        </Button>
      ) : null}
    </div>
  );
}

function SessionItem({
  row,
  role,
  isAdmin,
  now,
  onOpen,
}: {
  row: SessionRow;
  role: Role;
  isAdmin: boolean;
  now: Date;
  onOpen: (kind: "details" | "reschedule" | "cancel" | "review") => void;
}) {
  const times = sessionTimes(row, role);
  const start = new Date(row.datetime);
  const joinable = canJoin({ status: row.status, start, end: new Date(row.endsAt), now });
  const denial = modificationDenial({ status: row.status, start, now, isAdmin });
  const reviewable =
    row.status === "completed" && !row.reviewSubmitted && (role === "seeker" || role === "admin");
  return (
    <li
      className="grid gap-3 rounded-lg border border-line p-4 md:grid-cols-[1fr_auto] md:items-center"
      data-testid="session-row"
      data-start={start.toISOString()}
      data-booking-id={row.id}
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span>{counterpart(row, role)}</span>
          <Badge
            tone={
              row.status === "cancelled"
                ? "danger"
                : row.status === "completed"
                  ? "neutral"
                  : "brand"
            }
          >
            {SESSION_TYPE_LABELS[row.sessionType] ?? row.sessionType}
          </Badge>
        </p>
        <p className="flex items-center gap-1.5 text-sm text-ink" data-testid="session-time">
          <Clock className="size-4 shrink-0 text-muted" aria-hidden="true" />
          {times.primary} · {row.duration} minutes
        </p>
        {times.secondary ? <p className="text-xs text-muted">{times.secondary}</p> : null}
        {row.status === "cancelled" ? <CancelledSummary row={row} role={role} /> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onOpen("details")}>
          View Details
        </Button>
        {role === "seeker" ? <MessageButton other={{ advisorId: row.advisorId }} /> : null}
        {role === "advisor" ? <MessageButton other={{ seekerId: row.seekerUserId }} /> : null}
        {reviewable ? (
          <Button size="sm" onClick={() => onOpen("review")}>
            Review Session
          </Button>
        ) : null}
        {row.status === "confirmed" && denial !== "past" ? (
          <>
            <Button
              size="sm"
              variant="outline"
              title={denial === "cutoff" ? SESSION_MESSAGES.cannotRescheduleTitle : undefined}
              onClick={() => onOpen("reschedule")}
            >
              Reschedule
            </Button>
            <Button
              size="sm"
              variant="outline"
              title={denial === "cutoff" ? SESSION_MESSAGES.cannotCancelTitle : undefined}
              onClick={() => onOpen("cancel")}
            >
              Cancel
            </Button>
          </>
        ) : null}
        {row.status === "confirmed" && row.meetingLink ? (
          joinable ? (
            <Button size="sm" asChild>
              <a href={row.meetingLink} target="_blank" rel="noreferrer">
                <Video aria-hidden="true" /> Join
              </a>
            </Button>
          ) : (
            <Button size="sm" disabled title={SESSION_MESSAGES.joinNotYet}>
              <Video aria-hidden="true" /> Join
            </Button>
          )
        ) : null}
      </div>
    </li>
  );
}

/** A cancelled row says who cancelled and when, why, and where the refund stands. */
function CancelledSummary({ row, role }: { row: SessionRow; role: Role }) {
  const zone = viewerZone(row, role);
  const refund = refundSummary(row, zone);
  return (
    <div className="mt-1 grid gap-0.5 text-sm" data-testid="cancellation-summary">
      <p className="text-muted" data-testid="cancelled-by">
        {cancelledLine(row, role, zone)}
      </p>
      <dl className="grid gap-0.5">
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-muted">Reason:</dt>
          <dd data-testid="cancellation-reason">{row.cancellationReason}</dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-muted">Refund:</dt>
          <dd data-testid="refund-status" data-refund-state={refund.state}>
            {refund.text}
          </dd>
        </div>
      </dl>
    </div>
  );
}
