import { UserPlus } from "lucide-react";
import { Link } from "react-router";
import type { AddAdvisorValues } from "../../../core/admin/add-advisor";
import { blankProfile } from "../../../core/advisor-profile";
import { addAdvisorSchema } from "../../../core/forms/add-advisor";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import type { WeeklySchedule } from "../../../core/slots";
import { cn } from "../../lib/cn";
import { useFetcherForm } from "../../lib/fetcher-form";
import { NameFields, ProfileCards, SectionCard, TermsField } from "../advisor/profile-sections";
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
  const { form, busy, summary } = useFetcherForm(addAdvisorSchema, {
    id: "new-advisor",
    initial: (): FormValues => ({
      ...blankProfile(availability),
      firstName: "",
      lastName: "",
      email: "",
      hourlyRate: "0",
      headshot: null,
      termsAccepted: false,
    }),
    send: ({ headshot, ...fields }, submit) => {
      const body = new FormData();
      body.set("values", JSON.stringify(fields));
      body.set("headshot", headshot!);
      void submit(body, { method: "post", encType: "multipart/form-data" });
    },
    invalid: M.fixHighlighted,
    unexpected: M.createUnexpected,
  });
  return (
    <form {...form.props} className="grid gap-6">
      <SectionCard title="Basic Information">
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
      </SectionCard>

      <ProfileCards
        form={form}
        titles={{
          details: "Professional Details",
          pricing: "Pricing & Skills",
          expertise: "Areas of Advice",
        }}
        idPrefix="new-advisor"
      />

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
