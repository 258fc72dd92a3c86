import { AlertCircle, LoaderCircle } from "lucide-react";
import type { BookingStep, DroppedChoice } from "../../../core/booking-url-state";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { cn } from "../../lib/cn";

const STEPS = [
  { step: 1, label: "Topics" },
  { step: 2, label: "Session" },
  { step: 3, label: "Date & time" },
  { step: 4, label: "Summary" },
] as const satisfies readonly { step: BookingStep; label: string }[];

/** What a dropped choice of a link tells the seeker. */
const DROPPED_MESSAGES: Record<DroppedChoice, string> = {
  topics: M.linkTopicsDropped,
  option: M.linkOptionDropped,
  optionReplaced: M.linkOptionReplaced,
  zone: M.linkZoneDropped,
  time: M.timeNotOffered,
};

/** The booking steps' progress bar; without the session step when there is no choice (ADR 82). */
export function BookingProgress({
  step,
  skipSession,
}: {
  step: BookingStep;
  skipSession: boolean;
}) {
  const steps = STEPS.filter((s) => !(skipSession && s.step === 2));
  return (
    <ol
      className={cn("grid gap-1", steps.length === 3 ? "grid-cols-3" : "grid-cols-4")}
      aria-label="Booking steps"
    >
      {steps.map(({ step: n, label }, index) => {
        return (
          <li
            key={label}
            aria-current={n === step ? "step" : undefined}
            className={cn(
              "grid gap-1 text-center text-xs",
              n === step ? "font-semibold text-brand-800" : "text-muted",
            )}
          >
            <span
              className={cn("h-1.5 rounded-full", n <= step ? "bg-brand-700" : "bg-slate-200")}
              aria-hidden="true"
            />
            <span>
              <span className="sr-only">Step {index + 1}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The server's refusal of a time and what a link could not keep, each said once. */
export function BookingNotices({
  refused,
  notices,
}: {
  refused: string | null;
  notices: DroppedChoice[];
}) {
  const messages = [
    ...new Set([...(refused ? [refused] : []), ...notices.map((d) => DROPPED_MESSAGES[d])]),
  ];
  return (
    // Always on the page, so a message appearing in it is read out.
    <div role="status" className="empty:hidden">
      {messages.length > 0 ? (
        <div
          data-testid="booking-notices"
          className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {messages.map((message) => (
            <p key={message} className="flex gap-2">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {message}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** What a step shows while its code loads (the first time it is opened). */
export function StepLoading() {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-sm text-muted">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      Loading...
    </p>
  );
}
