import { useEffect } from "react";
import { useFetcher } from "react-router";
import { noShowNoteSchema } from "../../../core/forms/no-shows";
import { NO_SHOW_MESSAGES, NO_SHOW_NOTE_MAX } from "../../../core/messages/no-shows";
import type { Role } from "../../../core/roles";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { Dialog, DialogContent } from "../ui/dialog";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Textarea } from "../ui/input";
import { toast } from "../ui/toaster";
import {
  counterpart,
  type SessionActionResult,
  type SessionRow,
  sessionTimes,
} from "./session-view";

/** A party reports the other absent, or disputes the other's report, with a note (issue 41). */
export function NoShowDialog({
  row,
  role,
  kind,
  onClose,
}: {
  row: SessionRow;
  role: Role;
  kind: "report" | "dispute";
  onClose: () => void;
}) {
  const fetcher = useFetcher<SessionActionResult>();
  const form = useZodForm(noShowNoteSchema, { id: `no-show-${row.id}`, result: fetcher.data });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      toast.success(
        kind === "report" ? NO_SHOW_MESSAGES.reportedToast : NO_SHOW_MESSAGES.disputedToast,
      );
      onClose();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  // A refusal of the whole form (the window closed, already reported) goes in its summary.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const refusal =
    answer && !answer.ok && !answer.fieldErrors
      ? (answer.message ?? NO_SHOW_MESSAGES.notFound)
      : null;
  const other = role === "advisor" ? "seeker" : "advisor";
  const title =
    kind === "report" ? NO_SHOW_MESSAGES.reportTitle(other) : NO_SHOW_MESSAGES.disputeTitle;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={title}
        description={`${counterpart(row, role)} · ${sessionTimes(row, role).primary}`}
      >
        {kind === "report" ? <p className="text-sm">{NO_SHOW_MESSAGES.reportIntro}</p> : null}
        <fetcher.Form method="post" action="/dashboard" className="grid gap-4" {...form.props}>
          <input
            type="hidden"
            name="intent"
            value={kind === "report" ? "no-show-report" : "no-show-dispute"}
          />
          <input type="hidden" name="bookingId" value={row.id} />
          <FormField form={form} name="note" label={NO_SHOW_MESSAGES.noteLabel}>
            <Textarea maxLength={NO_SHOW_NOTE_MAX} />
          </FormField>
          <FormSummary title={title} message={refusal} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" variant="danger" disabled={fetcher.state !== "idle"}>
              {kind === "report" ? "Send report" : "Send dispute"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
