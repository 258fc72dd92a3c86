import { Check } from "lucide-react";
import { ADDITIONAL_INFO_MAX } from "../../../core/booking-limits";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Field, Textarea } from "../ui/input";

/** Step 1: at least one of the advisor's topics, and optional additional information. */
export function TopicsStep({
  topics,
  selected,
  additionalInfo,
  errors,
  onToggle,
  onInfo,
  onContinue,
}: {
  topics: string[];
  selected: string[];
  additionalInfo: string;
  errors: Record<string, string>;
  onToggle: (topic: string) => void;
  onInfo: (value: string) => void;
  onContinue: () => void;
}) {
  return (
    <div className="grid gap-5">
      <fieldset
        className="grid gap-3"
        aria-describedby={errors.topics ? "booking-topics-error" : undefined}
      >
        <legend className="mb-1 text-lg font-semibold">What would you like to discuss?</legend>
        <p className="text-sm text-muted">Choose at least one topic.</p>
        <div className="flex flex-wrap gap-2">
          {topics.map((topic) => {
            const on = selected.includes(topic);
            return (
              <label key={topic} className="relative">
                <input
                  type="checkbox"
                  className="peer sr-only"
                  checked={on}
                  onChange={() => onToggle(topic)}
                />
                <span
                  className={cn(
                    "flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                    on
                      ? "border-brand-700 bg-brand-700 text-white"
                      : "border-line bg-surface hover:border-brand-300 hover:bg-brand-50",
                  )}
                >
                  {on ? <Check className="size-3.5" aria-hidden="true" /> : null}
                  {topic}
                </span>
              </label>
            );
          })}
        </div>
        {errors.topics ? (
          <p id="booking-topics-error" role="alert" className="text-xs font-medium text-danger">
            {errors.topics}
          </p>
        ) : null}
      </fieldset>
      <Field
        id="booking-info"
        label="Additional information (optional)"
        hint="Anything the advisor should know before the call."
        error={errors.additionalInfo}
      >
        <Textarea
          id="booking-info"
          value={additionalInfo}
          maxLength={ADDITIONAL_INFO_MAX}
          onChange={(e) => onInfo(e.target.value)}
        />
      </Field>
      <div className="flex justify-end border-t border-line pt-4">
        <Button type="button" onClick={onContinue}>
          Continue
        </Button>
      </div>
    </div>
  );
}
