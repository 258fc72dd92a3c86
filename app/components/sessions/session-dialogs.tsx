import { AlertTriangle, Video } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import {
  cancelDialogRefund,
  cancelledLine,
  cancelRefundText,
  refundSummary,
} from "../../../core/cancellation";
import { SESSION_MESSAGES } from "../../../core/messages/sessions";
import { NO_SHOW_MESSAGES } from "../../../core/messages/no-shows";
import { canReportNoShow, type SessionNoShow } from "../../../core/no-show";
import {
  CANCEL_REASON_MAX,
  cancelFormSchema,
  FEEDBACK_MAX,
  REVIEW_FIELDS,
  reviewSchema,
} from "../../../core/forms/sessions";
import type { Role } from "../../../core/roles";
import { canJoin, joinLabel } from "../../../core/sessions";
import { Button } from "../ui/button";
import { AddRowToCalendar } from "./add-to-calendar";
import { Dialog, DialogContent } from "../ui/dialog";
import { useZodForm } from "../../lib/forms";
import { type FieldControlProps, FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Textarea } from "../ui/input";
import { StarRating } from "../ui/star-rating";
import { toast } from "../ui/toaster";
import {
  counterpart,
  SESSION_TYPE_LABELS,
  type SessionActionResult,
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
  noShow = null,
  onNoShow,
}: {
  row: SessionRow;
  role: Role;
  now: Date;
  onClose: () => void;
  onModify: (action: "reschedule" | "cancel") => void;
  noShow?: SessionNoShow | null;
  onNoShow?: (step: "report" | "dispute") => void;
}) {
  const times = sessionTimes(row, role);
  const confirmed = row.status === "confirmed";
  const joinable = canJoin({
    status: row.status,
    start: new Date(row.datetime),
    end: new Date(row.endsAt),
    now,
  });
  // The server decides again with its clock; the button shows only while the window is open.
  const party = role !== "admin" && onNoShow;
  const reportable =
    party &&
    !noShow &&
    canReportNoShow(
      { start: new Date(row.datetime), end: new Date(row.endsAt), status: row.status },
      now,
    );
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
          {noShow ? (
            <>
              <dt className="text-muted">No-show</dt>
              <dd data-testid="no-show-state">{NO_SHOW_MESSAGES.state(noShow)}</dd>
            </>
          ) : null}
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
          {reportable ? (
            <Button variant="outline" onClick={() => onNoShow("report")}>
              {NO_SHOW_MESSAGES.reportButton(role === "advisor" ? "seeker" : "advisor")}
            </Button>
          ) : null}
          {party && noShow?.canDispute ? (
            <Button variant="outline" onClick={() => onNoShow("dispute")}>
              {NO_SHOW_MESSAGES.disputeButton}
            </Button>
          ) : null}
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
                      <Video aria-hidden="true" /> {joinLabel(row.meetingLink)}
                    </a>
                  </Button>
                ) : (
                  <Button disabled title={SESSION_MESSAGES.joinNotYet}>
                    <Video aria-hidden="true" /> {joinLabel(row.meetingLink)}
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
  const fetcher = useFetcher<SessionActionResult>();
  const form = useZodForm(cancelFormSchema, { id: `cancel-${row.id}`, result: fetcher.data });
  const [refusal, setRefusal] = useState<string | null>(null);
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      // The server's refund, which may differ from the dialog's if the clock passed the rule.
      const paid = row.paymentStatus === "paid" ? (row.paidPaise ?? 0) : 0;
      const refund =
        cancelRefundText({
          reader: role,
          seekerName: row.seekerName,
          paidPaise: paid,
          refundPaise: result.refundPaise ?? 0,
        }) ?? undefined;
      // Money kept is said as a warning, never in the calm tone of a refund.
      if (result.warning || (paid > 0 && !result.refundPaise))
        toast.warning(SESSION_MESSAGES.cancelledTitle, {
          description: [result.warning, refund].filter(Boolean).join(" "),
        });
      else toast.success(SESSION_MESSAGES.cancelledTitle, { description: refund });
      onClose();
    } else if (result.code === "cutoff") onRefused(result.hoursRemaining ?? 0);
    // A reason the server refused is shown beside its field (the form takes fetcher.data);
    // any other refusal in the form's summary, above its buttons.
    else if (!result.fieldErrors) setRefusal(result.message ?? SESSION_MESSAGES.cancelFailedBody);
  });
  const refundNote = cancelDialogRefund(row, role, now);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      {step === "confirm" ? (
        <DialogContent
          title="Cancel Session"
          description={`${counterpart(row, role)} · ${sessionTimes(row, role).primary}`}
        >
          <p className="text-sm">Are you sure you want to cancel this session?</p>
          {refundNote?.refunded ? (
            <p
              className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900"
              data-testid="cancel-refund-note"
              data-refund="refund"
            >
              {refundNote.text}
            </p>
          ) : refundNote ? (
            <p
              className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
              data-testid="cancel-refund-note"
              data-refund="none"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
              <span>{refundNote.text}</span>
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
          <fetcher.Form method="post" action="/dashboard" className="grid gap-4" {...form.props}>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="bookingId" value={row.id} />
            <FormField form={form} name="reason" label="Reason">
              <Textarea maxLength={CANCEL_REASON_MAX} />
            </FormField>
            <FormSummary title={SESSION_MESSAGES.cancelFailedTitle} message={refusal} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Back
              </Button>
              <Button type="submit" variant="danger" disabled={fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "Cancelling..." : "Confirm Cancellation"}
              </Button>
            </div>
          </fetcher.Form>
        </DialogContent>
      )}
    </Dialog>
  );
}

