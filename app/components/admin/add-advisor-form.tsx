import { UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { type AddAdvisorValues, checkNewAdvisor } from "../../../core/admin/add-advisor";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import type { WeeklySchedule } from "../../../core/slots";
import { cn } from "../../lib/cn";
import { ContentFields, ExpertiseFields, ProfessionalFields } from "../advisor/profile-sections";
import { AvailabilityEditor } from "../availability/availability-editor";
import { Button, buttonVariants } from "../ui/button";
import { Card } from "../ui/card";
import { Field, Input, Label } from "../ui/input";
import { toast } from "../ui/toaster";
import { PhotoPicker } from "./photo-picker";

/** What the create action answers (success redirects, so it never reaches the form). */
export type AddAdvisorAnswer = {
  ok: boolean;
  title: string;
  message?: string;
  errors?: Record<string, string>;
};

type FormValues = Omit<AddAdvisorValues, "headshot">;

function emptyValues(availability: WeeklySchedule): FormValues {
  return {
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    jobTitle: "",
    currentCompany: "",
    totalExperience: "",
    linkedinUrl: "",
    workLocations: [],
    shortIntro: "",
    about: "",
    hourlyRate: "0",
    skills: [],
    careerAdviceTopics: [],
    personalAdviceTopics: [],
    businessAdviceTopics: [],
    availability,
    termsAccepted: false,
  };
}

/**
 * The admin's "Add New Advisor" form: the shared profile sections, the person's names and
 * e-mail, a photo sent with the form, the availability editor and the terms. Every rule is
 * checked here first and again by the server, which writes nothing unless all pass.
 */
export function AddAdvisorForm({ availability }: { availability: WeeklySchedule }) {
  const [values, setValues] = useState(() => emptyValues(availability));
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const fetcher = useFetcher<AddAdvisorAnswer>();
  const busy = fetcher.state !== "idle";

  const [seenAnswer, setSeenAnswer] = useState(fetcher.data);
  if (fetcher.data !== seenAnswer) {
    setSeenAnswer(fetcher.data);
    if (fetcher.data && !fetcher.data.ok) {
      setErrors(fetcher.data.errors ?? {});
      setFormMessage(fetcher.data.message ?? M.createUnexpected);
    }
  }
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok && !fetcher.data.errors) {
      toast.error(fetcher.data.title, { description: fetcher.data.message });
    }
  }, [fetcher.data]);
  useEffect(() => {
    // Take the admin to the first field that needs fixing.
    if (Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>("form [aria-invalid='true']")?.focus();
  }, [errors]);

  const set = <F extends keyof FormValues>(field: F, value: FormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = () => {
    const check = checkNewAdvisor({
      ...values,
      headshot: photo ? { type: photo.type, size: photo.size } : null,
    });
    if (!check.ok) {
      setErrors(check.errors);
      setFormMessage(M.fixHighlighted);
      return;
    }
    setFormMessage(null);
    const body = new FormData();
    body.set("values", JSON.stringify(values));
    body.set("headshot", photo!);
    void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  };

  const section = { values, set, errors, idPrefix: "new-advisor" };
  const proBono = values.hourlyRate.trim() !== "" && Number(values.hourlyRate) === 0;
  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Basic Information</h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="new-advisor-firstName" label="First name" error={errors.firstName}>
            <Input
              id="new-advisor-firstName"
              value={values.firstName}
              onChange={(e) => set("firstName", e.target.value)}
              maxLength={100}
              autoComplete="off"
            />
          </Field>
          <Field id="new-advisor-lastName" label="Last name" error={errors.lastName}>
            <Input
              id="new-advisor-lastName"
              value={values.lastName}
              onChange={(e) => set("lastName", e.target.value)}
              maxLength={100}
              autoComplete="off"
            />
          </Field>
        </div>
        <Field
          id="new-advisor-email"
          label="Email"
          hint="The activation e-mail goes here."
          error={errors.email}
        >
          <Input
            id="new-advisor-email"
            type="email"
            value={values.email}
            onChange={(e) => set("email", e.target.value)}
            maxLength={254}
            autoComplete="off"
          />
        </Field>
        <PhotoPicker
          id="new-advisor-headshot"
          file={photo}
          onChange={(file) => {
            setPhoto(file);
            setErrors(({ headshot: _fixed, ...rest }) => rest);
          }}
          error={errors.headshot}
        />
      </Card>

      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Professional Details</h2>
        <ProfessionalFields {...section} />
        <ContentFields {...section} />
      </Card>

      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Pricing &amp; Skills</h2>
        <Field
          id="new-advisor-hourlyRate"
          label="Hourly rate (₹)"
          hint="0 means pro bono (free sessions)."
          error={errors.hourlyRate}
        >
          <Input
            id="new-advisor-hourlyRate"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.hourlyRate}
            onChange={(e) => set("hourlyRate", e.target.value)}
            className="sm:w-60"
          />
        </Field>
        {proBono ? <p className="-mt-3 text-sm font-medium text-brand-700">Pro-bono</p> : null}
        <h3 className="pt-2 font-semibold">Areas of Advice</h3>
        <ExpertiseFields {...section} />
      </Card>

      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Availability</h2>
        {values.availability ? (
          <AvailabilityEditor
            value={values.availability}
            onChange={(next) => set("availability", next)}
            error={errors.availability}
            idPrefix="new-advisor-availability"
          />
        ) : null}
      </Card>

      <Card className="grid gap-1.5 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <input
            id="new-advisor-terms"
            type="checkbox"
            className="mt-1 size-4 accent-brand-700"
            checked={values.termsAccepted}
            onChange={(e) => set("termsAccepted", e.target.checked)}
            aria-invalid={errors.termsAccepted ? true : undefined}
            aria-describedby={errors.termsAccepted ? "new-advisor-terms-error" : undefined}
          />
          <Label htmlFor="new-advisor-terms" className="leading-6 font-normal">
            I accept the terms and conditions on behalf of this advisor.
          </Label>
        </div>
        {errors.termsAccepted ? (
          <p id="new-advisor-terms-error" role="alert" className="text-xs font-medium text-danger">
            {errors.termsAccepted}
          </p>
        ) : null}
      </Card>

      {formMessage ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {formMessage}
        </p>
      ) : null}
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
