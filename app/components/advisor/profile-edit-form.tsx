import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { checkProfile, type ProfileValues } from "../../../core/advisor-profile";
import { HEADSHOT_MESSAGES, PROFILE_EDIT_MESSAGES as M } from "../../../core/messages/advisor";
import { AvailabilityEditor } from "../availability/availability-editor";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Field, Input } from "../ui/input";
import { toast } from "../ui/toaster";
import { HeadshotField } from "./headshot-field";
import { ContentFields, ExpertiseFields, ProfessionalFields } from "./profile-sections";

/** What the save action answers (the redirect on success never reaches the form). */
export type ProfileSaveAnswer =
  { ok: false; message: string; errors?: Record<string, string> } | { ok: true };

export type ProfileEditFormProps = {
  /** "advisor" edits one's own profile (saves go to review); "admin" edits anyone's. */
  mode: "advisor" | "admin";
  advisorId: string;
  initial: ProfileValues;
  headshotUrl: string | null;
  /** The route whose action saves: it gets `{ values }` as JSON and answers ProfileSaveAnswer. */
  action: string;
  cancelTo: string;
};

/**
 * The shared advisor profile form: every field of the profile, the photo (uploaded and saved
 * on its own) and the weekly availability. The server checks everything again on save.
 */
export function ProfileEditForm({
  mode,
  advisorId,
  initial,
  headshotUrl,
  action,
  cancelTo,
}: ProfileEditFormProps) {
  const [values, setValues] = useState(initial);
  const [photo, setPhoto] = useState(headshotUrl);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fetcher = useFetcher<ProfileSaveAnswer>();
  const saving = fetcher.state !== "idle";

  const [seenAnswer, setSeenAnswer] = useState(fetcher.data);
  if (fetcher.data !== seenAnswer) {
    setSeenAnswer(fetcher.data);
    if (fetcher.data && !fetcher.data.ok) setErrors(fetcher.data.errors ?? {});
  }
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) toast.error(fetcher.data.message);
  }, [fetcher.data]);

  const set = <F extends keyof ProfileValues>(field: F, value: ProfileValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const save = () => {
    const check = checkProfile(values);
    if (!check.ok) {
      setErrors(check.errors);
      toast.error(M.validationError);
      return;
    }
    void fetcher.submit({ values }, { method: "post", action, encType: "application/json" });
  };

  const section = { values, set, errors, idPrefix: "profile" };
  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Photo</h2>
        <Field id="profile-headshot" label="Professional headshot">
          <HeadshotField
            id="profile-headshot"
            url={photo}
            onUploaded={setPhoto}
            advisorId={mode === "admin" ? advisorId : undefined}
            successMessage={HEADSHOT_MESSAGES.photoSaved}
            failure={{ title: HEADSHOT_MESSAGES.photoFailed }}
          />
        </Field>
      </Card>
      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Professional details</h2>
        <ProfessionalFields {...section} />
        <ContentFields {...section} />
      </Card>
      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Pricing and expertise</h2>
        <Field
          id="profile-hourlyRate"
          label="Hourly rate (₹)"
          hint="0 means pro bono (free sessions)."
          error={errors.hourlyRate}
        >
          <Input
            id="profile-hourlyRate"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.hourlyRate}
            onChange={(e) => set("hourlyRate", e.target.value)}
            className="sm:w-60"
          />
        </Field>
        {values.hourlyRate.trim() !== "" && Number(values.hourlyRate) === 0 ? (
          <p className="-mt-3 text-sm font-medium text-brand-700">Pro-bono</p>
        ) : null}
        <ExpertiseFields {...section} />
      </Card>
      {values.availability ? (
        <Card className="grid gap-5 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">Availability</h2>
          <AvailabilityEditor
            value={values.availability}
            onChange={(next) => set("availability", next)}
            error={errors.availability}
            idPrefix="profile-availability"
          />
        </Card>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancelTo}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={saving}>
          <Save aria-hidden="true" />
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
