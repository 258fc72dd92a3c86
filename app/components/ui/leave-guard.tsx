import { useEffect } from "react";
import { useBlocker } from "react-router";
import { Button } from "./button";
import { Dialog, DialogContent } from "./dialog";

/**
 * Warns before unsaved edits are lost: a dialog for a link or the back button inside the app,
 * the browser's own prompt for a reload, a closed tab or a typed address.
 */
export function LeaveGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  return (
    <Dialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.state === "blocked" && blocker.reset()}
    >
      <DialogContent
        title="Leave without saving?"
        description={`You have unsaved changes to ${what}. If you leave now, they will be lost.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button type="button" variant="danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
