import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { SESSION_DURATIONS, type SessionDuration } from "../../../core/slots";
import { cn } from "../../lib/cn";
import { DateTimeStep, type SlotChoice } from "./date-time-step";
import { formatLongDate } from "./slot-picker";

/**
 * The booking aside of a public profile, for now: session length, then Select Date & Time.
 * Topics, payment and confirmation arrive with the booking flow, which replaces the
 * "Continue" preview below with the next step.
 */
export function ProfileBooking({ advisorId }: { advisorId: string }) {
  const [duration, setDuration] = useState<SessionDuration>(30);
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Session length</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {SESSION_DURATIONS.map((minutes) => (
            <label key={minutes} className="relative">
              <input
                type="radio"
                name="session-length"
                value={minutes}
                checked={duration === minutes}
                onChange={() => {
                  setDuration(minutes);
                  setChoice(null);
                }}
                className="peer sr-only"
              />
              <span
                className={cn(
                  "flex h-9 cursor-pointer items-center justify-center rounded-md text-sm font-medium text-muted transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:text-ink",
                  duration === minutes && "bg-surface text-ink shadow-sm",
                )}
              >
                {minutes} minutes
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <DateTimeStep advisorId={advisorId} duration={duration} onContinue={setChoice} />
      {choice ? (
        <p
          role="status"
          className="flex gap-2 rounded-lg border border-brand-200 bg-surface p-3 text-sm"
        >
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>
            You chose {formatLongDate(choice.date)} at {choice.label} ({choice.duration} minutes).
            Online payment opens here soon; for now, write to us from the Contact page to book this
            time.
          </span>
        </p>
      ) : null}
    </div>
  );
}
