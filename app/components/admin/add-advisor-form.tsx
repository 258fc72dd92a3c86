import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { addAdvisorSchema, type AddAdvisorValues } from "../../../core/admin/add-advisor";
import { blankProfile } from "../../../core/advisor-fields";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import type { WeeklySchedule } from "../../../core/slots";
import { cn } from "../../lib/cn";
import { useZodForm } from "../../lib/forms";
import {
  ContentFields,
  ExpertiseFields,
  HourlyRateField,
  NameFields,
  ProfessionalFields,
  TermsField,
} from "../advisor/profile-sections";
import { AvailabilityEditor } from "../availability/availability-editor";
import { Button, buttonVariants } from "../ui/button";
import { Card } from "../ui/card";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Input } from "../ui/input";
import { PhotoPicker } from "./photo-picker";

/** What the create action answers (success redirects, so it never reaches the form). */
export type AddAdvisorAnswer = {
  ok: boolean;
  title: string;
  message?: string;
  fieldErrors?: Record<string, string>;
};

/** The form's values: the schema's, with the chosen photo itself (checked by type and size). */
type FormValues = Omit<AddAdvisorValues, "headshot"> & { headshot: File | null };

/**
 * The admin's "Add New Advisor" form: the shared profile fields, the person's names and
 * e-mail, a photo sent with the form, the availability editor and the terms. Every rule is
 * checked here first and again by the server, which writes nothing unless all pass.
 */
export function AddAdvisorForm({ availability }: { availability: WeeklySchedule }) {
  const [values, setValues] = useState<FormValues>(() => ({
    ...blankProfile(availability),
    firstName: "",
    lastName: "",
    email: "",
    hourlyRate: "0",
    headshot: null,
    termsAccepted: false,
  }));
  const fetcher = useFetcher<AddAdvisorAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const form = useZodForm(addAdvisorSchema, {
    id: "new-advisor",
    values,
    setValues,
    result: answer,
    onValid: () => {
      const { headshot, ...fields } = values;
      const body = new FormData();
      body.set("values", JSON.stringify(fields));
      body.set("headshot", headshot!);
      void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
    },
  });
  // The server's refusal (with its title when it is not about the fields), else the form's.
  const summary =
    answer && (!answer.fieldErrors || form.invalid)
      ? {
          title: answer.fieldErrors ? undefined : answer.title,
          message: answer.message ?? M.createUnexpected,
        }
      : { message: form.invalid ? M.fixHighlighted : null };

  return (
    <form {...form.props} className="grid gap-6">
      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Basic Information</h2>
        <NameFields form={form} autoComplete={false} />
        <FormField form={form} name="email" label="Email" hint="The activation e-mail goes here.">
          <Input type="email" maxLength={254} autoComplete="off" />
        </FormField>
        <FormField
          form={form}
          name="headshot"
          label="Professional headshot"
          hint="An image under 5MB; it is cropped to a square."
        >
          <PhotoPicker />
        </FormField>
      </Card>

      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Professional Details</h2>
        <ProfessionalFields form={form} />
        <ContentFields form={form} />
      </Card>

      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Pricing &amp; Skills</h2>
        <HourlyRateField form={form} hint="0 means pro bono (free sessions)." proBono />
        <h3 className="pt-2 font-semibold">Areas of Advice</h3>
        <ExpertiseFields form={form} />
      </Card>

      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Availability</h2>
        {values.availability ? (
          <AvailabilityEditor
            value={values.availability}
            onChange={(next) => form.set("availability", next)}
            error={form.error("availability")}
            idPrefix="new-advisor-availability"
          />
        ) : null}
      </Card>

      <Card className="p-5 sm:p-6">
        <TermsField form={form}>
          I accept the terms and conditions on behalf of this advisor.
        </TermsField>
      </Card>

      <FormSummary {...summary} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link
          to="/admin/advisors"
          aria-disabled={busy || undefined}
          tabIndex={busy ? -1 : undefined}
          className={cn(
            buttonVariants({ variant: "outline" }),
            busy && "pointer-events-none opacity-50",
          )}
        >
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          <UserPlus aria-hidden="true" />
          {busy ? M.creating : M.createSubmit}
        </Button>
      </div>
    </form>
  );
}
