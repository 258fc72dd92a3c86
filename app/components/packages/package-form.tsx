import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { FieldErrors, FormValues } from "../../../core/form";
import { packageOfferSchema } from "../../../core/forms/packages";
import { PACKAGE_MESSAGES as M } from "../../../core/messages/packages";
import { comparisonText, priceBreakdown, totalText } from "../../../core/package-offers";
import { PACKAGE_LIMITS as L } from "../../../core/packages";
import { SESSION_MINUTES } from "../../../core/pricing";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { CharacterCount } from "../ui/character-count";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Input, Select, Textarea } from "../ui/input";

export type PackageFormValues = FormValues<typeof packageOfferSchema>;

/** What the page's action answers to a save it refused. */
export type PackageFormFailure = {
  ok: false;
  message: string;
  fieldErrors?: FieldErrors<typeof packageOfferSchema>;
  values?: Partial<PackageFormValues>;
};

const BLANK: PackageFormValues = {
  name: "",
  description: "",
  sessions: "3",
  duration: "30",
  validityDays: "60",
  priceInr: "",
};

const SESSION_CHOICES = Array.from(
  { length: L.maxSessions - L.minSessions + 1 },
  (_, i) => L.minSessions + i,
);

/** The price as the live total reads it, or null while it is no whole number in the limits. */
function livePrice(values: PackageFormValues) {
  const price = /^\d{1,9}$/.test(values.priceInr.trim()) ? Number(values.priceInr) : NaN;
  const sessions = Number(values.sessions);
  const duration = Number(values.duration) as (typeof SESSION_MINUTES)[number];
  if (!(price >= L.minPriceInr && price <= L.maxPriceInr)) return null;
  if (!(sessions >= L.minSessions && sessions <= L.maxSessions)) return null;
  if (!SESSION_MINUTES.includes(duration)) return null;
  return { priceInr: price, sessions, duration };
}

/**
 * Add or edit a package: a plain POST that works before hydration (the form kit checks the
 * same schema first once hydrated), with the total with GST and the comparison with the same
 * sessions one by one shown as the advisor types. The server decides (the price rule too).
 */
export function PackageForm({
  editing,
  hourlyRateInr,
  result,
}: {
  editing: ({ id: string } & PackageFormValues) | null;
  hourlyRateInr: number;
  result: PackageFormFailure | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useZodForm(packageOfferSchema, { id: "package", result });
  const initial: PackageFormValues = { ...BLANK, ...editing, ...result?.values };
  const [values, setValues] = useState(initial);
  const live = livePrice(values);
  const headingId = "package-form-heading";
  return (
    <Form
      method="post"
      id="package-form"
      {...form.props}
      onInput={(event) => {
        form.props.onInput(event);
        const data = new FormData(event.currentTarget);
        setValues((current) => {
          const next = { ...current };
          for (const name of Object.keys(BLANK) as (keyof PackageFormValues)[]) {
            const value = data.get(name);
            if (typeof value === "string") next[name] = value;
          }
          return next;
        });
      }}
      aria-labelledby={headingId}
      className="grid gap-5"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {editing ? M.editHeading(editing.name) : M.addHeading}
      </h2>
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="packageId" value={editing.id} /> : null}
      <FormField form={form} name="name" label={M.nameLabel} hint={M.nameHint}>
        <Input required maxLength={L.nameMax} defaultValue={initial.name} />
      </FormField>
      <FormField
        form={form}
        name="description"
        label={M.descriptionLabel}
        hint={M.descriptionHint}
        aside={
          <CharacterCount
            length={values.description.replace(/\r\n?/g, "\n").length}
            max={L.descriptionMax}
          />
        }
      >
        <Textarea rows={4} className="min-h-28 resize-y" defaultValue={initial.description} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="sessions" label={M.sessionsLabel}>
          <Select defaultValue={initial.sessions}>
            {SESSION_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n} sessions
              </option>
            ))}
          </Select>
        </FormField>
        <FormField form={form} name="duration" label={M.durationLabel}>
          <Select defaultValue={initial.duration}>
            {[...SESSION_MINUTES].reverse().map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {minutes} minutes
              </option>
            ))}
          </Select>
        </FormField>
        <FormField form={form} name="validityDays" label={M.validityLabel} hint={M.validityHint}>
          <Input
            type="number"
            inputMode="numeric"
            min={L.minValidityDays}
            max={L.maxValidityDays}
            step={1}
            required
            defaultValue={initial.validityDays}
          />
        </FormField>
        <FormField form={form} name="priceInr" label={M.priceLabel}>
          <Input
            type="number"
            inputMode="numeric"
            min={L.minPriceInr}
            max={L.maxPriceInr}
            step={1}
            required
            defaultValue={initial.priceInr}
          />
        </FormField>
      </div>
      <dl
        aria-live="polite"
        className="grid gap-x-6 gap-y-1 rounded-lg bg-brand-50 p-4 text-sm sm:grid-cols-[auto_1fr]"
        data-testid="package-live-total"
      >
        <dt className="text-muted">{M.totalLabel}</dt>
        <dd className="font-semibold text-ink">
          {live ? `${totalText(live.priceInr)}: ${priceBreakdown(live.priceInr)}` : "—"}
        </dd>
        <dt className="text-muted">{M.oneByOneLabel}</dt>
        <dd className="text-ink">{live ? comparisonText(live, hourlyRateInr) : "—"}</dd>
      </dl>
      {result && !result.fieldErrors ? <FormSummary message={result.message} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submitting}>
          {editing ? M.save : M.add}
        </Button>
        {editing ? (
          <Button asChild variant="outline">
            <Link to="/dashboard/packages">{M.cancelEdit}</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
