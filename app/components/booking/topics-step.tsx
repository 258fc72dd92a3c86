import { Check } from "lucide-react";
import { ADDITIONAL_INFO_MAX } from "../../../core/booking-limits";
import { type TopicsStepValues, topicsStepRules } from "../../../core/booking-steps";
import { cn } from "../../lib/cn";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { type FieldControlProps, FormField } from "../ui/form-field";
import { Textarea } from "../ui/input";

/** Step 1: at least one of the advisor's topics, and optional additional information. */
export function TopicsStep({
  topics,
  values,
  setValues,
  onContinue,
}: {
  topics: string[];
  values: TopicsStepValues;
  setValues: (update: (current: TopicsStepValues) => TopicsStepValues) => void;
  onContinue: () => void;
}) {
  const form = useZodForm(topicsStepRules, {
    id: "booking",
    values,
    setValues,
    onValid: onContinue,
  });
  return (
    <form className="grid gap-5" {...form.props}>
      <FormField
        form={form}
        name="topics"
        layout="group"
        label={<span className="text-lg font-semibold">What would you like to discuss?</span>}
        hint="Choose at least one topic."
      >
        <TopicChips topics={topics} value={values.topics} />
      </FormField>
      <FormField
        form={form}
        name="additionalInfo"
        label="Additional information (optional)"
        hint="Anything the advisor should know before the call."
      >
        <Textarea maxLength={ADDITIONAL_INFO_MAX} />
      </FormField>
      <div className="flex justify-end border-t border-line pt-4">
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}

/** The topics as toggle chips (checkboxes); FormField's id goes to the first one. */
function TopicChips({
  topics,
  value,
  onChange,
  id,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: FieldControlProps<string[]> & { topics: string[] }) {
  return (
    <div className="flex flex-wrap gap-2">
      {topics.map((topic, i) => {
        const on = value.includes(topic);
        return (
          <label key={topic} className="relative">
            <input
              type="checkbox"
              id={i === 0 ? id : undefined}
              className="peer sr-only"
              checked={on}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={() => onChange?.(on ? value.filter((t) => t !== topic) : [...value, topic])}
            />
            <span
              className={cn(
                "flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                on
                  ? "border-brand-700 bg-brand-700 text-white"
                  : invalid
                    ? "border-red-300 bg-surface hover:border-brand-300 hover:bg-brand-50"
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
  );
}
