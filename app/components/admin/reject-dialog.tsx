import type { useFetcher } from "react-router";
import { REJECTION_REASON_MAX } from "../../../core/admin/admin-forms";
import { rejectReasonForm } from "../../../core/forms/admin";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../ui/dialog";
import { FormField } from "../ui/form-field";
import { Textarea } from "../ui/input";

/**
 * Reject, with an optional reason that goes into the advisor's e-mail and the audit log. Once
 * rejected the row moves to another section, which closes the dialog; a failure keeps it open,
 * a refused reason beside its field.
 */
export function RejectDialog({
  advisorId,
  name,
  fetcher,
}: {
  advisorId: string;
  name: string;
  fetcher: ReturnType<typeof useFetcher<{ ok: boolean }>>;
}) {
  const busy = fetcher.state !== "idle";
  const form = useZodForm(rejectReasonForm, {
    id: `reject-${advisorId}`,
    result: fetcher.data,
  });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="danger" size="sm" aria-label={`Reject: ${name}`}>
          Reject
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Reject ${name}?`}
        description="The advisor gets an e-mail. A reason helps them fix their profile."
      >
        <fetcher.Form method="post" className="grid gap-4" {...form.props}>
          <input type="hidden" name="advisorId" value={advisorId} />
          <FormField form={form} name="reason" label="Reason (optional)">
            <Textarea maxLength={REJECTION_REASON_MAX} rows={4} />
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" name="intent" value="reject" variant="danger" disabled={busy}>
              {busy ? "Rejecting..." : "Reject Advisor"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
