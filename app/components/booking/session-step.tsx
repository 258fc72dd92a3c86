import type { SessionOption } from "../../../core/booking";
import { formatInr } from "../../../core/format";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";

/** Step 2: session type and duration, each with its fee, 18% GST and total, or Free. */
export function SessionStep({
  options,
  selected,
  error,
  onSelect,
  onBack,
  onContinue,
}: {
  options: SessionOption[];
  selected: string | null;
  error?: string;
  onSelect: (key: string) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  return (
    <div className="grid gap-5">
      <fieldset
        className="grid gap-3"
        aria-describedby={error ? "booking-session-error" : undefined}
      >
        <legend className="mb-1 text-lg font-semibold">Choose your session</legend>
        {options.map((option) => {
          const on = selected === option.key;
          const { price } = option;
          return (
            <label
              key={option.key}
              className={cn(
                "grid cursor-pointer gap-2 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
                on ? "border-brand-700 bg-brand-50" : "border-line hover:border-brand-300",
              )}
            >
              <span className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="session-option"
                    value={option.key}
                    checked={on}
                    onChange={() => onSelect(option.key)}
                    className="size-4 accent-brand-700"
                  />
                  <span className="font-semibold">{option.type}</span>
                  <span className="text-sm text-muted">{option.duration} minutes</span>
                </span>
                <span className="font-semibold">
                  {price.isFree ? "Free" : formatInr(price.totalInr)}
                </span>
              </span>
              {price.isFree ? null : (
                <span className="flex flex-wrap gap-x-4 pl-6 text-xs text-muted">
                  <span>Fee {formatInr(price.feeInr)}</span>
                  <span>GST (18%) {formatInr(price.gstInr)}</span>
                  <span>Total {formatInr(price.totalInr)}</span>
                </span>
              )}
            </label>
          );
        })}
        {error ? (
          <p id="booking-session-error" role="alert" className="text-xs font-medium text-danger">
            {error}
          </p>
        ) : null}
      </fieldset>
      <div className="flex justify-between gap-3 border-t border-line pt-4">
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="button" onClick={onContinue}>
          Continue
        </Button>
      </div>
    </div>
  );
}
