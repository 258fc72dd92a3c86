import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { SESSION_MESSAGES } from "../../../core/messages/sessions";
import type { Role } from "../../../core/roles";
import { formatSessionTime } from "../../../core/format";
import { DateTimeStep, type SlotChoice } from "../booking/date-time-step";
import { Button } from "../ui/button";
import { Dialog, DialogContent } from "../ui/dialog";
import { toast } from "../ui/toaster";
import {
  counterpart,
  type SessionActionResult,
  type SessionRow,
  sessionTimes,
} from "./session-view";

/**
 * Current and new time, and the advisor's slot picker: the session's own time does not block a
 * new one, and its current start is never offered (the server leaves it out and refuses it).
 */
export function RescheduleDialog({
  row,
  role,
  onClose,
  onRefused,
}: {
  row: SessionRow;
  role: Role;
  onClose: () => void;
  onRefused: (hours: number) => void;
}) {
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const fetcher = useFetcher<SessionActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      if (result.warning)
        toast.warning(SESSION_MESSAGES.rescheduledTitle, { description: result.warning });
      else
        toast.success(SESSION_MESSAGES.rescheduledTitle, {
          description: SESSION_MESSAGES.rescheduledBody,
        });
      onClose();
    } else if (result.code === "cutoff") onRefused(result.hoursRemaining ?? 0);
    else {
      toast.error(SESSION_MESSAGES.rescheduleFailedTitle, {
        description: result.message ?? SESSION_MESSAGES.rescheduleFailedBody,
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const newTime = choice ? formatSessionTime(new Date(choice.start), choice.viewerTimeZone) : null;
  const busy = fetcher.state !== "idle";
  const submit = () =>
    choice &&
    fetcher.submit(
      { intent: "reschedule", bookingId: row.id, start: choice.start },
      { method: "post", action: "/dashboard" },
    );
  // One confirmation: the question stands beside the button once a new time is chosen, and
  // the button moves the session (no second dialog asking the same again).
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title="Reschedule Session"
        description={counterpart(row, role)}
        className="max-w-2xl"
      >
        <dl className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">Current time</dt>
            <dd className="font-medium">{sessionTimes(row, role).primary}</dd>
          </div>
          <div>
            <dt className="text-muted">New time</dt>
            <dd className="font-medium" data-testid="reschedule-new-time">
              {newTime ?? "Pick a date and time below"}
            </dd>
          </div>
        </dl>
        <DateTimeStep
          advisorId={row.advisorId}
          duration={row.duration as 15 | 30}
          excludeBookingId={row.id}
          onChoice={setChoice}
        />
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Important:</strong> {SESSION_MESSAGES.rescheduleImportant}
        </p>
        <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
          {choice ? (
            <p className="mr-auto text-sm font-medium" data-testid="reschedule-question">
              {SESSION_MESSAGES.rescheduleConfirm}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button disabled={!choice || busy} onClick={submit}>
              {busy ? "Rescheduling..." : "Confirm Reschedule"}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
