import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";
import { whenIdle } from "../../lib/when-idle";

/*
 * Toasts without sonner in the first download of a page: the toaster and its store load after the
 * page has painted (when the browser is idle) or at the first toast, whichever comes first.
 * `toast` keeps sonner's call shapes; a toast raised before sonner is there shows once it is
 * (sonner replays the toasts it already holds to a toaster that starts listening).
 */
const SonnerToaster = lazy(() => import("./sonner-toaster"));
const loadSonner = () => import("sonner");

/** Whether sonner's toaster should be on the page: once the page is idle, or at the first toast. */
let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  // Once the page is idle, so the live region is in place before the first toast.
  useEffect(() => whenIdle(want), []);
  return shown ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

type Message = Parameters<typeof sonnerToast>[0];
type Kind = "success" | "error" | "info" | "warning";

function show(kind: Kind | null, message: Message, data?: ExternalToast) {
  want();
  void loadSonner().then(({ toast }) => (kind ? toast[kind] : toast)(message, data));
}

/** sonner's `toast`, `toast.success`, `toast.error`, `toast.info`, `toast.warning` and `toast.dismiss`. */
export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show(null, message, data),
  {
    success: (message: Message, data?: ExternalToast) => show("success", message, data),
    error: (message: Message, data?: ExternalToast) => show("error", message, data),
    info: (message: Message, data?: ExternalToast) => show("info", message, data),
    warning: (message: Message, data?: ExternalToast) => show("warning", message, data),
    /** Takes every toast (or the one with this id) off the screen, e.g. when a step changes. */
    dismiss: (id?: string | number) => {
      if (wanted) void loadSonner().then(({ toast }) => toast.dismiss(id));
    },
  },
);
