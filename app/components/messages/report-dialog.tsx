import { Flag } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { REPORT_REASON_MAX, reportConversationSchema } from "../../../core/forms/message-reports";
import { REPORT_MESSAGES as M } from "../../../core/messages/message-safety";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../ui/dialog";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Textarea } from "../ui/input";
import { toast } from "../ui/toaster";

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };

/**
 * "Report" on a conversation (issue 39): a reason, posted to /messages/:conversationId/report,
 * which puts the conversation in the admins' queue. Sent: the dialog closes with a toast; a
 * refusal (already reported, a lost connection) stays in the dialog beside its buttons.
 */
export function ReportDialog({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const form = useZodForm(reportConversationSchema, {
    id: `report-${conversationId}`,
    result: answer && !answer.ok ? answer : undefined,
  });
  // A report just sent closes the dialog until it is opened again (which acknowledges it).
  const [acknowledged, setAcknowledged] = useState<Answer | undefined>(undefined);
  const justSent = fetcher.state === "idle" && answer?.ok === true && answer !== acknowledged;
  useEffect(() => {
    if (justSent) toast.success(answer?.message ?? M.sent);
  }, [justSent, answer]);
  const refusal = answer && !answer.ok && !answer.fieldErrors ? (answer.message ?? M.failed) : null;
  return (
    <Dialog
      open={open && !justSent}
      onOpenChange={(next) => {
        setOpen(next);
        setAcknowledged(answer);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm">
          <Flag aria-hidden="true" /> {M.button}
        </Button>
      </DialogTrigger>
      <DialogContent title={M.dialogTitle} description={M.dialogDescription}>
        <fetcher.Form
          method="post"
          action={`/messages/${conversationId}/report`}
          className="grid gap-4"
          {...form.props}
        >
          <FormField form={form} name="reason" label={M.reasonLabel}>
            <Textarea maxLength={REPORT_REASON_MAX} rows={4} />
          </FormField>
          <FormSummary message={refusal} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {M.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={busy}>
              {M.submit}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
