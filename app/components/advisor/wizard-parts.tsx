import { Check } from "lucide-react";
import { Link } from "react-router";
import {
  APPLICATION_STEPS,
  type ApplicationValues,
  type StepNumber,
} from "../../../core/advisor-application";
import { GST_LABEL } from "../../../core/pricing";
import { cn } from "../../lib/cn";
import { Input, Label } from "../ui/input";
import { type FieldsForm, HourlyRateField, TermsField } from "./profile-sections";

/** Where the person is in the five steps; completed steps carry a check. */
export function StepIndicator({ step, completed }: { step: StepNumber; completed: StepNumber[] }) {
  return (
    <nav aria-label="Application steps">
      <ol className="grid grid-cols-5 gap-2">
        {APPLICATION_STEPS.map((s) => {
          const done = completed.includes(s.step);
          const current = s.step === step;
          return (
            <li
              key={s.step}
              className="grid justify-items-center gap-1.5 text-center"
              aria-current={current ? "step" : undefined}
            >
              <span
                className={cn(
                  "grid size-9 place-items-center rounded-full text-sm font-semibold ring-2",
                  current
                    ? "bg-brand-700 text-white ring-brand-700"
                    : done
                      ? "bg-brand-100 text-brand-800 ring-brand-300"
                      : "bg-surface text-muted ring-line",
                )}
              >
                {done && !current ? <Check className="size-4" aria-hidden="true" /> : s.step}
              </span>
              <span
                className={cn(
                  "hidden text-xs sm:block",
                  current ? "font-semibold text-ink" : "text-muted",
                )}
              >
                {s.title}
              </span>
              <span className="sr-only">
                {`Step ${s.step}: ${s.title}${done ? " (completed)" : ""}`}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The address the person signed in with, shown but not editable. */
export function EmailField({ email }: { email: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="apply-email">Email</Label>
      <Input
        id="apply-email"
        value={email}
        readOnly
        aria-describedby="apply-email-hint"
        className="bg-slate-50 text-muted"
      />
      <p id="apply-email-hint" className="text-xs text-muted">
        The address you signed in with; it cannot be changed here.
      </p>
    </div>
  );
}

type PricingValues = Pick<ApplicationValues, "isProBono" | "hourlyRate" | "termsAccepted">;

/** Step 5: free or paid, the rate when paid, and the terms. */
export function PricingFields({
  form,
  set,
}: {
  form: FieldsForm<PricingValues>;
  /** Sets several values at once (the mode and its rate). */
  set: (values: Partial<PricingValues>) => void;
}) {
  const { isProBono } = form.values;
  const option = (free: boolean, title: string, text: string) => (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-4",
        isProBono === free ? "border-brand-500 bg-brand-50" : "border-line",
      )}
    >
      <input
        type="radio"
        name="pricing-mode"
        className="mt-1 size-4 accent-brand-700"
        checked={isProBono === free}
        // Switching to paid starts from an empty rate, which must then be filled in.
        onChange={() => set({ isProBono: free, hourlyRate: free ? "0" : "" })}
      />
      <span className="grid gap-0.5">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted">{text}</span>
      </span>
    </label>
  );
  return (
    <>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">How would you like to offer sessions?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {option(true, "Free (pro bono)", "Seekers book you without paying.")}
          {option(
            false,
            "Paid",
            `Set an hourly rate in rupees; ${GST_LABEL} is added for seekers.`,
          )}
        </div>
      </fieldset>
      {isProBono ? null : (
        <HourlyRateField form={form} hint="A 30-minute session costs half of it." />
      )}
      <TermsField form={form}>
        I accept the terms and conditions, the{" "}
        <Link
          to="/advisor-agreement"
          target="_blank"
          className="font-medium text-brand-700 underline"
        >
          Advisor Agreement
        </Link>{" "}
        and the{" "}
        <Link
          to="/code-of-conduct"
          target="_blank"
          className="font-medium text-brand-700 underline"
        >
          Code of Conduct
        </Link>
        .
      </TermsField>
    </>
  );
}
