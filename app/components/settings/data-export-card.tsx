import { Download } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { PRIVACY_MESSAGES as M } from "../../../core/messages/privacy";
import type { ExportState } from "../../../core/privacy";
import { Button, buttonVariants } from "../ui/button";
import { Card } from "../ui/card";
import { FormSummary } from "../ui/form-summary";

/**
 * Download my data: a request queues the export (the privacy job builds it and e-mails the
 * person); once ready, the download is a plain link that answers its owner alone.
 */
export function DataExportCard({
  state,
  result,
}: {
  state: ExportState;
  result: { ok: boolean; message: string } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "export";
  return (
    <Card role="region" aria-labelledby="data-export-title" className="grid gap-4 p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 id="data-export-title" className="text-lg font-semibold">
          {M.exportTitle}
        </h2>
        <p className="text-sm text-muted">{M.exportIntro}</p>
      </div>
      {state?.status === "ready" ? (
        <div className="grid gap-3">
          <p className="text-sm">{M.exportReady(state.until)}</p>
          <a
            href={`/settings/privacy/exports/${state.id}`}
            download
            className={buttonVariants({ variant: "primary", className: "justify-self-start" })}
          >
            <Download aria-hidden="true" /> {M.exportDownload}
          </a>
        </div>
      ) : null}
      {state?.status === "queued" && !result ? <p className="text-sm">{M.exportPending}</p> : null}
      {state?.status === "failed" ? <p className="text-sm text-danger">{M.exportFailed}</p> : null}
      <FormSummary tone={result?.ok ? "success" : "error"} message={result?.message} />
      {state?.status === "queued" ? null : (
        <Form method="post" className="flex">
          <input type="hidden" name="intent" value="export" />
          <Button
            type="submit"
            variant={state?.status === "ready" ? "outline" : "primary"}
            disabled={busy}
          >
            {busy ? M.exportRequesting : M.exportButton}
          </Button>
        </Form>
      )}
    </Card>
  );
}