type ReviewValues = {
  ratingHelpfulness: number;
  ratingActionability: number;
  recommendAdvisor: "" | "yes" | "no";
  writtenFeedback: string;
};
const NO_REVIEW: ReviewValues = {
  ratingHelpfulness: 0,
  ratingActionability: 0,
  recommendAdvisor: "",
  writtenFeedback: "",
};

export function ReviewDialog({ row, onClose }: { row: SessionRow; onClose: () => void }) {
  const fetcher = useFetcher<SessionActionResult>();
  const [values, setValues] = useState(NO_REVIEW);
  /** The server refused the review as a whole (not a field): said in the form's summary. */
  const [refused, setRefused] = useState(false);
  const form = useZodForm(reviewSchema, {
    id: `review-${row.id}`,
    values,
    setValues,
    result: fetcher.data,
    onValid: () => {
      const fields = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, String(value)]),
      );
      void fetcher.submit(
        { intent: "review", bookingId: row.id, ...fields },
        { method: "post", action: "/dashboard" },
      );
    },
  });
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(SESSION_MESSAGES.reviewSubmittedTitle, {
        description: SESSION_MESSAGES.reviewSubmittedBody,
      });
      onClose();
    } else setRefused(!result.fieldErrors);
  });
  // The spec's summary while a required answer is missing; the fields say which.
  const incomplete = REQUIRED_ANSWERS.some((name) => form.error(name));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title="Review Your Session"
        description={`Your session with ${row.advisorName}`}
      >
        <form className="grid gap-4" {...form.props}>
          {RATINGS.map(([name, label]) => (
            <FormField key={name} form={form} name={name} layout="group" label={label}>
              <StarRating value={values[name]} />
            </FormField>
          ))}
          <FormField
            form={form}
            name={REVIEW_FIELDS.recommend}
            layout="group"
            label="Would you recommend this advisor?"
          >
            <YesNo value={values.recommendAdvisor} />
          </FormField>
          <FormField form={form} name={REVIEW_FIELDS.feedback} label="Written feedback (optional)">
            <Textarea maxLength={FEEDBACK_MAX} />
          </FormField>
          {refused && !incomplete ? (
            <FormSummary
              title={SESSION_MESSAGES.reviewFailedTitle}
              message={SESSION_MESSAGES.reviewFailedBody}
            />
          ) : (
            <FormSummary
              title={SESSION_MESSAGES.reviewIncompleteTitle}
              message={incomplete ? SESSION_MESSAGES.reviewIncompleteBody : null}
            />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Submitting..." : "Submit Review"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const RATINGS = [
  [REVIEW_FIELDS.helpfulness, "How helpful was the session?"],
  [REVIEW_FIELDS.actionability, "How actionable was the advice?"],
] as const;
const REQUIRED_ANSWERS = [
  REVIEW_FIELDS.helpfulness,
  REVIEW_FIELDS.actionability,
  REVIEW_FIELDS.recommend,
] as const;

/** Yes or No as two radios; FormField's id and ARIA wiring go to the first (also a question's rating). */
export function YesNo({
  value,
  onChange,
  id,
  name,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: FieldControlProps<"" | "yes" | "no">) {
  return (
    <div className="flex gap-3 text-sm">
      {(["yes", "no"] as const).map((choice, i) => (
        <label
          key={choice}
          className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-line px-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
        >
          <input
            type="radio"
            id={i === 0 ? id : undefined}
            name={name}
            value={choice}
            checked={value === choice}
            onChange={() => onChange?.(choice)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className="size-4 accent-brand-700"
          />
          {choice === "yes" ? "Yes" : "No"}
        </label>
      ))}
    </div>
  );
}
