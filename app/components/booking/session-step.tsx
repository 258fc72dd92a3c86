import type { SessionOption } from "../../../core/booking";
import { type SessionStepValues, sessionStepRules } from "../../../core/forms/booking-steps";
import type { BookingUrlState } from "../../../core/booking-url-state";
import { packageUseLabel } from "../../../core/packages";
import { formatInr } from "../../../core/format";
import { GST_PERCENT } from "../../../core/pricing";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { type FieldControlProps, FormField } from "../ui/form-field";
import { BackButton, BackForm, type PlainTarget, StepFields, stepAction } from "./plain-steps";

/**
 * Step 2: session type and duration, each with its fee, GST and total, or Free. Before
 * hydration a plain GET form (ADR 85): the radios send `option`, the hidden fields the rest of
 * `next`; Back submits a form of its own with `back`'s choices.
 */
export function SessionStep({
  options,
  selected,
  onSelect,
  onBack,
  onContinue,
  plain,
}: {
  options: SessionOption[];
  selected: string | null;
  onSelect: (key: string) => void;
  onBack: () => void;
  onContinue: () => void;
  plain: { target: PlainTarget; next: BookingUrlState; back: BookingUrlState };
}) {
  const values: SessionStepValues = { option: selected };
  const form = useZodForm(sessionStepRules, {
    id: "booking",
    values,
    setValues: (update) => {
      const next = update(values).option;
      if (next) onSelect(next);
    },
    onValid: onContinue,
  });
  return (
    <>
      <BackForm id="booking-back" target={plain.target} state={plain.back} />
      <form className="grid gap-5" method="get" action={stepAction(plain.target)} {...form.props}>
        <StepFields target={plain.target} state={plain.next} except={["option"]} />
        <FormField
          form={form}
          name="option"
          layout="group"
          label={<span className="text-lg font-semibold">Choose your session</span>}
        >
          <SessionOptions options={options} value={selected} />
        </FormField>
        <div className="flex justify-between gap-3 border-t border-line pt-4">
          <BackButton form="booking-back" onBack={onBack} />
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </>
  );
}

/** The options as radio cards; FormField's id goes to the first radio. */
function SessionOptions({
  options,
  value,
  onChange,
  name,
  id,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: FieldControlProps<string | null> & { options: SessionOption[] }) {
  return (
    <div className="grid gap-3">
      {options.map((option, i) => {
        const on = value === option.key;
        const { price } = option;
        return (
          <label
            key={option.key}
            // Drawn from the radio itself, so a choice made before the page hydrates shows.
            className="grid cursor-pointer gap-2 rounded-lg border border-line p-4 transition-colors hover:border-brand-300 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:hover:border-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <span className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  id={i === 0 ? id : undefined}
                  name={name}
                  value={option.key}
                  checked={on}
                  onChange={() => onChange?.(option.key)}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  className="size-4 accent-brand-700"
                />
                <span className="font-semibold">{option.type}</span>
                <span className="text-sm text-muted">{option.duration} minutes</span>
              </span>
              <span className="font-semibold">
                {option.packageUse ? "Paid" : price.isFree ? "Free" : formatInr(price.totalInr)}
              </span>
            </span>
            {option.packageUse ? (
              <span className="pl-6 text-xs text-muted">{packageUseLabel(option.packageUse)}</span>
            ) : price.isFree ? null : (
              <span className="flex flex-wrap gap-x-4 pl-6 text-xs text-muted">
                <span>Fee {formatInr(price.feeInr)}</span>
                <span>
                  GST ({GST_PERCENT}%) {formatInr(price.gstInr)}
                </span>
                <span>Total {formatInr(price.totalInr)}</span>
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
}
