import { Check } from "lucide-react";
import { Link } from "react-router";
import {
  APPLICATION_STEPS,
  type ApplicationValues,
  type StepNumber,
} from "../../../core/advisor-application";
import { cn } from "../../lib/cn";
import { Field, Input, Label } from "../ui/input";

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

type Set = <F extends keyof ApplicationValues>(field: F, value: ApplicationValues[F]) => void;

export function NameFields({
  values,
  set,
  errors,
  email,
}: {
  values: ApplicationValues;
  set: Set;
  errors: Record<string, string>;
  email: string;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="apply-firstName" label="First name" error={errors.firstName}>
          <Input
            id="apply-firstName"
            value={values.firstName}
            onChange={(e) => set("firstName", e.target.value)}
            autoComplete="given-name"
            maxLength={100}
          />
        </Field>
        <Field id="apply-lastName" label="Last name" error={errors.lastName}>
          <Input
            id="apply-lastName"
            value={values.lastName}
            onChange={(e) => set("lastName", e.target.value)}
            autoComplete="family-name"
            maxLength={100}
          />
        </Field>
      </div>
      <Field
        id="apply-email"
        label="Email"
        hint="The address you signed in with; it cannot be changed here."
      >
        <Input id="apply-email" value={email} readOnly className="bg-slate-50 text-muted" />
      </Field>
    </>
  );
}

export function PricingFields({
  values,
  set,
  errors,
}: {
  values: ApplicationValues;
  set: Set;
  errors: Record<string, string>;
}) {
  const option = (free: boolean, title: string, text: string) => (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-4",
        values.isProBono === free ? "border-brand-500 bg-brand-50" : "border-line",
      )}
    >
      <input
        type="radio"
        name="pricing-mode"
        className="mt-1 size-4 accent-brand-700"
        checked={values.isProBono === free}
        onChange={() => {
          set("isProBono", free);
          // Switching to paid starts from an empty rate, which must then be filled in.
          set("hourlyRate", free ? "0" : "");
        }}
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
          {option(false, "Paid", "Set an hourly rate in rupees; 18% GST is added for seekers.")}
        </div>
      </fieldset>
      {values.isProBono ? null : (
        <Field
          id="apply-hourlyRate"
          label="Hourly rate (₹)"
          hint="A 30-minute session costs half of it."
          error={errors.hourlyRate}
        >
          <Input
            id="apply-hourlyRate"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.hourlyRate}
            onChange={(e) => set("hourlyRate", e.target.value)}
            className="sm:w-60"
          />
        </Field>
      )}
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id="apply-terms"
            type="checkbox"
            className="mt-1 size-4 accent-brand-700"
            checked={values.termsAccepted}
            onChange={(e) => set("termsAccepted", e.target.checked)}
            aria-invalid={errors.termsAccepted ? true : undefined}
            aria-describedby={errors.termsAccepted ? "apply-terms-error" : undefined}
          />
          <Label htmlFor="apply-terms" className="leading-6 font-normal">
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
          </Label>
        </div>
        {errors.termsAccepted ? (
          <p id="apply-terms-error" role="alert" className="text-xs font-medium text-danger">
            {errors.termsAccepted}
          </p>
        ) : null}
      </div>
    </>
  );
}
