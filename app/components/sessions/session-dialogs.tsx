import { Video } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import {
  cancelDialogRefundText,
  cancelledLine,
  cancelRefundText,
  refundSummary,
} from "../../../core/cancellation";
import { SESSION_MESSAGES } from "../../../core/messages/sessions";
import { REVIEW_FIELDS } from "../../../core/review";
import type { Role } from "../../../core/roles";
import { canJoin } from "../../../core/sessions";
import { Button } from "../ui/button";
import { AddRowToCalendar } from "./add-to-calendar";
import { Dialog, DialogContent } from "../ui/dialog";
import { Field, Textarea } from "../ui/input";
import { toast } from "../ui/toaster";
import type { SessionActionResult } from "./sessions-list";
import {
  counterpart,
  SESSION_TYPE_LABELS,
  type SessionRow,
  sessionTimes,
  viewerZone,
} from "./session-view";

const STATUS_LABELS = {
  confirmed: "Upcoming",
  completed: "Completed",
  cancelled: "Cancelled",
} as Record<string, string>;

export function DetailsDialog({
  row,
  role,
  now,
  onClose,
  onModify,
}: {
  row: SessionRow;
  role: Role;
  now: Date;
  onClose: () => void;
  onModify: (action: "reschedule" | "cancel") => void;
}) {
  const times = sessionTimes(row, role);
  const confirmed = row.status === "confirmed";
  const joinable = canJoin({
    status: row.status,
    start: new Date(row.datetime),
    end: new Date(row.endsAt),
    now,
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="Session Details" description={counterpart(row, role)}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">Session</dt>
          <dd>
            {SESSION_TYPE_LABELS[row.sessionType] ?? row.sessionType}, {row.duration} minutes
          </dd>
          <dt className="text-muted">When</dt>
          <dd>
            {times.primary}
            {times.secondary ? (
              <span className="block text-xs text-muted">{times.secondary}</span>
            ) : null}
          </dd>
          <dt className="text-muted">Status</dt>
          <dd>{STATUS_LABELS[row.status] ?? row.status}</dd>
          {role === "admin" ? (
            <>
              <dt className="text-muted">Seeker</dt>
              <dd className="break-all">
                {row.seekerName} ({row.seekerEmail})
              </dd>
              <dt className="text-muted">Advisor</dt>
              <dd className="break-all">
                {row.advisorName} ({row.advisorEmail})
              </dd>
            </>
          ) : null}
          {row.topics.length > 0 ? (
            <>
              <dt className="text-muted">Topics</dt>
              <dd>{row.topics.join(", ")}</dd>
            </>
          ) : null}
          {row.additionalInfo ? (
            <>
              <dt className="text-muted">Notes</dt>
              <dd>{row.additionalInfo}</dd>
            </>
          ) : null}
          {row.status === "cancelled" ? <CancellationFacts row={row} role={role} /> : null}
          {confirmed && row.meetingLink ? (
            <>
              <dt className="text-muted">Meeting link</dt>
              <dd className="break-all" data-testid="meeting-link">
                {row.meetingLink}
              </dd>
            </>
          ) : null}
        </dl>
        {confirmed ? <AddRowToCalendar row={row} className="border-t border-line pt-4" /> : null}
        <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {confirmed ? (
            <>
              <Button variant="outline" onClick={() => onModify("reschedule")}>
                Reschedule
              </Button>
              <Button variant="outline" onClick={() => onModify("cancel")}>
                Cancel
              </Button>
              {row.meetingLink ? (
                joinable ? (
                  <Button asChild>
                    <a href={row.meetingLink} target="_blank" rel="noreferrer">
                      <Video aria-hidden="true" /> Join Google Meet
                    </a>
                  </Button>
                ) : (
                  <Button disabled title="The link opens 15 minutes before the start">
                    <Video aria-hidden="true" /> Join Google Meet
                  </Button>
                )
              ) : null}
            </>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Who cancelled and when, the reason and the refund: rows of a cancelled session's `<dl>`. */
function CancellationFacts({ row, role }: { row: SessionRow; role: Role }) {
  const zone = viewerZone(row, role);
  const refund = refundSummary(row, zone);
  return (
    <>
      <dt className="text-muted">Cancelled</dt>
      <dd data-testid="cancelled-by">{cancelledLine(row, role, zone)}</dd>
      <dt className="text-muted">Reason</dt>
      <dd data-testid="cancellation-reason">{row.cancellationReason}</dd>
      <dt className="text-muted">Refund</dt>
      <dd data-testid="refund-status" data-refund-state={refund.state}>
        {refund.text}
      </dd>
    </>
  );
}

export function CannotModifyDialog({
  action,
  hours,
  supportEmail,
  onClose,
}: {
  action: "reschedule" | "cancel";
  hours: number;
  supportEmail: string;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={action === "reschedule" ? "Cannot Reschedule" : "Cannot Cancel"}>
        <p className="text-sm">{SESSION_MESSAGES.cutoff(action, supportEmail)}</p>
        <p
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="hours-remaining"
        >
          Hours remaining before the session: {hours}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button asChild>
            <a href={`mailto:${supportEmail}`}>Contact Support</a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Tells the result of a fetcher's action once, then hands it to `onDone`. */
function useActionResult(
  fetcher: ReturnType<typeof useFetcher<SessionActionResult>>,
  onDone: (result: SessionActionResult) => void,
) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) onDone(fetcher.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
}

export function CancelFlow({
  row,
  role,
  now,
  onClose,
  onRefused,
}: {
  row: SessionRow;
  role: Role;
  now: Date;
  onClose: () => void;
  onRefused: (hours: number) => void;
}) {
  const [step, setStep] = useState<"confirm" | "reason">("confirm");
  const [reason, setReason] = useState("");
  const fetcher = useFetcher<SessionActionResult>();
  const id = useId();
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      // The server's refund, which may differ from the dialog's if the clock passed the rule.
      const refund =
        cancelRefundText({
          reader: role,
          seekerName: row.seekerName,
          paidPaise: row.paymentStatus === "paid" ? (row.paidPaise ?? 0) : 0,
          refundPaise: result.refundPaise ?? 0,
        }) ?? undefined;
      if (result.warning)
        toast.warning(SESSION_MESSAGES.cancelledTitle, {
          description: [result.warning, refund].filter(Boolean).join(" "),
        });
      else toast.success(SESSION_MESSAGES.cancelledTitle, { description: refund });
      onClose();
    } else if (result.code === "cutoff") onRefused(result.hoursRemaining ?? 0);
    else
      toast.error(SESSION_MESSAGES.cancelFailedTitle, {
        description: result.message ?? SESSION_MESSAGES.cancelFailedBody,
      });
  });
  const refundNote = cancelDialogRefundText(row, role, now);
  const blank = reason.trim().length === 0;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      {step === "confirm" ? (
        <DialogContent
          title="Cancel Session"
          description={`${counterpart(row, role)} · ${sessionTimes(row, role).primary}`}
        >
          <p className="text-sm">Are you sure you want to cancel this session?</p>
          {refundNote ? (
            <p
              className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900"
              data-testid="cancel-refund-note"
            >
              {refundNote}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Keep Session
            </Button>
            <Button variant="danger" onClick={() => setStep("reason")}>
              Cancel Session
            </Button>
          </div>
        </DialogContent>
      ) : (
        <DialogContent
          title="Cancellation Reason"
          description="Please tell us why you are cancelling this session."
        >
          <fetcher.Form method="post" action="/dashboard" className="grid gap-4">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="bookingId" value={row.id} />
            <Field id={`${id}-reason`} label="Reason">
              <Textarea
                id={`${id}-reason`}
                name="reason"
                required
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Back
              </Button>
              <Button type="submit" variant="danger" disabled={blank || fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "Cancelling..." : "Confirm Cancellation"}
              </Button>
            </div>
          </fetcher.Form>
        </DialogContent>
      )}
    </Dialog>
  );
}

function StarField({
  name,
  legend,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  value: number;
  onChange: (n: number) => void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={`block text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${
                n <= value ? "text-accent-600" : "text-slate-400"
              }`}
            >
              ★
            </span>
            <span className="sr-only">
              {n} star{n === 1 ? "" : "s"}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ReviewDialog({ row, onClose }: { row: SessionRow; onClose: () => void }) {
  const fetcher = useFetcher<SessionActionResult>();
  const [helpfulness, setHelpfulness] = useState(0);
  const [actionability, setActionability] = useState(0);
  const [recommend, setRecommend] = useState<"" | "yes" | "no">("");
  const [incomplete, setIncomplete] = useState(false);
  const id = useId();
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(SESSION_MESSAGES.reviewSubmittedTitle, {
        description: SESSION_MESSAGES.reviewSubmittedBody,
      });
      onClose();
    } else if (result.code === "invalid") setIncomplete(true);
    else
      toast.error(SESSION_MESSAGES.reviewFailedTitle, {
        description: SESSION_MESSAGES.reviewFailedBody,
      });
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title="Review Your Session"
        description={`Your session with ${row.advisorName}`}
      >
        <fetcher.Form
          method="post"
          action="/dashboard"
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            if (!helpfulness || !actionability || !recommend) {
              event.preventDefault();
              setIncomplete(true);
            }
          }}
        >
          <input type="hidden" name="intent" value="review" />
          <input type="hidden" name="bookingId" value={row.id} />
          <StarField
            name={REVIEW_FIELDS.helpfulness}
            legend="How helpful was the session?"
            value={helpfulness}
            onChange={setHelpfulness}
          />
          <StarField
            name={REVIEW_FIELDS.actionability}
            legend="How actionable was the advice?"
            value={actionability}
            onChange={setActionability}
          />
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">Would you recommend this advisor?</legend>
            <div className="flex gap-4 text-sm">
              {(["yes", "no"] as const).map((v) => (
                <label key={v} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={REVIEW_FIELDS.recommend}
                    value={v}
                    checked={recommend === v}
                    onChange={() => setRecommend(v)}
                    className="size-4 accent-brand-700"
                  />
                  {v === "yes" ? "Yes" : "No"}
                </label>
              ))}
            </div>
          </fieldset>
          <Field id={`${id}-feedback`} label="Written feedback (optional)">
            <Textarea id={`${id}-feedback`} name={REVIEW_FIELDS.feedback} maxLength={2000} />
          </Field>
          {incomplete && (!helpfulness || !actionability || !recommend) ? (
            <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-danger">
              <p className="font-semibold">{SESSION_MESSAGES.reviewIncompleteTitle}</p>
              <p>{SESSION_MESSAGES.reviewIncompleteBody}</p>
            </div>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Submitting..." : "Submit Review"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
