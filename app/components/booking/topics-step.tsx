import { Check } from "lucide-react";
import { useEffect } from "react";
import { ADDITIONAL_INFO_MAX } from "../../../core/booking-limits";
import { type TopicsStepValues, topicsStepRules } from "../../../core/forms/booking-steps";
import { type BookingUrlState, NOTES_PARAM } from "../../../core/booking-url-state";
import { cn } from "../../lib/cn";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { type FieldControlProps, FormField } from "../ui/form-field";
import { Textarea } from "../ui/input";
import { type PlainTarget, StepFields, stepAction } from "./plain-steps";

/**
 * Step 1: at least one of the advisor's topics, and optional additional information. Before
 * hydration it is a plain GET form (ADR 85): the boxes send `topics`, the notes
 * `additionalInfo`, and the hidden fields the rest of `next`, the step Continue opens.
 */
export function TopicsStep({
  topics,
  values,
  setValues,
  onContinue,
  plain,
  result,
}: {
  topics: string[];
  values: TopicsStepValues;
  setValues: (update: (current: TopicsStepValues) => TopicsStepValues) => void;
  onContinue: () => void;
  plain: { target: PlainTarget; next: BookingUrlState };
  /** The server's answer to a plain submit without a topic (a stable object). */
  result?: { fieldErrors: Partial<Record<keyof TopicsStepValues, string>> } | null;
}) {
  const form = useZodForm(topicsStepRules, {
    id: "booking",
    values,
    setValues,
    result,
    onValid: onContinue,
  });
  // Boxes ticked and notes typed before the page hydrated are the person's: the state takes
  // them from the form as it stands (ADR 85).
  const firstBox = form.id("topics");
  const byIndex = (a: string, b: string) => topics.indexOf(a) - topics.indexOf(b);
  useEffect(() => {
    const element = (document.getElementById(firstBox) as HTMLInputElement | null)?.form;
    if (!element) return;
    const ticked = [
      ...element.querySelectorAll<HTMLInputElement>('input[name="topics"]:checked'),
    ].flatMap((box) => topics[Number(box.value)] ?? []);
    const notes =
      element.querySelector<HTMLTextAreaElement>(`textarea[name="${NOTES_PARAM}"]`)?.value ?? "";
    setValues((current) =>
      ticked.join("\n") === [...current.topics].sort(byIndex).join("\n") &&
      notes === current.additionalInfo
        ? current
        : { topics: ticked, additionalInfo: notes },
    );
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form className="grid gap-5" method="get" action={stepAction(plain.target)} {...form.props}>
      <StepFields target={plain.target} state={plain.next} except={["topics", NOTES_PARAM]} />
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
  name,
  id,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: FieldControlProps<string[]> & { topics: string[] }) {
  return (
    <div className="flex flex-wrap gap-2">
      {topics.map((topic, i) => {
        const on = value.includes(topic);
        return (
          <label key={topic} className="group/chip relative">
            <input
              type="checkbox"
              name={name}
              value={i}
              id={i === 0 ? id : undefined}
              className="peer sr-only"
              checked={on}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={() => onChange?.(on ? value.filter((t) => t !== topic) : [...value, topic])}
            />
            {/* Drawn from the box itself (peer-checked), so a chip ticked before the page
                hydrates shows as chosen and the plain form sends it. */}
            <span
              className={cn(
                "flex cursor-pointer items-center gap-1.5 rounded-full border bg-surface px-3 py-1.5 text-sm transition-colors peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:border-brand-300 hover:bg-brand-50 peer-checked:hover:border-brand-700 peer-checked:hover:bg-brand-700",
                invalid ? "border-red-300" : "border-line",
              )}
            >
              <Check className="hidden size-3.5 group-has-checked/chip:block" aria-hidden="true" />
              {topic}
            </span>
          </label>
        );
      })}
    </div>
  );
}
