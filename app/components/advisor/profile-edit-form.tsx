import { Save } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { profileEditSchema, type ProfileValues } from "../../../core/advisor-profile";
import { HEADSHOT_MESSAGES, PROFILE_EDIT_MESSAGES as M } from "../../../core/messages/advisor";
import { useZodForm } from "../../lib/forms";
import { AvailabilityEditor } from "../availability/availability-editor";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormSummary } from "../ui/form-summary";
import { HeadshotField } from "./headshot-field";
import {
  ContentFields,
  ExpertiseFields,
  HourlyRateField,
  ProfessionalFields,
} from "./profile-sections";

/** What the save action answers (the redirect on success never reaches the form). */
export type ProfileSaveAnswer =
  { ok: false; message: string; fieldErrors?: Record<string, string> } | { ok: true };

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
  const fetcher = useFetcher<ProfileSaveAnswer>();
  const saving = fetcher.state !== "idle";
  const answer = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const form = useZodForm(profileEditSchema, {
    id: "profile",
    values,
    setValues,
    result: answer,
    onValid: () =>
      void fetcher.submit({ values }, { method: "post", action, encType: "application/json" }),
  });
  // The server's refusal while its problems are there (or it named none: the save failed).
  const summary =
    answer && (!answer.fieldErrors || form.invalid)
      ? answer.message
      : form.invalid
        ? M.validationError
        : null;

  return (
    <form {...form.props} className="grid gap-6">
      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Photo</h2>
        <HeadshotField
          id="profile-headshot"
          url={photo}
          onUploaded={setPhoto}
          advisorId={mode === "admin" ? advisorId : undefined}
          successMessage={HEADSHOT_MESSAGES.photoSaved}
          failure={{ title: HEADSHOT_MESSAGES.photoFailed }}
        />
      </Card>
      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Professional details</h2>
        <ProfessionalFields form={form} />
        <ContentFields form={form} />
      </Card>
      <Card className="grid gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Pricing and expertise</h2>
        <HourlyRateField form={form} hint="0 means pro bono (free sessions)." proBono />
        <ExpertiseFields form={form} />
      </Card>
      {values.availability ? (
        <Card className="grid gap-5 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">Availability</h2>
          <AvailabilityEditor
            value={values.availability}
            onChange={(next) => form.set("availability", next)}
            error={form.error("availability")}
            idPrefix="profile-availability"
          />
        </Card>
      ) : null}
      <FormSummary message={summary} />
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
