import type { useFetcher } from "react-router";
import { REJECTION_REASON_MAX } from "../../../core/admin/admin-forms";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../ui/dialog";
import { Field, Textarea } from "../ui/input";

/**
 * Reject, with an optional reason that goes into the advisor's e-mail and the audit log. Once
 * rejected the row moves to another section, which closes the dialog; a failure keeps it open.
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
  const reasonId = `reject-reason-${advisorId}`;
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
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="advisorId" value={advisorId} />
          <Field id={reasonId} label="Reason (optional)">
            <Textarea id={reasonId} name="reason" maxLength={REJECTION_REASON_MAX} rows={4} />
          </Field>
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
