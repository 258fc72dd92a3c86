import { RefreshCw } from "lucide-react";
import { useFetcher } from "react-router";
import type { PayoutActionAnswer, ReconciliationRun } from "../../../../core/admin/payouts";
import { PAYOUT_MESSAGES as M } from "../../../../core/messages/payouts";
import { Button } from "../../ui/button";
import { Section, Showing, Time, useToastAnswer } from "./payout-section";

/** The last reconciliation, what it found, and the button that runs it now. */
export function LastRun({ run }: { run: ReconciliationRun | null }) {
  const fetcher = useFetcher<PayoutActionAnswer>();
  const busy = fetcher.state !== "idle";
  useToastAnswer(fetcher.data, M.runFailed);
  return (
    <Section
      title={M.runTitle}
      actions={
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="reconcile" />
          <Button type="submit" variant="outline" disabled={busy}>
            <RefreshCw aria-hidden="true" /> {busy ? M.running : M.runNow}
          </Button>
        </fetcher.Form>
      }
    >
      {run === null ? (
        <p className="text-sm text-muted">{M.runNever}</p>
      ) : (
        <div className="grid gap-3 text-sm">
          <p>
            Ran <Time at={run.ranAt} />:{" "}
            {run.differences.length === 0 ? (
              <span className="text-muted">{M.runClean}</span>
            ) : (
              <span className="font-semibold text-red-800">
                {M.runDifferences(run.differences.length)}
              </span>
            )}
          </p>
          {run.differences.length > 0 ? (
            <>
              <ul className="grid gap-2" data-testid="run-differences">
                {run.differences.slice(0, 50).map((d, i) => (
                  <li key={i} className="rounded-md bg-red-50 px-3 py-2 break-words text-red-900">
                    <span className="font-medium">{d.check}</span> ·{" "}
                    <span className="break-all">{d.ref}</span>: {d.detail}
                  </li>
                ))}
              </ul>
              <Showing
                shown={Math.min(50, run.differences.length)}
                total={run.differences.length}
              />
            </>
          ) : null}
        </div>
      )}
    </Section>
  );
}
